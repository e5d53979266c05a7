#include "engine/solvers/baraff/pose_update.hpp"

#include <cmath>

#include "engine/spatial/se3.hpp"

namespace articulab::baraff {

// exp([xi]) = (R, V v) with R = I + a [w] + b [w]^2 and V = I + b [w] + c [w]^2 (eq 1.10),
// a = sin(t)/t, b = (1 - cos(t))/t^2, c = (t - sin(t))/t^3, t = |w|; series near t = 0.
void advancePose(Matrix4& E, const Vector6& xi) {
  const Vector3 w = xi.head<3>(), v = xi.tail<3>();
  const double t2 = w.squaredNorm();
  double a, b, c;
  if (t2 < 1e-8) {
    a = 1.0 - t2 / 6.0 + t2 * t2 / 120.0;
    b = 0.5 - t2 / 24.0 + t2 * t2 / 720.0;
    c = 1.0 / 6.0 - t2 / 120.0;
  } else {
    const double t = std::sqrt(t2), s = std::sin(t), co = std::cos(t);
    a = s / t;
    b = (1.0 - co) / t2;
    c = (t - s) / (t2 * t);
  }
  Matrix3 R = (b * w) * w.transpose();  // [w]^2 = w w^T - t^2 I
  R.diagonal().array() += 1.0 - b * t2;
  R(0, 1) -= a * w.z(), R(1, 0) += a * w.z();
  R(0, 2) += a * w.y(), R(2, 0) -= a * w.y();
  R(1, 2) -= a * w.x(), R(2, 1) += a * w.x();
  const Vector3 wv = w.cross(v);
  const Vector3 Vv = v + b * wv + c * w.cross(wv);
  const Matrix3 R0 = E.topLeftCorner<3, 3>();
  E.topRightCorner<3, 1>() += R0 * Vv;
  E.topLeftCorner<3, 3>().noalias() = R0 * R;
}

Vector6 poseRate(const Vector6& theta, const Vector6& phi) {
  const Matrix6 ad = se3::ad(theta);
  const Vector6 once = ad * phi;
  return phi + 0.5 * once + (ad * once) / 12.0;
}

}  // namespace articulab::baraff
