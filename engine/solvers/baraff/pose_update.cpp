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

std::vector<char> unconstrainedBodies(const Model& model) {
  std::vector<char> free(model.bodyCount(), 0);
  for (int i = 0; i < model.bodyCount(); ++i) free[i] = model.joints[i].type == JointType::Free3D;
  for (int i = 0; i < model.bodyCount(); ++i)
    if (model.joints[i].parent >= 0 && model.joints[i].type != JointType::Free3D) free[model.joints[i].parent] = 0;
  for (const LoopConstraint& loop : model.loops)
    for (int body : {loop.bodyA, loop.bodyB})
      if (body >= 0) free[body] = 0;
  return free;
}

void advanceFreeBody(Matrix4& E, Vector6& phi, const Vector6& a, double h, const Vector3& com) {
  const Matrix3 R = E.topLeftCorner<3, 3>();
  const Vector3 w = phi.head<3>(), u = phi.tail<3>() + w.cross(com);  // centre velocity, body axes
  const Vector3 centreAcceleration = a.tail<3>() + a.head<3>().cross(com);
  const Vector3 wNext = w + h * a.head<3>();
  const Vector3 uWorld = R * (u + h * centreAcceleration);
  const Vector3 centre = E.topRightCorner<3, 1>() + R * com + h * uWorld;
  advancePose(E, (Vector6() << h * wNext, Vector3::Zero()).finished());  // R exp(h [w']), origin kept
  const Matrix3 RNext = E.topLeftCorner<3, 3>();
  E.topRightCorner<3, 1>() = centre - RNext * com;
  phi << wNext, RNext.transpose() * uWorld - wNext.cross(com);
}

Vector6 frameRotationWrench(double mass, const Vector3& com, const Vector6& phi) {
  const Vector3 w = phi.head<3>();
  const Vector3 f = mass * w.cross(phi.tail<3>() + w.cross(com));
  return (Vector6() << com.cross(f), f).finished();
}

Vector6 poseRate(const Vector6& theta, const Vector6& phi) {
  const Matrix6 ad = se3::ad(theta);
  const Vector6 once = ad * phi;
  return phi + 0.5 * once + (ad * once) / 12.0;
}

}  // namespace articulab::baraff
