#include "engine/spatial/so3.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::so3 {

Matrix3 skew(const Vector3& a) {
  Matrix3 A;
  A << 0.0, -a.z(), a.y(),  //
      a.z(), 0.0, -a.x(),   //
      -a.y(), a.x(), 0.0;
  return A;
}

Vector3 unskew(const Matrix3& W) {
  return 0.5 * Vector3(W(2, 1) - W(1, 2), W(0, 2) - W(2, 0), W(1, 0) - W(0, 1));
}

Matrix3 exp(const Vector3& w) {
  const double theta2 = w.squaredNorm();
  double a;  // sin(theta) / theta
  double b;  // (1 - cos(theta)) / theta^2
  if (theta2 < 1e-8) {
    a = 1.0 - theta2 / 6.0 + theta2 * theta2 / 120.0;
    b = 0.5 - theta2 / 24.0 + theta2 * theta2 / 720.0;
  } else {
    const double theta = std::sqrt(theta2);
    a = std::sin(theta) / theta;
    b = (1.0 - std::cos(theta)) / theta2;
  }
  const Matrix3 W = skew(w);
  return Matrix3::Identity() + a * W + b * W * W;
}

Vector3 log(const Matrix3& R) {
  const double cosTheta = std::clamp(0.5 * (R.trace() - 1.0), -1.0, 1.0);
  const Vector3 s = unskew(R);  // sin(theta) * axis
  const double sinTheta = s.norm();
  const double theta = std::atan2(sinTheta, cosTheta);
  if (theta < 1e-6) return (1.0 + theta * theta / 6.0) * s;
  if (cosTheta > -0.99) return (theta / sinTheta) * s;
  // Near pi: axis from the symmetric part, R + R^T = 2 cos I + 2 (1 - cos) n n^T.
  const Matrix3 B = 0.5 * (R + R.transpose()) - cosTheta * Matrix3::Identity();
  int k = 0;
  B.diagonal().maxCoeff(&k);
  Vector3 n = B.col(k) / std::sqrt(std::max(B(k, k), 1e-300));
  n.normalize();
  if (n.dot(s) < 0.0) n = -n;  // sign from the skew part (sin(theta) n)
  return theta * n;
}

}  // namespace articulab::so3
