#include "engine/solvers/recursive/spring_implicit_velocity.hpp"

#include <limits>

#include "engine/forces/implicit_elements.hpp"
#include "engine/solvers/recursive/inverse_inertia.hpp"

namespace articulab {

namespace {

using Vector12 = Eigen::Matrix<double, 12, 1>;

// Joint forces f - h K_r qdot and pivots h D_r + h^2 K_r (eq 2.75-2.78).
void linearizeJointSprings(const Model& model, const VectorX& qd, double h, HybridDynamicsWorkspace& dynamics,
                           SpringImplicitWorkspace& ws) {
  for (const Joint& joint : model.joints) {
    JointSquare& block = ws.blocks[joint.child];
    block.setZero();
    ws.cross[joint.child].setZero();
    if (joint.nq == 0) continue;
    block.diagonal().setConstant(h * joint.damping + h * h * joint.stiffness);
    dynamics.jointForce.segment(joint.qIndex, joint.nq) -= (h * joint.stiffness) * qd.segment(joint.qIndex, joint.nq);
  }
}

// Jdot qdot of every body: a_i = Ad_ip a_p + eta_i (the accelerations at qddot = 0).
void velocityProducts(const Model& model, const TreeKinematics& kin, BodyVectors& a) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const int parent = model.joints[i].parent;
    a[i] = kin.bodies[i].eta;
    if (parent >= 0) a[i] += kin.bodies[i].E_pi.twistToChild(a[parent]);
  }
}

// A two-body element between a body and its parent (free joint), H = h D + h^2 K over (a; b),
// folded into the elimination (header): A on the parent, B and C' on the joint, C^T Jdot qdot_p
// on the joint force.
void foldIntoJoint(const Model& model, int a, int b, const Matrix12& H, HybridDynamicsWorkspace& dynamics,
                   SpringImplicitWorkspace& ws) {
  const bool aIsParent = model.joints[b].parent == a;
  const int p = aIsParent ? a : b, i = aIsParent ? b : a;
  const int sp = aIsParent ? 0 : 6, si = 6 - sp;
  const Matrix6 Hpp = H.block<6, 6>(sp, sp), Hpi = H.block<6, 6>(sp, si), Hii = H.block<6, 6>(si, si);
  const BodyKinematics& k = dynamics.kin.bodies[i];
  const Matrix6 X = k.E_pi.adjoint();
  const Matrix6 HpiX = Hpi * X;
  const Matrix6 A = Hpp + HpiX + HpiX.transpose() + X.transpose() * Hii * X;
  ArticulatedBody& parent = dynamics.articulated.bodies[p];
  parent.inertia += A;
  parent.bias.noalias() -= A * ws.velocityProduct[p];
  const Joint& joint = model.joints[i];
  if (joint.nq == 0) return;
  const Matrix6 crossWrench = k.E_pi.inverseAdjoint().transpose() * Hpi + Hii;  // X^-T H_pi + H_ii
  const JointMatrix Cprime = crossWrench * k.AdS;
  ws.cross[i] += Cprime;
  ws.blocks[i].noalias() += k.AdS.transpose() * Hii * k.AdS;
  dynamics.jointForce.segment(joint.qIndex, joint.nq).noalias() +=
      Cprime.transpose() * k.E_pi.twistToChild(ws.velocityProduct[p]);  // C^T vp_p = C'^T X vp_p
}

// The bias gets -h K phi of every element (the right-hand side above); an element on one body
// also joins its inertia and gives back P Jdot qdot. Two-body elements are folded into the
// elimination (a body and its parent) or keep their H for the coupling.
void linearizeElements(const Model& model, const ForceInputs& inputs, double h, HybridDynamicsWorkspace& dynamics,
                       SpringImplicitWorkspace& ws) {
  if (!model.forces.empty() || !model.muscles.empty() || inputs.perturbation.body >= 0)
    velocityProducts(model, dynamics.kin, ws.velocityProduct);
  std::size_t pair = 0, coupled = 0;
  const auto visit = [&](int a, int b, const ElementJacobians& jacobians) {
    const int bodies[2] = {a, b};
    for (int s = 0; s < 2; ++s) {
      if (bodies[s] < 0) continue;
      for (int t = 0; t < 2; ++t)
        if (bodies[t] >= 0)
          dynamics.articulated.bodies[bodies[s]].bias +=
              (h * jacobians.K.block<6, 6>(6 * s, 6 * t)) * dynamics.kin.bodies[bodies[t]].phi;
    }
    if (a >= 0 && b >= 0) {
      const Matrix12 H = h * jacobians.D + (h * h) * jacobians.K;
      if (ws.coupling.folded[pair++]) foldIntoJoint(model, a, b, H, dynamics, ws);
      else ws.coupling.H[coupled++] = H;
      return;
    }
    const int s = a >= 0 ? 0 : 1;
    const Matrix6 P = h * jacobians.D.block<6, 6>(6 * s, 6 * s) + (h * h) * jacobians.K.block<6, 6>(6 * s, 6 * s);
    ArticulatedBody& body = dynamics.articulated.bodies[bodies[s]];
    body.inertia += P;
    body.bias -= P * ws.velocityProduct[bodies[s]];
  };
  forEachImplicitElement(model, TreeMotion{dynamics.kin}, inputs, ws.jacobians, visit);
}

// Whether bodies a and b are a body and its parent across a joint that is not driven.
bool parentAndChild(const Model& model, int a, int b) {
  const auto childOf = [&model](int parent, int child) {
    return model.joints[child].parent == parent && !model.joints[child].driven;
  };
  return childOf(a, b) || childOf(b, a);
}

// U^T x: the stacked twists (J x)_a, (J x)_b of every coupled element.
void elementTwists(const Model& model, const TreeKinematics& kin, const VectorX& x, ElementCoupling& c,
                   Eigen::Ref<VectorX> out) {
  jacobianProducts(model, kin, x, c.twists, c.twistRates);
  for (std::size_t e = 0; e < c.pairs.size(); ++e) {
    const auto [a, b] = c.pairs[e];
    out.segment<6>(12 * e) = c.twists.segment<6>(6 * a);
    out.segment<6>(12 * e + 6) = c.twists.segment<6>(6 * b);
  }
}

// Column (e, k) of A^-1 L: Alg 10 on J_e^T H_e[:, k] with the driven rows zeroed.
void couplingColumn(const Model& model, HybridDynamicsWorkspace& dynamics, std::size_t e, int k, ElementCoupling& c) {
  const auto [a, b] = c.pairs[e];
  c.bodyVector.setZero();
  c.bodyVector.segment<6>(6 * a) += c.H[e].block<6, 1>(0, k);
  c.bodyVector.segment<6>(6 * b) += c.H[e].block<6, 1>(6, k);
  jacobianTransposeProduct(model, dynamics.kin, c.bodyVector, c.alpha, c.column);
  for (const Joint& joint : model.joints)
    if (joint.driven) c.column.segment(joint.qIndex, joint.nq).setZero();
  applyInverseInertia(model, dynamics.kin, c.column, true, dynamics.articulated, c.solved);
  c.W.col(12 * e + k) = c.solved;
}

// out = G x = sum_e J_e^T H_e J_e x, driven rows zero (L's rows of driven joints are zero).
void couplingProduct(const Model& model, const TreeKinematics& kin, const VectorX& x, ElementCoupling& c) {
  jacobianProducts(model, kin, x, c.twists, c.twistRates);
  c.bodyVector.setZero();
  for (std::size_t e = 0; e < c.pairs.size(); ++e) {
    const auto [a, b] = c.pairs[e];
    Vector12 twists;
    twists << c.twists.segment<6>(6 * a), c.twists.segment<6>(6 * b);
    const Vector12 wrenches = c.H[e] * twists;
    c.bodyVector.segment<6>(6 * a) += wrenches.head<6>();
    c.bodyVector.segment<6>(6 * b) += wrenches.tail<6>();
  }
  jacobianTransposeProduct(model, kin, c.bodyVector, c.alpha, c.column);
  for (const Joint& joint : model.joints)
    if (joint.driven) c.column.segment(joint.qIndex, joint.nq).setZero();
}

// a = (I + A^-1 G)^-1 a with the factored capacitance.
void correctDensely(ElementCoupling& c, VectorX& a) {
  c.weights.noalias() = c.lu.solve(a);
  a = c.weights;
}

// a -= A^-1 L (I + U^T A^-1 L)^-1 U^T a with the factored capacitance and W = A^-1 L.
void correctByWoodbury(const Model& model, const TreeKinematics& kin, ElementCoupling& c, VectorX& a) {
  elementTwists(model, kin, a, c, c.projected);
  c.weights.noalias() = c.lu.solve(c.projected);
  a.noalias() -= c.W * c.weights;
}

// a = (I + A^-1 G)^-1 a, with a = A^-1 r from the hybrid-dynamics pass: column k of the matrix
// is e_k + A^-1 G e_k.
void coupleDensely(const Model& model, HybridDynamicsWorkspace& dynamics, ElementCoupling& c, VectorX& a) {
  for (int k = 0; k < model.nq; ++k) {
    c.weights.setZero();
    c.weights[k] = 1.0;
    couplingProduct(model, dynamics.kin, c.weights, c);
    applyInverseInertia(model, dynamics.kin, c.column, true, dynamics.articulated, c.solved);
    c.capacitance.col(k) = c.solved;
  }
  c.capacitance.diagonal().array() += 1.0;
  c.lu.compute(c.capacitance);
  correctDensely(c, a);
}

// a -= A^-1 L (I + U^T A^-1 L)^-1 U^T a, with a = A^-1 r from the hybrid-dynamics pass.
void coupleByWoodbury(const Model& model, HybridDynamicsWorkspace& dynamics, ElementCoupling& c, VectorX& a) {
  const std::size_t m = c.pairs.size();
  for (std::size_t e = 0; e < m; ++e)
    for (int k = 0; k < 12; ++k) couplingColumn(model, dynamics, e, k, c);
  for (Eigen::Index j = 0; j < c.W.cols(); ++j) {
    c.column = c.W.col(j);
    elementTwists(model, dynamics.kin, c.column, c, c.capacitance.col(j));
  }
  c.capacitance.diagonal().array() += 1.0;
  c.lu.compute(c.capacitance);
  correctByWoodbury(model, dynamics.kin, c, a);
}

}  // namespace

ElementCoupling::ElementCoupling(const Model& model) {
  for (const auto& [a, b] : coupledBodyPairs(model)) {
    folded.push_back(parentAndChild(model, a, b));
    if (!folded.back()) pairs.emplace_back(a, b);
  }
  const Eigen::Index rank = 12 * static_cast<Eigen::Index>(pairs.size());
  dense = rank >= model.nq;
  const Eigen::Index k = dense ? model.nq : rank;
  const Eigen::Index six = 6 * model.bodyCount();
  H.resize(pairs.size());
  W = MatrixX::Zero(model.nq, dense ? 0 : k);
  capacitance = MatrixX::Zero(k, k);
  lu = Eigen::PartialPivLU<MatrixX>(k);
  projected = VectorX::Zero(k);
  weights = VectorX::Zero(k);
  bodyVector = VectorX::Zero(six);
  twists = VectorX::Zero(six);
  twistRates = VectorX::Zero(six);
  column = VectorX::Zero(model.nq);
  solved = VectorX::Zero(model.nq);
  alpha.resize(model.bodies.size());
}

SpringImplicitWorkspace::SpringImplicitWorkspace(const Model& model)
    : blocks(model.bodies.size()),
      velocityProduct(model.bodies.size(), Vector6::Zero()),
      acceleration(VectorX::Zero(model.nq)),
      drivenForce(VectorX::Zero(model.nq)),
      coupling(model) {
  cross.resize(model.bodies.size());
  for (const Joint& joint : model.joints) {
    blocks[joint.child] = JointSquare::Zero(joint.nq, joint.nq);
    cross[joint.child] = JointMatrix::Zero(6, joint.nq);
  }
}

void springImplicitVelocity(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                            const VectorX& prescribed, double h, HybridDynamicsWorkspace& dynamics,
                            SpringImplicitWorkspace& ws, VectorX& qdNext) {
  loadHybridDynamics(model, q, qd, inputs, dynamics);
  linearizeJointSprings(model, qd, h, dynamics, ws);
  linearizeElements(model, inputs, h, dynamics, ws);
  solveHybridDynamics(model, prescribed, &ws.blocks, dynamics, ws.acceleration, ws.drivenForce, &ws.cross);
  if (!ws.coupling.pairs.empty() && ws.acceleration.allFinite()) {
    if (ws.coupling.dense) coupleDensely(model, dynamics, ws.coupling, ws.acceleration);
    else coupleByWoodbury(model, dynamics, ws.coupling, ws.acceleration);
  }
  qdNext = qd + h * ws.acceleration;
}

void applySpringImplicitInverse(const Model& model, HybridDynamicsWorkspace& dynamics, SpringImplicitWorkspace& ws,
                                const VectorX& x, VectorX& y) {
  applyInverseInertia(model, dynamics.kin, x, true, dynamics.articulated, y);
  if (ws.coupling.pairs.empty()) return;
  if (ws.coupling.dense) correctDensely(ws.coupling, y);
  else correctByWoodbury(model, dynamics.kin, ws.coupling, y);
}

}  // namespace articulab
