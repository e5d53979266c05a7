#include "engine/algorithm/inverse_dynamics.hpp"

#include "engine/forces/applied_forces.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab {

InverseDynamicsWorkspace::InverseDynamicsWorkspace(const Model& model)
    : kin(model), a(model.bodies.size()), w(model.bodies.size()), f(model.bodies.size()) {}

void inverseDynamics(const Model& model, const VectorX& qd, const VectorX& qdd, const Perturbation& pert,
                     InverseDynamicsWorkspace& ws, VectorX& tau) {
  const TreeKinematics& kin = ws.kin;
  const int n = model.bodyCount();
  computeBodyForces(model, PoseListMotion{kin.E_0i, kin.phi}, pert, ws.f);
  // Forward pass: a_i = Ad_ip a_p + d/dt(Ad_ip) phi_p + Ad_iJ (S qddot + Sdot qdot), where
  // d/dt(Ad_ip) = -ad(Ad_iJ S qdot) Ad_ip (eq 2.17); then the body's net wrench M a - f.
  for (int i = 0; i < n; ++i) {
    const Joint& J = model.joints[i];
    const auto qdi = qd.segment(J.qIndex, J.nq);
    ws.a[i] = kin.AdS[i] * qdd.segment(J.qIndex, J.nq) + kin.AdSdot[i] * qdi;
    if (J.parent >= 0) {
      const Vector6 phiParent = kin.Ad_ip[i] * kin.phi[J.parent];
      const Vector6 phiJoint = kin.AdS[i] * qdi;
      ws.a[i] += kin.Ad_ip[i] * ws.a[J.parent] + se3::ad(phiParent) * phiJoint;
    }
    ws.w[i] = model.bodies[i].M * ws.a[i] - ws.f[i];
  }
  // Backward pass: accumulate subtree wrenches into parents and project on the joints (J^T).
  for (int i = n - 1; i >= 0; --i) {
    const Joint& J = model.joints[i];
    tau.segment(J.qIndex, J.nq).noalias() = kin.AdS[i].transpose() * ws.w[i];
    if (J.parent >= 0) ws.w[J.parent].noalias() += kin.Ad_ip[i].transpose() * ws.w[i];
  }
}

void generalizedForce(const Model& model, const VectorX& q, const VectorX& qd, const Perturbation& pert,
                      InverseDynamicsWorkspace& ws, VectorX& f) {
  computeKinematics(model, q, qd, ws.kin);
  f.setZero();  // serves as qddot = 0: read in the forward pass, overwritten in the backward one
  inverseDynamics(model, qd, f, pert, ws, f);
  f = -f;
  addJointForces(model, q, qd, f);
}

}  // namespace articulab
