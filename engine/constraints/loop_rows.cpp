#include "engine/constraints/loop_rows.hpp"

#include "engine/constraints/loop_residual.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab::constraints {

namespace {

// World pose, world rotation rate and rotation of a loop side (-1: the world, at rest).
struct Side {
  int body = -1;
  Matrix3 R = Matrix3::Identity();  // body rotation
  Vector3 x = Vector3::Zero();      // anchor in body coordinates
  Vector3 anchorWorld = Vector3::Zero();
  Vector6 phi = Vector6::Zero();
};

Side makeSide(int body, const Matrix4& E_bA, const RigidMotion& motion) {
  Side s;
  s.body = body;
  s.R = motion.R;
  s.x = E_bA.topRightCorner<3, 1>();
  s.anchorWorld = s.R * s.x + motion.p;
  s.phi = motion.phi;
  return s;
}

// Row n^T R Gamma(x) of one side and its bias part n^T R [omega] Gamma(x) phi (eq 1.12, 2.97).
Row6 pointRow(const Side& s, const Vector3& n) { return n.transpose() * s.R * se3::Gamma(s.x); }
double pointBias(const Side& s, const Vector3& n) {
  return n.dot(s.R * (s.phi.head<3>().cross(se3::Gamma(s.x) * s.phi)));
}

// Rows 3-5 of a weld: e_r^T (omega_A - omega_B) = 0 in world axes; the error is the misalignment
// (in A's constraint axes) turned to world axes, so that its rate is the rows' velocity.
void assembleWeldRows(const LoopConstraint& loop, const Side& a, const Side& b, ConstraintRow* rows) {
  const Vector3 omegaA = a.R * a.phi.head<3>(), omegaB = b.R * b.phi.head<3>();
  const Matrix3 frameA = a.R * loop.E_aA.topLeftCorner<3, 3>();
  const Vector3 error = frameA * weldMisalignment(frameA, b.R * loop.E_bB.topLeftCorner<3, 3>());
  for (int r = 0; r < 3; ++r) {
    ConstraintRow& row = rows[r];
    row.bodyA = a.body;
    row.bodyB = b.body;
    row.jA.setZero();
    row.jB.setZero();
    row.jA.head<3>() = a.R.row(r);
    row.jB.head<3>() = -b.R.row(r);
    row.bias = 0.0;
    row.velocity = omegaA[r] - omegaB[r];
    row.error = error[r];
  }
}

}  // namespace

int loopRowCount(const LoopConstraint& loop) {
  switch (loop.type) {
    case LoopType::Point: return 3;
    case LoopType::Hinge: return 5;
    case LoopType::Weld: return 6;
  }
  return 3;
}

int totalLoopRows(const Model& model) {
  int rows = 0;
  for (const LoopConstraint& loop : model.loops) rows += loopRowCount(loop);
  return rows;
}

void assembleLoopRows(const Model& model, int k, const RigidMotion& A, const RigidMotion& B, ConstraintRow* rows) {
  const LoopConstraint& loop = model.loops[k];
  const Side a = makeSide(loop.bodyA, loop.E_aA, A);
  const Side b = makeSide(loop.bodyB, loop.E_bB, B);
  const Vector3 gap = a.anchorWorld - b.anchorWorld;
  for (int r = 0; r < 3; ++r) {
    const Vector3 n = Vector3::Unit(r);
    ConstraintRow& row = rows[r];
    row.bodyA = a.body;
    row.bodyB = b.body;
    row.jA = pointRow(a, n);
    row.jB = -pointRow(b, n);
    row.bias = -(pointBias(a, n) - pointBias(b, n));
    row.velocity = row.jA.dot(a.phi) + row.jB.dot(b.phi);
    row.error = gap[r];
  }
  if (loop.type == LoopType::Weld) return assembleWeldRows(loop, a, b, rows + 3);
  if (loop.type != LoopType::Hinge) return;
  // Hinge axes in world; v1, v2 perpendicular to A's axis (eq 2.94) and carried by A.
  const Vector3 axisA = a.R * loop.E_aA.topLeftCorner<3, 3>() * loop.axis;
  const Vector3 axisB = b.R * loop.E_bB.topLeftCorner<3, 3>() * loop.axis;
  const Vector3 v1 = axisA.unitOrthogonal();
  const Vector3 v[2] = {v1, axisA.cross(v1)};
  const Vector3 omegaA = a.R * a.phi.head<3>(), omegaB = b.R * b.phi.head<3>();
  const Vector3 misalignment = -axisA.cross(axisB);  // d/dt = (omega_A - omega_B) across the axis
  for (int r = 0; r < 2; ++r) {
    ConstraintRow& row = rows[3 + r];
    row.bodyA = a.body;
    row.bodyB = b.body;
    row.jA.setZero();
    row.jB.setZero();
    row.jA.head<3>() = v[r].transpose() * a.R;
    row.jB.head<3>() = -v[r].transpose() * b.R;
    // d/dt v_r = omega_A x v_r since v_r turns with A.
    row.bias = -omegaA.cross(v[r]).dot(omegaA - omegaB);
    row.velocity = v[r].dot(omegaA - omegaB);
    row.error = v[r].dot(misalignment);
  }
}

}  // namespace articulab::constraints
