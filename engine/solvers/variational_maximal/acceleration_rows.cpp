#include "engine/solvers/variational_maximal/acceleration_rows.hpp"

#include "engine/constraints/joint_rows.hpp"
#include "engine/constraints/loop_rows.hpp"
#include "engine/forces/rigid_motion.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab::variational {

namespace {

// J_v (omega x R^T v) of a body: the part of J phidot that (omegadot; vdot) leaves out (header).
Vector6 velocityProduct(const Matrix6& J, const Vector6& phi, const Vector3& c) {
  const Vector3 w = phi.head<3>();
  const Vector3 bodyVelocity = phi.tail<3>() - c.cross(w);  // R^T v, v of the centre of mass
  return J.rightCols<3>() * w.cross(bodyVelocity);
}

// Rows J on the twists of bodies A and B with right-hand side rhs, into `out` (header).
void toCentreRows(const Model& model, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi,
                  const Matrix6& JA, const Matrix6& JB, const Vector6& rhs, ConstraintBlock& out) {
  out.g = rhs;
  out.GA.setZero();
  out.GB.setZero();
  if (out.bodyA >= 0) {
    const Vector3& c = model.bodies[out.bodyA].com;
    out.GA = toCentreCoordinates(JA, E[out.bodyA], c);
    out.g += velocityProduct(JA, phi[out.bodyA], c);
  }
  if (out.bodyB >= 0) {
    const Vector3& c = model.bodies[out.bodyB].com;
    out.GB = toCentreCoordinates(JB, E[out.bodyB], c);
    out.g += velocityProduct(JB, phi[out.bodyB], c);
  }
}

}  // namespace

void jointAccelerationRows(const Model& model, int i, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi,
                           const VectorX& q, const VectorX& qd, ConstraintBlock& out) {
  const Joint& joint = model.joints[i];
  const int p = joint.parent;
  constraints::ConstraintBasis P;
  constraints::fillConstraintBasis(joint, q.data() + joint.qIndex, P);
  out.rows = static_cast<int>(P.cols());
  out.bodyA = i;
  out.bodyB = p;
  Matrix6 Jc = Matrix6::Zero(), Jp = Matrix6::Zero();
  Jc.topRows(out.rows) = P.transpose() * se3::Ad(joint.E_jc);
  Vector6 rhs = Vector6::Zero();
  if (joint.nq > 0) {
    JointKinematics jk;
    evaluateJoint(joint, q.data() + joint.qIndex, qd.data() + joint.qIndex, jk);
    rhs.head(out.rows) = P.transpose() * (jk.Sdot * qd.segment(joint.qIndex, joint.nq));
  }
  if (p >= 0) {
    const Matrix6 Ad_cp = se3::AdInverse(se3::inverseTimes(E[p], E[i]));
    Jp = -Jc * Ad_cp;
    rhs -= Jc * (se3::ad(phi[i]) * (Ad_cp * phi[p]));
  }
  toCentreRows(model, E, phi, Jc, Jp, rhs, out);
}

void rotorAccelerationRow(const Model& model, int i, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi,
                          const VectorX& q, const VectorX& qd, ConstraintBlock& out) {
  const Joint& joint = model.joints[i];
  const int p = joint.parent;
  out.rows = 1;
  out.bodyA = i;
  out.bodyB = p;
  JointKinematics jk;
  evaluateJoint(joint, q.data() + joint.qIndex, qd.data() + joint.qIndex, jk);
  const Vector6 s = jk.S.col(0) / jk.S.col(0).squaredNorm();
  Matrix6 Jc = Matrix6::Zero(), Jp = Matrix6::Zero();
  Jc.row(0) = s.transpose() * se3::Ad(joint.E_jc);
  Vector6 rhs = Vector6::Zero();
  if (p >= 0) {
    const Matrix6 Ad_cp = se3::AdInverse(se3::inverseTimes(E[p], E[i]));
    Jp = -Jc * Ad_cp;
    rhs -= Jc * (se3::ad(phi[i]) * (Ad_cp * phi[p]));
  }
  toCentreRows(model, E, phi, Jc, Jp, rhs, out);
}

void loopAccelerationRows(const Model& model, int k, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi,
                          ConstraintBlock& out) {
  const LoopConstraint& loop = model.loops[k];
  constraints::ConstraintRow rows[6];
  constraints::assembleLoopRows(model, k, PoseListMotion{E, phi}, rows);
  out.rows = constraints::loopRowCount(loop);
  out.bodyA = loop.bodyA;
  out.bodyB = loop.bodyB;
  Matrix6 JA = Matrix6::Zero(), JB = Matrix6::Zero();
  Vector6 rhs = Vector6::Zero();
  for (int r = 0; r < out.rows; ++r) {
    JA.row(r) = rows[r].jA;
    JB.row(r) = rows[r].jB;
    rhs(r) = rows[r].bias;
  }
  toCentreRows(model, E, phi, JA, JB, rhs, out);
}

}  // namespace articulab::variational
