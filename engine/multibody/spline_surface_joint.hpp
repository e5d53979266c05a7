// Spline surface joint, the multi-DOF spline joint of Lee and Terzopoulos 2008 (sueda 2.4.13):
//   Q(q) = prod_k exp(e_k f(C_k, q1, q2)),  k = x, y, z, rx, ry, rz   (eq 2.70-2.71)
// translation bases first, then rotations (XYZ Euler angles), each a uniform cubic B-spline
// tensor-product patch of 4 x 4 control values (eq 2.68) on q in [0, 1]^2. S and Sdot by AD;
// the hand recursion of Alg 4 is the oracle of the tests.
#pragma once

#include <array>

#include "engine/multibody/scleronomic_joint.hpp"
#include "engine/multibody/spline_basis.hpp"

namespace articulab {

class SplineSurfaceJoint : public ScleronomicJointOf<SplineSurfaceJoint, 2> {
 public:
  // Control values of the bases x, y, z (m) and rx, ry, rz (rad).
  using ControlValues = std::array<Matrix4, 6>;
  explicit SplineSurfaceJoint(const ControlValues& controlValues) : C_(controlValues) {}

  const char* typeName() const override { return "spline_surface"; }
  std::string coordinateHelp() const override;
  std::string checkCoordinates(const double* q) const override;
  std::vector<std::vector<Vector3>> guideLines() const override;
  const ControlValues& controlValues() const { return C_; }

  template <class T>
  generic::Matrix4T<T> G(const T* q) const {
    std::array<T, 6> f;
    for (int k = 0; k < 6; ++k) f[k] = spline::tensorProduct<T>(C_[k], q[0], q[1]);
    const T zero(0.0);
    const generic::Matrix3T<T> R = generic::rotationExp<T>(generic::Vector3T<T>(f[3], zero, zero)) *
                                   generic::rotationExp<T>(generic::Vector3T<T>(zero, f[4], zero)) *
                                   generic::rotationExp<T>(generic::Vector3T<T>(zero, zero, f[5]));
    return generic::rigid<T>(R, generic::Vector3T<T>(f[0], f[1], f[2]));
  }

 private:
  ControlValues C_;
};

}  // namespace articulab
