// Curve-point joint (si-guenter section 5, Fig. 3): the child frame slides along a Bezier
// curve fixed in the joint's parent frame. Coordinates (s, spin):
//   origin  x(s), de Casteljau on the control points, s in [0, 1]
//   z axis  the unit tangent x'(s)/|x'(s)|
//   x axis  `up` projected off the tangent, then turned by spin about the tangent
// G is written once, generic in the scalar; S and Sdot by AD.
#pragma once

#include <vector>

#include "engine/multibody/bezier.hpp"
#include "engine/multibody/bezier_tangent_frame.hpp"
#include "engine/multibody/scleronomic_joint.hpp"

namespace articulab {

class CurvePointJoint : public ScleronomicJointOf<CurvePointJoint, 2> {
 public:
  // 2 to bezier::kMaxControlPoints control points; up is non-zero (normalised here).
  CurvePointJoint(std::vector<Vector3> controlPoints, const Vector3& up);

  const char* typeName() const override { return "curve_point"; }
  std::string coordinateHelp() const override;
  std::string checkCoordinates(const double* q) const override;
  std::vector<std::vector<Vector3>> guideLines() const override;

  const std::vector<Vector3>& controlPoints() const { return points_; }
  const Vector3& up() const { return up_; }

  template <class T>
  generic::Matrix4T<T> G(const T* q) const {
    const bezier::CurvePoint<T> c = bezier::curvePoint<T>(points_.data(), count(), q[0]);
    const generic::Vector3T<T> up = up_.template cast<T>();
    return generic::rigid<T>(bezier::tangentFrame<T>(bezier::unit<T>(c.dx), up, q[1]), c.x);
  }

 private:
  int count() const { return static_cast<int>(points_.size()); }
  std::vector<Vector3> points_;
  Vector3 up_;
};

}  // namespace articulab
