#include "engine/solvers/variational_maximal/discrete_euler_lagrange.hpp"

#include <cmath>

namespace articulab::variational {

double rotationScalar(const Vector3& omega, double h) {
  const double s = 0.5 * h * omega.norm();
  if (!(s < kMaxHalfStepRate)) return -1.0;
  return std::sqrt(1.0 - s * s);
}

BodyConfiguration advance(const BodyConfiguration& s, const Vector6& u, double h) {
  const Vector3 omega = u.head<3>();
  const double c = std::sqrt(std::max(0.0, 1.0 - 0.25 * h * h * omega.squaredNorm()));
  const Vector3 half = 0.5 * h * omega;
  BodyConfiguration next;
  next.x = s.x + h * u.tail<3>();  // eq 27
  next.q = s.q * Quaternion(c, half.x(), half.y(), half.z());  // eq 32
  next.q.normalize();
  return next;
}

Matrix3 rotationRateJacobian(const Vector3& omega, double h) {
  const double c = std::sqrt(std::max(1e-300, 1.0 - 0.25 * h * h * omega.squaredNorm()));
  return c * Matrix3::Identity() - 0.5 * h * skew(omega) + (0.25 * h * h / c) * omega * omega.transpose();
}

namespace {

Vector6 stepMomentum(const BodyInertia& I, const Vector6& u, double h, double side) {
  const Vector3 w = u.head<3>(), Jw = I.J * w;
  const double c = std::sqrt(std::max(0.0, 1.0 - 0.25 * h * h * w.squaredNorm()));
  Vector6 p;
  p << c * Jw + side * 0.5 * h * w.cross(Jw), I.m * u.tail<3>();
  return p;
}

}  // namespace

Vector6 momentumAtStepStart(const BodyInertia& I, const Vector6& u, double h) { return stepMomentum(I, u, h, 1.0); }

Vector6 momentumAtStepEnd(const BodyInertia& I, const Vector6& u, double h) { return stepMomentum(I, u, h, -1.0); }

Vector6 delResidual(const BodyInertia& I, const Vector6& u1, const Vector6& u2, const BodyForcing& f, double h) {
  const Vector3 w1 = u1.head<3>(), w2 = u2.head<3>();
  const Vector3 Jw1 = I.J * w1, Jw2 = I.J * w2;
  const double c1 = std::sqrt(std::max(0.0, 1.0 - 0.25 * h * h * w1.squaredNorm()));
  const double c2 = std::sqrt(std::max(0.0, 1.0 - 0.25 * h * h * w2.squaredNorm()));
  Vector6 d;
  d.head<3>() = c2 * Jw2 + 0.5 * h * w2.cross(Jw2) - c1 * Jw1 + 0.5 * h * w1.cross(Jw1) - h * f.tau;  // eq 33
  d.tail<3>() = I.m * (u2.tail<3>() - u1.tail<3>()) - h * f.F;                                       // eq 26
  return d;
}

Matrix6 delJacobian(const BodyInertia& I, const Vector6& u2, double h) {
  const Vector3 w2 = u2.head<3>();
  const Vector3 Jw2 = I.J * w2;
  const double c2 = std::sqrt(std::max(1e-300, 1.0 - 0.25 * h * h * w2.squaredNorm()));
  Matrix6 D = Matrix6::Zero();
  D.topLeftCorner<3, 3>() = c2 * I.J - (0.25 * h * h / c2) * Jw2 * w2.transpose() +
                            0.5 * h * (skew(w2) * I.J - skew(Jw2));
  D.bottomRightCorner<3, 3>() = I.m * Matrix3::Identity();
  return D;
}

}  // namespace articulab::variational
