#include "engine/solvers/redmax/redmax_dynamics.hpp"

#include "engine/forces/applied_forces.hpp"
#include "engine/algorithm/jacobian.hpp"

namespace articulab {

RedMaxWorkspace::RedMaxWorkspace(const Model& model)
    : kin(model),
      J(MatrixX::Zero(6 * model.bodyCount(), model.nq)),
      Jdot(MatrixX::Zero(6 * model.bodyCount(), model.nq)),
      MJ(MatrixX::Zero(6, model.nq)),
      Mr(MatrixX::Zero(model.nq, model.nq)),
      fr(VectorX::Zero(model.nq)),
      bodyForce(model.bodies.size()) {}

void evaluateRedMax(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                    RedMaxWorkspace& ws, const CancelFlag* cancel) {
  computeKinematics(model, q, qd, ws.kin);
  fillJacobians(model, ws.kin, ws.J, ws.Jdot);
  computeBodyForces(model, TreeMotion{ws.kin}, inputs, ws.bodyForce);
  ws.Mr.setZero();
  ws.fr.setZero();
  for (int i = 0; i < model.bodyCount(); ++i) {
    throwIfCancelled(cancel);
    const Joint& joint = model.joints[i];
    const int cols = joint.qIndex + joint.nq;  // body i depends on these coordinates only
    const Matrix6& M_i = model.bodies[i].M;
    const auto J_i = ws.J.middleRows<6>(6 * i).leftCols(cols);
    // M_r += J_i^T M_i J_i (eq 2.18), one body at a time so products stay 6 rows deep.
    auto MJ_i = ws.MJ.leftCols(cols);
    MJ_i.noalias() = M_i * J_i;
    ws.Mr.topLeftCorner(cols, cols).noalias() += J_i.transpose() * MJ_i;
    // f_r += J_i^T (f_i - M_i Jdot_i qdot): body forces and the quadratic velocity vector (eq 2.18).
    const Vector6 JdotQd = ws.Jdot.middleRows<6>(6 * i).leftCols(cols) * qd.head(cols);
    const Vector6 f_i = ws.bodyForce[i] - M_i * JdotQd;
    ws.fr.head(cols).noalias() += J_i.transpose() * f_i;
  }
  for (const Joint& joint : model.joints)  // rotor inertia on the joint's diagonal entries (Joint::armature)
    if (joint.nq > 0 && joint.armature != 0.0) ws.Mr.diagonal().segment(joint.qIndex, joint.nq).array() += joint.armature;
  addJointForces(model, q, qd, ws.fr);
}

}  // namespace articulab
