// Spline curve joint (Lee and Terzopoulos 2008; sueda 2.4.12): a uniform cubic B-spline through
// SE(3) control frames C_1..C_n in cumulative form with logarithmic frame differences,
//   Q(q) = C_k exp([dC_{k+1}] B~_2(s)) exp([dC_{k+2}] B~_3(s)) exp([dC_{k+3}] B~_4(s)),
//   dC_i = log(C_{i-1}^-1 C_i)                                         (eq 2.64-2.67)
// on segment k = floor(q) with s = q - k, q in [0, n - 3]. S and Sdot by AD; the hand
// recursion of Alg 3 is the oracle of the tests.
#pragma once

#include <vector>

#include "engine/multibody/scleronomic_joint.hpp"
#include "engine/multibody/spline_basis.hpp"

namespace articulab {

class SplineCurveJoint : public ScleronomicJointOf<SplineCurveJoint, 1> {
 public:
  // At least 4 control frames (rigid transforms in the joint's parent frame).
  explicit SplineCurveJoint(std::vector<Matrix4> controlFrames);

  const char* typeName() const override { return "spline_curve"; }
  std::string coordinateHelp() const override;
  std::string checkCoordinates(const double* q) const override;
  std::vector<std::vector<Vector3>> guideLines() const override;

  int segmentCount() const { return static_cast<int>(frames_.size()) - 3; }
  const std::vector<Matrix4>& controlFrames() const { return frames_; }
  // The segment that holds q: floor(q), kept inside [0, segmentCount() - 1] so that G stays
  // defined (extrapolated) when an integrator stage steps past the end.
  int segmentOf(double q) const;

  template <class T>
  generic::Matrix4T<T> G(const T* q) const {
    const int k = segmentOf(valueOf(q[0]));
    const std::array<T, 3> b = spline::cumulativeBasis<T>(q[0] - static_cast<double>(k));
    generic::Matrix4T<T> Q = frames_[k].template cast<T>();
    for (int i = 0; i < 3; ++i) {
      const Vector6& dC = differences_[k + i];
      const generic::Vector3T<T> w = dC.head<3>().template cast<T>() * b[i];
      const generic::Vector3T<T> v = dC.tail<3>().template cast<T>() * b[i];
      Q = (Q * generic::rigidExp<T>(w, v)).eval();
    }
    return Q;
  }

 private:
  std::vector<Matrix4> frames_;
  std::vector<Vector6> differences_;  // differences_[i] = log(C_i^-1 C_{i+1}), 0-based frames
};

}  // namespace articulab
