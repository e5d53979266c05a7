#include "engine/solvers/variational_minimal/discrete_rnea.hpp"

namespace articulab::variational_minimal {

namespace {

// ad(phi)^T m for phi = (w; v), m = (n; f): (-w x n - v x f; -w x f).
Vector6 adTranspose(const Vector6& phi, const Vector6& m) {
  Vector6 out;
  out.head<3>() = -phi.head<3>().cross(m.head<3>()) - phi.tail<3>().cross(m.tail<3>());
  out.tail<3>() = -phi.head<3>().cross(m.tail<3>());
  return out;
}

}  // namespace

DrneaWorkspace::DrneaWorkspace(const Model& model)
    : kin(model),
      forces(model),
      momentum(model.bodyCount(), Vector6::Zero()),
      wrench(model.bodyCount(), Vector6::Zero()),
      q_m(VectorX::Zero(model.nq)),
      v(VectorX::Zero(model.nq)) {}

bool supportedJoint(const JointConstants& joint, const Joint& definition) {
  return definition.nq == 0 || joint.kind == JointKinematicsKind::FixedAxisRevolute ||
         joint.kind == JointKinematicsKind::FixedAxisPrismatic;
}

void discreteMomenta(const Model& model, const VectorX& q_k, const VectorX& v, double h, const ForceInputs& inputs,
                     DrneaWorkspace& ws, VectorX& p, VectorX& g) {
  ws.q_m = q_k;
  ws.q_m.noalias() += (0.5 * h) * v;
  ws.v = v;
  // forward pass: poses, A_i = Ad_iJ S_i and body twists phi_i at (q_m, v)
  computeKinematics(model, ws.q_m, ws.v, ws.kin);
  // applied body wrenches without the Coriolis term (the discrete equations carry it)
  computeAppliedForces(model, TreeMotion{ws.kin}, ws.q_m, ws.v, inputs, ws.forces);
  const Vector3 noGravity = Vector3::Zero();
  const int n = model.bodyCount();
  for (int i = 0; i < n; ++i) {
    const BodyKinematics& b = ws.kin.bodies[i];
    ws.momentum[i].noalias() = model.bodies[i].M * b.phi;
    ws.wrench[i] = ws.forces.body[i] - coriolisAndGravity(model.bodies[i], noGravity, b.R_0i, b.phi);
  }
  // backward pass: subtree sums h_i, w_i, then p_i = A^T h_i, g_i = (h/2)(A^T ad(phi_i)^T h_i + A^T w_i + joint)
  for (int i = n - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& b = ws.kin.bodies[i];
    if (joint.nq > 0) {
      const JointMatrix& A = b.AdS;
      const Vector6 dTdq = adTranspose(b.phi, ws.momentum[i]);
      for (int c = 0; c < joint.nq; ++c) {
        const int r = joint.qIndex + c;
        p[r] = A.col(c).dot(ws.momentum[i]);
        g[r] = 0.5 * h * (A.col(c).dot(dTdq) + A.col(c).dot(ws.wrench[i]) + ws.forces.joint[r]);
      }
    }
    if (joint.parent >= 0) {
      ws.momentum[joint.parent] += b.E_pi.wrenchToParent(ws.momentum[i]);
      ws.wrench[joint.parent] += b.E_pi.wrenchToParent(ws.wrench[i]);
    }
  }
}

}  // namespace articulab::variational_minimal
