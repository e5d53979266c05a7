#include "engine/solvers/variational_maximal/midpoint_lagrangian.hpp"

#include <cmath>

namespace articulab::variational {

namespace {

// The pieces of the header's momenta at one u and world axis w.
struct MidpointTerms {
  Vector3 omega, v, w, W, Jw;  // W = m g, Jw = J omega
  double c = 1.0;          // sqrt(1 - h^2 |omega|^2 / 4)
  Vector3 rhoGrad, sigmaW, sigmaV;
};

MidpointTerms midpointTerms(const BodyInertia& I, const Vector3& gravity, const Matrix3& R, const Vector6& u, double h) {
  MidpointTerms t;
  t.omega = u.head<3>();
  t.v = u.tail<3>();
  t.w = R * t.omega;
  t.W = I.m * gravity;
  t.c = std::sqrt(std::max(0.0, 1.0 - 0.25 * h * h * t.omega.squaredNorm()));
  const double h2 = h * h;
  t.Jw = I.J * t.omega;
  t.rhoGrad = t.Jw + (h2 / 12.0) * (t.omega.dot(t.Jw) * t.omega + t.omega.squaredNorm() * t.Jw);
  t.sigmaW = (I.m * h2 / 12.0) * t.v.cross(t.w.cross(t.v)) - (h2 / 8.0) * t.v.cross(t.W);
  t.sigmaV = -(I.m * h2 / 12.0) * t.w.cross(t.w.cross(t.v)) - (h2 / 8.0) * t.W.cross(t.w);
  return t;
}

// B_e a = (c I + (h/2)[omega]) a, B_s a = (c I - (h/2)[omega]) a.
Vector3 endRate(const MidpointTerms& t, const Vector3& a, double h) { return t.c * a + 0.5 * h * t.omega.cross(a); }
Vector3 startRate(const MidpointTerms& t, const Vector3& a, double h) { return t.c * a - 0.5 * h * t.omega.cross(a); }

// p^+ (atStart, R = R_k) or p^- (R = R_{k+1}): B_e and B_s swap between the two.
Vector6 midpointMomentum(const BodyInertia& I, const Vector3& gravity, const Matrix3& R, const Vector6& u, double h,
                         bool atStart) {
  const MidpointTerms t = midpointTerms(I, gravity, R, u, h);
  const Vector3 sigmaBody = R.transpose() * t.sigmaW;
  Vector6 p;
  p.head<3>() = atStart ? Vector3(endRate(t, t.rhoGrad, h) + startRate(t, sigmaBody, h))
                        : Vector3(startRate(t, t.rhoGrad, h) + endRate(t, sigmaBody, h));
  p.tail<3>() = I.m * t.v + t.sigmaV;
  return p;
}

}  // namespace

double midpointLagrangian(const BodyInertia& I, const Vector3& gravity, const BodyConfiguration& a,
                          const BodyConfiguration& b, double h) {
  Quaternion f = a.q.conjugate() * b.q;
  if (f.w() < 0.0) f.coeffs() = -f.coeffs();  // the shorter rotation, as eq 32 writes it
  const Vector3 omega = (2.0 / h) * f.vec();
  const Vector3 v = (b.x - a.x) / h;
  const Vector3 w = a.q.toRotationMatrix() * omega;
  const Vector3 W = I.m * gravity;
  const double h2 = h * h, wJw = omega.dot(I.J * omega);
  const double rho = 0.5 * wJw + (h2 / 24.0) * omega.squaredNorm() * wJw;
  const double sigma = (I.m * h2 / 24.0) * w.cross(v).squaredNorm() - (h2 / 8.0) * W.dot(w.cross(v));
  return h * (rho + 0.5 * I.m * v.squaredNorm() + sigma) + 0.5 * h * W.dot(a.x + b.x);
}

Vector6 midpointMomentumAtStepStart(const BodyInertia& I, const Vector3& gravity, const Matrix3& R, const Vector6& u,
                                    double h) {
  return midpointMomentum(I, gravity, R, u, h, true);
}

Vector6 midpointMomentumAtStepEnd(const BodyInertia& I, const Vector3& gravity, const Matrix3& R, const Vector6& u,
                                  double h) {
  return midpointMomentum(I, gravity, R, u, h, false);
}

// d(B_e a)/d omega = B_e da/d omega - (h^2/(4c)) a omega^T - (h/2)[a], and B_s the same with
// the last sign turned (dc/d omega = -(h^2/(4c)) omega^T, [omega] a = -[a] omega).
Matrix6 midpointStartJacobian(const BodyInertia& I, const Vector3& gravity, const Matrix3& R, const Vector6& u,
                              double h) {
  const MidpointTerms t = midpointTerms(I, gravity, R, u, h);
  const double h2 = h * h, mh = I.m * h2 / 12.0;
  const double cSafe = std::max(t.c, 1e-150);
  const Matrix3 Id = Matrix3::Identity();
  const Matrix3 rhoHessian = I.J + (h2 / 12.0) * (2.0 * t.omega * t.Jw.transpose() + t.omega.dot(t.Jw) * Id +
                                                  2.0 * t.Jw * t.omega.transpose() + t.omega.squaredNorm() * I.J);
  const Matrix3 Be = t.c * Id + 0.5 * h * skew(t.omega), Bs = Be.transpose();
  const Vector3 b = R.transpose() * t.sigmaW;
  const Matrix3 sigmaWW = mh * (t.v.squaredNorm() * Id - t.v * t.v.transpose());
  const Matrix3 sigmaWV =
      mh * (2.0 * t.w * t.v.transpose() - t.v.dot(t.w) * Id - t.v * t.w.transpose()) + (h2 / 8.0) * skew(t.W);
  const Matrix3 sigmaVV = -mh * (t.w * t.w.transpose() - t.w.squaredNorm() * Id);
  const double dc = h2 / (4.0 * cSafe);
  Matrix6 D;
  D.topLeftCorner<3, 3>() = Be * rhoHessian - dc * t.rhoGrad * t.omega.transpose() - 0.5 * h * skew(t.rhoGrad) +
                            Bs * R.transpose() * sigmaWW * R - dc * b * t.omega.transpose() + 0.5 * h * skew(b);
  D.topRightCorner<3, 3>() = Bs * R.transpose() * sigmaWV;
  D.bottomLeftCorner<3, 3>() = sigmaWV.transpose() * R;
  D.bottomRightCorner<3, 3>() = I.m * Id + sigmaVV;
  return D;
}

}  // namespace articulab::variational
