#include "engine/solvers/recursive/recursive_newton_euler.hpp"

#include "engine/forces/applied_forces.hpp"

namespace articulab {

NewtonEulerWorkspace::NewtonEulerWorkspace(const Model& model)
    : accel(model.bodies.size()), wrench(model.bodies.size()), bodyForce(model.bodies.size()) {}

void recursiveGeneralizedForce(const Model& model, const RecursiveKinematics& kin, const VectorX& q,
                               const VectorX& qd, const Perturbation& pert, NewtonEulerWorkspace& ws, VectorX& f) {
  computeBodyForces(model, RecursiveMotion{kin}, pert, ws.bodyForce);
  // Forward: a_i = Ad_ip a_p + eta_i, the body accelerations of qddot = 0; net wrench M a - f_ext.
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    ws.accel[i] = k.eta;
    if (joint.parent >= 0) ws.accel[i] += k.E_pi.twistToChild(ws.accel[joint.parent]);
    ws.wrench[i].noalias() = model.bodies[i].M * ws.accel[i];
    ws.wrench[i] -= ws.bodyForce[i];
  }
  // Backward: f_j = -(Ad_iJ S)^T w_i, subtree wrenches into the parents (Alg 6).
  for (int i = model.bodyCount() - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    f.segment(joint.qIndex, joint.nq).noalias() = -k.AdS.transpose() * ws.wrench[i];
    if (joint.parent >= 0) ws.wrench[joint.parent] += k.E_pi.wrenchToParent(ws.wrench[i]);
  }
  addJointForces(model, q, qd, f);
}

}  // namespace articulab
