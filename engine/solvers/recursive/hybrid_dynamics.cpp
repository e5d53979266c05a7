#include "engine/solvers/recursive/hybrid_dynamics.hpp"

#include <limits>

#include "engine/forces/applied_forces.hpp"

namespace articulab {

namespace {

// The passes leave the driven joints' forces where their accelerations go; swap them out.
void separateDrivenJoints(const Model& model, const VectorX& prescribed, VectorX& qdd, VectorX& drivenForce) {
  drivenForce.setZero();
  for (const Joint& joint : model.joints) {
    if (!joint.driven) continue;
    drivenForce.segment(joint.qIndex, joint.nq) = qdd.segment(joint.qIndex, joint.nq);
    qdd.segment(joint.qIndex, joint.nq) = prescribed.segment(joint.qIndex, joint.nq);
  }
}

}  // namespace

HybridDynamicsWorkspace::HybridDynamicsWorkspace(const Model& model)
    : kin(model), articulated(model), jointForce(VectorX::Zero(model.nq)), bodyForce(model.bodies.size()) {}

void hybridDynamics(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                    const VectorX& prescribed, HybridDynamicsWorkspace& ws, VectorX& qdd, VectorX& drivenForce) {
  computeKinematics(model, q, qd, ws.kin);
  hybridDynamicsAtKinematics(model, q, qd, inputs, prescribed, ws, qdd, drivenForce);
}

void hybridDynamicsAtKinematics(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                                const VectorX& prescribed, HybridDynamicsWorkspace& ws, VectorX& qdd,
                                VectorX& drivenForce) {
  loadHybridDynamics(model, q, qd, inputs, ws);
  solveHybridDynamics(model, prescribed, nullptr, ws, qdd, drivenForce);
}

void loadHybridDynamics(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                        HybridDynamicsWorkspace& ws) {
  ws.jointForce.setZero();
  addJointForces(model, q, qd, ws.jointForce);
  computeBodyForces(model, TreeMotion{ws.kin}, inputs, ws.bodyForce);
  for (int i = 0; i < model.bodyCount(); ++i) {
    ArticulatedBody& b = ws.articulated.bodies[i];
    b.inertia = model.bodies[i].M;
    b.bias = -ws.bodyForce[i];
  }
}

void solveHybridDynamics(const Model& model, const VectorX& prescribed, const JointBlocks* blocks,
                         HybridDynamicsWorkspace& ws, VectorX& qdd, VectorX& drivenForce,
                         const JointCrossBlocks* cross) {
  const ArticulatedInput in{&ws.jointForce, &prescribed, true};
  if (!eliminateWithBiasForces(model, ws.kin, in, blocks, ws.articulated, cross)) {
    qdd.setConstant(std::numeric_limits<double>::quiet_NaN());  // reported by the step as non-finite
    drivenForce.setZero();
    return;
  }
  propagateAccelerations(model, ws.kin, in, ws.articulated, qdd);
  separateDrivenJoints(model, prescribed, qdd, drivenForce);
}

}  // namespace articulab
