#include "engine/solvers/redmax/redmax_joint_friction.hpp"

#include "engine/constraints/loop_rows.hpp"

namespace articulab {

RedMaxJointFriction::RedMaxJointFriction(const Model& model, const contact::BispSettings& settings)
    : settings_(settings),
      bisp_(model),
      KT_(MatrixX::Zero(model.nq, bisp_.axes())),
      loopWork_(MatrixX::Zero(model.nq, constraints::totalLoopRows(model))),
      v0_(VectorX::Zero(model.nq)),
      zeroTarget_(VectorX::Zero(constraints::totalLoopRows(model))),
      column_(VectorX::Zero(model.nq)),
      work_(VectorX::Zero(model.nq)),
      qdd_(VectorX::Zero(model.nq)),
      bodyForce_(model.bodies.size(), Vector6::Zero()),
      accel_(model.bodies.size(), Vector6::Zero()) {
  Mu_ = MatrixX::Zero(zeroTarget_.size(), bisp_.axes());
  mu0_ = mu_ = zeroTarget_;
}

void RedMaxJointFriction::responses(const Eigen::PartialPivLU<MatrixX>& lu, ReducedLoopConstraints& loops) {
  const auto solveInPlace = [&](MatrixX& Y) {
    loopWork_ = Y;
    Y.noalias() = lu.solve(loopWork_);
  };
  const MatrixX& T = bisp_.directions();
  for (int k = 0; k < bisp_.axes(); ++k) {
    work_ = T.row(k).transpose();
    column_.noalias() = lu.solve(work_);
    if (loops.rows() > 0) {
      loops.constrain(solveInPlace, zeroTarget_, column_);  // G_r x = 0: the closures keep holding
      Mu_.col(k) = loops.multipliers();
    }
    KT_.col(k) = column_;
  }
}

// qddot = (qdot' - qdot) / h at the step's kinematics; the closure impulses mu(beta) act on the
// bodies as forces G_m^T mu / h (row r: jA^T on body A, jB^T on body B).
void RedMaxJointFriction::reactions(const Model& model, const State& state, const RedMaxWorkspace& ws,
                                    const ReducedLoopConstraints& loops, const VectorX& beta, const VectorX& qd,
                                    double h, std::vector<Vector6>& wrench) {
  qdd_ = (qd - state.qd) / h;
  for (int i = 0; i < model.bodyCount(); ++i) bodyForce_[i] = ws.bodyForce[i];
  if (loops.rows() > 0) {
    mu_ = mu0_;
    mu_.noalias() += Mu_ * beta;
    for (int r = 0; r < loops.rows(); ++r) {
      const constraints::ConstraintRow& row = loops.maximalRows()[r];
      if (row.bodyA >= 0) bodyForce_[row.bodyA] += row.jA.transpose() * (mu_[r] / h);
      if (row.bodyB >= 0) bodyForce_[row.bodyB] += row.jB.transpose() * (mu_[r] / h);
    }
  }
  contact::jointReactionWrenches(model, ws.kin, qdd_, bodyForce_, accel_, wrench);
}

bool RedMaxJointFriction::apply(const Model& model, const State& state, const RedMaxWorkspace& ws,
                                const Eigen::PartialPivLU<MatrixX>& lu, ReducedLoopConstraints& loops, double h,
                                VectorX& qd, VectorX& closureImpulses) {
  bisp_.assembleDirections(model, ws.kin);
  v0_ = qd;
  if (loops.rows() > 0) mu0_ = closureImpulses;
  responses(lu, loops);
  const auto reactionsOf = [&](const VectorX& beta, const VectorX& qdv, std::vector<Vector6>& wrench) {
    reactions(model, state, ws, loops, beta, qdv, h, wrench);
  };
  result_ = bisp_.solve(model, ws.kin, v0_, KT_, h, reactionsOf, settings_, qd);
  if (loops.rows() > 0) {
    closureImpulses = mu0_;
    closureImpulses.noalias() += Mu_ * bisp_.impulses();
  }
  return result_.ok;
}

}  // namespace articulab
