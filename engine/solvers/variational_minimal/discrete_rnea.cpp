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

// (B^T h)_c = h^T Ad_iJ (dS/dq_c) v_i of joint i at the coordinates of kin (header, term (b)):
// dS/dq_c is the Sdot that evaluateJoint returns for qdot = e_c (Sdot is linear in qdot).
void motionSubspaceDerivative(const Joint& joint, const JointConstants& c, const VectorX& q_m, const VectorX& v,
                              const Vector6& h, DrneaWorkspace& ws, double* out) {
  double unit[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  const Eigen::Map<const JointVector> vi(v.data() + joint.qIndex, joint.nq);
  const Vector6 hJ = c.Ad_iJ.transpose() * h;  // h in joint coordinates
  for (int col = 0; col < joint.nq; ++col) {
    unit[col] = 1.0;
    evaluateJoint(joint, q_m.data() + joint.qIndex, unit, ws.jointScratch);
    unit[col] = 0.0;
    out[col] = hJ.dot(ws.jointScratch.Sdot * vi);
  }
}

}  // namespace

DrneaWorkspace::DrneaWorkspace(const Model& model)
    : kin(model),
      forces(model),
      momentum(model.bodyCount(), Vector6::Zero()),
      wrench(model.bodyCount(), Vector6::Zero()),
      q_m(VectorX::Zero(model.nq)),
      v(VectorX::Zero(model.nq)) {
  jointScratch.S = JointMatrix::Zero(6, 6);
  jointScratch.Sdot = JointMatrix::Zero(6, 6);
}

bool constantMotionSubspace(const JointConstants& joint, const Joint& definition) {
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
  // backward pass: subtree sums h_i, w_i, then p_i = A^T h_i and
  // g_i = (h/2)(A^T ad(Ad_ip phi_p)^T h_i + B^T h_i + A^T w_i + joint)
  double dSdq[6];
  for (int i = n - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& b = ws.kin.bodies[i];
    if (joint.nq > 0) {
      const JointMatrix& A = b.AdS;
      const bool constant = constantMotionSubspace(ws.kin.joints[i], joint);
      // constant A: ad(A) A = 0 lets phi_i stand for the parent's twist Ad_ip phi_p = phi_i - A v_i
      const Vector6 dTdq = adTranspose(constant ? b.phi : Vector6(b.phi - b.phiJoint), ws.momentum[i]);
      if (!constant && h != 0.0)
        motionSubspaceDerivative(joint, ws.kin.joints[i], ws.q_m, ws.v, ws.momentum[i], ws, dSdq);
      for (int c = 0; c < joint.nq; ++c) {
        const int r = joint.qIndex + c;
        p[r] = A.col(c).dot(ws.momentum[i]);
        double dq = A.col(c).dot(dTdq) + A.col(c).dot(ws.wrench[i]) + ws.forces.joint[r];
        if (!constant && h != 0.0) dq += dSdq[c];
        g[r] = 0.5 * h * dq;
      }
    }
    if (joint.parent >= 0) {
      ws.momentum[joint.parent] += b.E_pi.wrenchToParent(ws.momentum[i]);
      ws.wrench[joint.parent] += b.E_pi.wrenchToParent(ws.wrench[i]);
    }
  }
}

}  // namespace articulab::variational_minimal
