#include "engine/algorithm/inverse_dynamics.hpp"

#include "engine/forces/applied_forces.hpp"

namespace articulab {

namespace {

// Backward pass (Alg 6): out_i = sign (Ad_iJ S)^T w_i, subtree wrenches into the parents; with
// qdd, the rotor inertia's armature qddot_i is added (read before out_i is written: out may alias qdd).
void projectOnJoints(const Model& model, const TreeKinematics& kin, double sign, const VectorX* qdd,
                     InverseDynamicsWorkspace& ws, VectorX& out) {
  for (int i = model.bodyCount() - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    const JointVector rotor = qdd ? JointVector(joint.armature * qdd->segment(joint.qIndex, joint.nq))
                                  : JointVector(JointVector::Zero(joint.nq));
    out.segment(joint.qIndex, joint.nq).noalias() = sign * k.AdS.transpose() * ws.wrench[i];
    out.segment(joint.qIndex, joint.nq) += rotor;
    if (joint.parent >= 0) ws.wrench[joint.parent] += k.E_pi.wrenchToParent(ws.wrench[i]);
  }
}

}  // namespace

void netBodyWrenches(const Model& model, const TreeKinematics& kin, const VectorX* qdd, InverseDynamicsWorkspace& ws) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    ws.accel[i] = k.eta;
    if (qdd) ws.accel[i].noalias() += k.AdS * qdd->segment(joint.qIndex, joint.nq);
    if (joint.parent >= 0) ws.accel[i] += k.E_pi.twistToChild(ws.accel[joint.parent]);
    ws.wrench[i].noalias() = model.bodies[i].M * ws.accel[i];
    ws.wrench[i] -= ws.bodyForce[i];
  }
}

InverseDynamicsWorkspace::InverseDynamicsWorkspace(const Model& model)
    : accel(model.bodies.size()), wrench(model.bodies.size()), bodyForce(model.bodies.size()) {}

void inverseDynamics(const Model& model, const TreeKinematics& kin, const VectorX& qdd, const ForceInputs& inputs,
                     InverseDynamicsWorkspace& ws, VectorX& tau) {
  computeBodyForces(model, TreeMotion{kin}, inputs, ws.bodyForce);
  netBodyWrenches(model, kin, &qdd, ws);
  projectOnJoints(model, kin, 1.0, &qdd, ws, tau);
}

void generalizedForce(const Model& model, const TreeKinematics& kin, const VectorX& q, const VectorX& qd,
                      const ForceInputs& inputs, InverseDynamicsWorkspace& ws, VectorX& f) {
  computeBodyForces(model, TreeMotion{kin}, inputs, ws.bodyForce);
  netBodyWrenches(model, kin, nullptr, ws);
  projectOnJoints(model, kin, -1.0, nullptr, ws, f);
  addJointForces(model, q, qd, f);
}

}  // namespace articulab
