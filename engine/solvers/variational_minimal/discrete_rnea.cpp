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

// (B^T h)_c = h^T Ad_iJ (dS/dq_c) v_i of joint i (header, term (b)), without evaluating the joint
// again. S is the body Jacobian of the joint transform Q(q), [S_c] = Q^-1 dQ/dq_c, so the
// structure (Maurer-Cartan) equation d_d S_c - d_c S_d = ad(S_c) S_d holds: differentiate
// Q^-1 d_c Q along q_d, d_d (Q^-1 d_c Q) = -(Q^-1 d_d Q)(Q^-1 d_c Q) + Q^-1 d_d d_c Q, and
// subtract the same with c and d swapped (d_c d_d Q = d_d d_c Q). Summing v_d d_c S_d over d:
//   (dS/dq_c) v = Sdot(v) e_c - ad(S_c) S v,
// with Sdot(v) the Sdot of the kinematics at (q_m, v). Ad_iJ maps both sides (it preserves ad):
//   Ad_iJ (dS/dq_c) v = AdSdot e_c - ad(A_c) phiJoint = AdSdot e_c + ad(phiJoint) A_c.
// One joint evaluation per DRNEA pass instead of 1 + nq (test VariationalMinimalDrnea.*
// checks the identity against the per-column evaluation on every joint type).
void motionSubspaceDerivative(const BodyKinematics& b, int nq, const Vector6& h, double* out) {
  const Vector3 w = b.phiJoint.head<3>(), v = b.phiJoint.tail<3>();
  for (int col = 0; col < nq; ++col) {
    const Vector3 aw = b.AdS.col(col).head<3>(), av = b.AdS.col(col).tail<3>();
    Vector6 rate = b.AdSdot.col(col);
    rate.head<3>() += w.cross(aw);  // ad(phiJoint) A_c = (w x a_w; w x a_v + v x a_w)
    rate.tail<3>() += w.cross(av) + v.cross(aw);
    out[col] = h.dot(rate);
  }
}

}  // namespace

DrneaWorkspace::DrneaWorkspace(const Model& model)
    : kin(model),
      forces(model),
      momentum(model.bodyCount(), Vector6::Zero()),
      wrench(model.bodyCount(), Vector6::Zero()),
      q_m(VectorX::Zero(model.nq)),
      v(VectorX::Zero(model.nq)) {}

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
  // applied body wrenches without the Coriolis term (the discrete equations carry it): the weight
  // (com x R^T m g; R^T m g) directly, not coriolisAndGravity minus its Coriolis part (that
  // computed the Coriolis wrench twice, 12 % of an RC100 step), then the actuated wrenches
  const int n = model.bodyCount();
  for (int i = 0; i < n; ++i) {
    const Body& body = model.bodies[i];
    const BodyKinematics& b = ws.kin.bodies[i];
    ws.momentum[i].noalias() = body.M * b.phi;
    const Vector3 weight = b.R_0i.transpose() * (body.mass * model.gravity);
    ws.forces.body[i].head<3>() = body.com.cross(weight);
    ws.forces.body[i].tail<3>() = weight;
  }
  addActuatedWrenches(model, TreeMotion{ws.kin}, inputs, ws.forces.body);
  ws.forces.joint.setZero();
  addJointForces(model, ws.q_m, ws.v, ws.forces.joint);
  for (int i = 0; i < n; ++i) ws.wrench[i] = ws.forces.body[i];
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
        motionSubspaceDerivative(b, joint.nq, ws.momentum[i], dSdq);
      for (int c = 0; c < joint.nq; ++c) {
        const int r = joint.qIndex + c;
        p[r] = A.col(c).dot(ws.momentum[i]) + joint.armature * v[r];  // T += 1/2 armature v^2
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

// Alg 4, one column by a tangent (forward-mode) pass of Alg 2, in the notation of the header of
// discrete_rnea.hpp. The paper differentiates its SE(3) DRNEA; in joint coordinates with
// d(Ad_ip)/dq_ic = -ad(A_ic) Ad_ip the variations along dv = e_r, dq_m = (h/2) e_r, r a coordinate
// of joint J with a constant A_J (so dA_J = dB_J = 0), are:
//   forward, for J and its subtree (zero elsewhere):
//     dTheta_i = Ad_ip dTheta_p + A_i dq_i       (pose variation, E_0i^-1 dE_0i = [dTheta_i])
//     dx_i = Ad_ip dphi_p + ad(x_i) A_i dq_i,   dphi_i = dx_i + A_i dv_i
//   backward, subtree sums (d(Ad_ci^T) = -Ad_ci^T ad(A_c dq_c)^T):
//     dh_i = I_i dphi_i + sum_c Ad_ci^T (dh_c - ad(A_c dq_c)^T h_c),   dw_i likewise, with the local
//     dw_i = (com x dF; dF),  dF = -omega(dTheta_i) x R_0i^T m g  (the weight; DRNEA's w has no Coriolis term)
//   rows (c of joint i; dA_i = 0 and dB_i = 0 for i != J, and for i = J by constancy):
//     dp_ic = A_ic^T dh_i
//     dg_ic = (h/2) (A_ic^T [ad(dx_i)^T h_i + ad(x_i)^T dh_i + dw_i] + B_ic^T dh_i - K dq_ic - D dv_ic)
// and the column of -p + g is -dp + dg. B_ic^T dh_i = dh_i^T Ad_iJ (dS/dq_c) v_i by the structure equation as in
// DRNEA (first derivatives of S only). The columns of joints with a q-dependent A need dB_J, i.e.
// d2S/dq2, which the engine does not evaluate: those are central differences (the caller).
DrneaDerivativeWorkspace::DrneaDerivativeWorkspace(const Model& model)
    : pose(model.bodyCount(), Vector6::Zero()),
      twist(model.bodyCount(), Vector6::Zero()),
      parentTwist(model.bodyCount(), Vector6::Zero()),
      momentum(model.bodyCount(), Vector6::Zero()),
      wrench(model.bodyCount(), Vector6::Zero()) {}

namespace {
int jointOfCoordinate(const Model& model, int r) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    if (r >= joint.qIndex && r < joint.qIndex + joint.nq) return i;
  }
  return -1;
}
}  // namespace

bool exactDrneaColumn(const Model& model, const TreeKinematics& kin, int r) {
  const int J = jointOfCoordinate(model, r);
  return J >= 0 && constantMotionSubspace(kin.joints[J], model.joints[J]);
}

bool exactDrneaForces(const Model& model, const ForceInputs& inputs) {
  return inputs.perturbation.body < 0 && model.forces.empty() && model.muscles.empty();
}

void discreteMomentaColumn(const Model& model, int r, double h, DrneaWorkspace& ws, DrneaDerivativeWorkspace& d,
                           VectorX& column) {
  const int n = model.bodyCount(), J = jointOfCoordinate(model, r);
  const double dq = 0.5 * h;  // dq_m = (h/2) dv
  // forward pass: the subtree of J follows J in the body order (parents first)
  for (int i = 0; i < n; ++i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& b = ws.kin.bodies[i];
    const bool moved = i == J || (joint.parent >= 0 && d.pose[joint.parent] != Vector6::Zero()) ||
                       (joint.parent >= 0 && d.twist[joint.parent] != Vector6::Zero());
    if (!moved) {
      d.pose[i].setZero();
      d.twist[i].setZero();
      d.parentTwist[i].setZero();
      continue;
    }
    const int p = joint.parent;
    d.pose[i] = p >= 0 ? b.E_pi.twistToChild(d.pose[p]) : Vector6::Zero();
    d.parentTwist[i] = p >= 0 ? b.E_pi.twistToChild(d.twist[p]) : Vector6::Zero();
    if (i == J) {
      const Vector6 a = b.AdS.col(r - joint.qIndex);
      const Vector6 x = b.phi - b.phiJoint;
      d.pose[i] += dq * a;
      // ad(x) a = (x_w x a_w; x_w x a_v + x_v x a_w)
      Vector6 adXa;
      adXa.head<3>() = x.head<3>().cross(a.head<3>());
      adXa.tail<3>() = x.head<3>().cross(a.tail<3>()) + x.tail<3>().cross(a.head<3>());
      d.parentTwist[i] += dq * adXa;
      d.twist[i] = d.parentTwist[i] + a;
    } else {
      d.twist[i] = d.parentTwist[i];
    }
  }
  // backward pass
  for (int i = 0; i < n; ++i) d.momentum[i].setZero(), d.wrench[i].setZero();
  double dSdq[6];
  for (int i = n - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const Body& body = model.bodies[i];
    const BodyKinematics& b = ws.kin.bodies[i];
    if (d.twist[i] != Vector6::Zero() || d.pose[i] != Vector6::Zero()) {
      d.momentum[i].noalias() += body.M * d.twist[i];
      const Vector3 weight = b.R_0i.transpose() * (body.mass * model.gravity);
      const Vector3 dWeight = weight.cross(d.pose[i].head<3>());  // -omega x F
      d.wrench[i].head<3>() += body.com.cross(dWeight);
      d.wrench[i].tail<3>() += dWeight;
    }
    const bool still = i != J && d.momentum[i] == Vector6::Zero() && d.parentTwist[i] == Vector6::Zero() &&
                       d.wrench[i] == Vector6::Zero();  // off J's path to the root and subtree
    if (still) {
      for (int c = 0; c < joint.nq; ++c) column[joint.qIndex + c] = 0.0;
    } else if (joint.nq > 0) {
      const JointMatrix& A = b.AdS;
      const bool constant = constantMotionSubspace(ws.kin.joints[i], joint);
      const Vector6 x = b.phi - b.phiJoint;
      const Vector6 dT = adTranspose(d.parentTwist[i], ws.momentum[i]) + adTranspose(x, d.momentum[i]) + d.wrench[i];
      if (!constant && h != 0.0) motionSubspaceDerivative(b, joint.nq, d.momentum[i], dSdq);
      for (int c = 0; c < joint.nq; ++c) {
        const int row = joint.qIndex + c;
        double dg = A.col(c).dot(dT);
        if (!constant && h != 0.0) dg += dSdq[c];
        if (row == r) dg -= joint.stiffness * dq + joint.damping;
        column[row] = -A.col(c).dot(d.momentum[i]) + 0.5 * h * dg - (row == r ? joint.armature : 0.0);
      }
    }
    if (joint.parent >= 0) {
      Vector6 dh = d.momentum[i], dw = d.wrench[i];
      if (i == J) {  // d(Ad_iP^T) = -Ad_iP^T ad(A_i dq_i)^T on the subtree sums h_i, w_i
        const Vector6 a = dq * b.AdS.col(r - joint.qIndex);
        dh -= adTranspose(a, ws.momentum[i]);
        dw -= adTranspose(a, ws.wrench[i]);
      }
      d.momentum[joint.parent] += b.E_pi.wrenchToParent(dh);
      d.wrench[joint.parent] += b.E_pi.wrenchToParent(dw);
    }
  }
}

}  // namespace articulab::variational_minimal
