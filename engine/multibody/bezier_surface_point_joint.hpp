// Surface-point joint (si-guenter section 5, Fig. 4): the child frame slides on a tensor-
// product Bezier surface fixed in the joint's parent frame. Coordinates (u, v, spin):
//   origin  x(u, v), de Casteljau on rows x cols control points, (u, v) in [0, 1]^2
//   z axis  the unit normal x_u x x_v / |x_u x x_v|
//   x axis  the unit u-tangent x_u / |x_u|, then turned by spin about the normal
// G is written once, generic in the scalar; S and Sdot by AD.
#pragma once

#include <vector>

#include "engine/multibody/bezier.hpp"
#include "engine/multibody/bezier_tangent_frame.hpp"
#include "engine/multibody/scleronomic_joint.hpp"

namespace articulab {

class SurfacePointJoint : public ScleronomicJointOf<SurfacePointJoint, 3> {
 public:
  // rows x cols control points stored row by row (row i goes with u), each count in
  // [2, bezier::kMaxControlPoints].
  SurfacePointJoint(std::vector<Vector3> controlPoints, int rows, int cols);

  const char* typeName() const override { return "surface_point"; }
  std::string coordinateHelp() const override;
  std::string checkCoordinates(const double* q) const override;
  std::vector<std::vector<Vector3>> guideLines() const override;

  const std::vector<Vector3>& controlPoints() const { return points_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }

  template <class T>
  generic::Matrix4T<T> G(const T* q) const {
    const bezier::SurfacePoint<T> p = bezier::surfacePoint<T>(points_.data(), rows_, cols_, q[0], q[1]);
    const generic::Vector3T<T> normal = bezier::unit<T>(generic::Vector3T<T>(p.du.cross(p.dv)));
    return generic::rigid<T>(bezier::tangentFrame<T>(normal, p.du, q[2]), p.x);
  }

 private:
  std::vector<Vector3> points_;
  int rows_, cols_;
};

}  // namespace articulab
