#include "engine/solvers/recursive/recursive_newton_euler.hpp"

#include "engine/algorithm/forces.hpp"

namespace articulab {

// ad(phi)^T (n; f) = (-w x n - v x f; -w x f), Gamma(c)^T g = (c x g; g) (eq 1.12, 1.19).
Vector6 coriolisAndGravity(const Model& model, int i, const BodyKinematics& k) {
  const Body& body = model.bodies[i];
  const Vector6 momentum = body.M * k.phi;
  const Vector3 w = k.phi.head<3>(), v = k.phi.tail<3>();
  const Vector3 gravity = k.R_0i.transpose() * (body.mass * model.gravity);
  Vector6 wrench;
  wrench.head<3>() = body.com.cross(gravity) - w.cross(momentum.head<3>()) - v.cross(momentum.tail<3>());
  wrench.tail<3>() = gravity - w.cross(momentum.tail<3>());
  return wrench;
}

NewtonEulerWorkspace::NewtonEulerWorkspace(const Model& model)
    : accel(model.bodies.size()), wrench(model.bodies.size()) {}

void recursiveGeneralizedForce(const Model& model, const RecursiveKinematics& kin, const VectorX& q,
                               const VectorX& qd, const Perturbation& pert, NewtonEulerWorkspace& ws, VectorX& f) {
  // Forward: a_i = Ad_ip a_p + eta_i, the body accelerations of qddot = 0; net wrench M a - f_ext.
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    ws.accel[i] = k.eta;
    if (joint.parent >= 0) ws.accel[i] += k.E_pi.twistToChild(ws.accel[joint.parent]);
    ws.wrench[i].noalias() = model.bodies[i].M * ws.accel[i];
    ws.wrench[i] -= coriolisAndGravity(model, i, k);
    if (pert.body == i) ws.wrench[i] -= perturbationWrench(pert, k.worldPose(), k.phi);
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
