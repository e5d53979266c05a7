#include "engine/constraints/loop_residual.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab::constraints {

namespace {

// Rows 3-5 of a weld: g = weldMisalignment(a, b), dg_r = c_r . (omega_A - omega_B) in world,
// c_r = 1/2 (a_s x b_t - a_t x b_s).
void weldRows(const Matrix3& RA, const Matrix3& RB, const Matrix3& a, const Matrix3& b, PoseResidual& out) {
  out.g.tail<3>() = weldMisalignment(a, b);
  for (int r = 0; r < 3; ++r) {
    const int s = (r + 1) % 3, t = (r + 2) % 3;
    const Vector3 c = 0.5 * (a.col(s).cross(b.col(t)) - a.col(t).cross(b.col(s)));
    out.JA.block<1, 3>(3 + r, 0) = c.transpose() * RA;
    out.JB.block<1, 3>(3 + r, 0) = -c.transpose() * RB;
  }
  out.rows = 6;
}

}  // namespace

Vector3 weldMisalignment(const Matrix3& a, const Matrix3& b) {
  Vector3 g;
  for (int r = 0; r < 3; ++r) {
    const int s = (r + 1) % 3, t = (r + 2) % 3;
    g[r] = 0.5 * (a.col(s).dot(b.col(t)) - a.col(t).dot(b.col(s)));
  }
  return g;
}

void loopResidual(const LoopConstraint& loop, const Matrix4& E_0A, const Matrix4& E_0B, PoseResidual& out) {
  out = PoseResidual{};
  out.bodyA = loop.bodyA;
  out.bodyB = loop.bodyB;
  const Matrix3 RA = E_0A.topLeftCorner<3, 3>(), RB = E_0B.topLeftCorner<3, 3>();
  const Vector3 xA = loop.E_aA.topRightCorner<3, 1>(), xB = loop.E_bB.topRightCorner<3, 1>();
  out.g.head<3>() = (RA * xA + E_0A.topRightCorner<3, 1>()) - (RB * xB + E_0B.topRightCorner<3, 1>());
  out.JA.topRows<3>() = RA * se3::Gamma(xA);
  out.JB.topRows<3>() = -RB * se3::Gamma(xB);
  out.rows = 3;
  if (loop.type == LoopType::Point) return;
  const Matrix3 RaA = RA * loop.E_aA.topLeftCorner<3, 3>();
  if (loop.type == LoopType::Weld) return weldRows(RA, RB, RaA, RB * loop.E_bB.topLeftCorner<3, 3>(), out);
  const Vector3 a = loop.axis, u = a.unitOrthogonal(), w = a.cross(u);  // A's constraint frame
  const Vector3 nu = RaA * u, nw = RaA * w;
  const Vector3 b = RB * loop.E_bB.topLeftCorner<3, 3>() * loop.axis;
  const Vector3 c[2] = {nw.cross(b), -nu.cross(b)};  // d g / d omega_world
  out.g[3] = nw.dot(b);
  out.g[4] = -nu.dot(b);
  for (int r = 0; r < 2; ++r) {
    out.JA.block<1, 3>(3 + r, 0) = c[r].transpose() * RA;
    out.JB.block<1, 3>(3 + r, 0) = -c[r].transpose() * RB;
  }
  out.rows = 5;
}

}  // namespace articulab::constraints
