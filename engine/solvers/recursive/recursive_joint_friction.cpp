#include "engine/solvers/recursive/recursive_joint_friction.hpp"

namespace articulab {

RecursiveJointFriction::RecursiveJointFriction(const Model& model, const contact::BispSettings& settings)
    : settings_(settings),
      bisp_(model),
      KT_(MatrixX::Zero(model.nq, bisp_.axes())),
      v0_(VectorX::Zero(model.nq)),
      qdd_(VectorX::Zero(model.nq)),
      bodyForce_(model.bodies.size(), Vector6::Zero()),
      accel_(model.bodies.size(), Vector6::Zero()) {}

void RecursiveJointFriction::assemble(const Model& model, const TreeKinematics& kin) {
  bisp_.assembleDirections(model, kin);
}

// Reactions of qdot' at qddot = (qdot' - qdot) / h (Alg 8 lines 10-13), the applied forces
// taken once at the step's state.
bool RecursiveJointFriction::solve(const Model& model, const State& state, const TreeKinematics& kin,
                                   const ForceInputs& inputs, double h, VectorX& qd) {
  computeBodyForces(model, TreeMotion{kin}, inputs, bodyForce_);
  v0_ = qd;
  const auto reactions = [&](const VectorX&, const VectorX& qdv, std::vector<Vector6>& wrench) {
    qdd_ = (qdv - state.qd) / h;
    contact::jointReactionWrenches(model, kin, qdd_, bodyForce_, accel_, wrench);
  };
  result_ = bisp_.solve(model, kin, v0_, KT_, h, reactions, settings_, qd);
  return result_.ok;
}

}  // namespace articulab
