#include "engine/solvers/recursive/spring_implicit_velocity.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab {

namespace {

// Joint forces f - h K_r qdot and pivots h D_r + h^2 K_r (eq 2.75-2.78).
void linearizeJointSprings(const Model& model, const VectorX& qd, double h, HybridDynamicsWorkspace& dynamics,
                           SpringImplicitWorkspace& ws) {
  for (const Joint& joint : model.joints) {
    JointSquare& block = ws.blocks[joint.child];
    block.setZero();
    if (joint.nq == 0) continue;
    block.diagonal().setConstant(h * joint.damping + h * h * joint.stiffness);
    dynamics.jointForce.segment(joint.qIndex, joint.nq) -= (h * joint.stiffness) * qd.segment(joint.qIndex, joint.nq);
  }
}

// Jdot qdot of every body up to `last`: a_i = Ad_ip a_p + eta_i (the accelerations at qddot = 0).
void velocityProducts(const Model& model, const RecursiveKinematics& kin, int last, BodyVectors& a) {
  for (int i = 0; i <= last; ++i) {
    const int parent = model.joints[i].parent;
    a[i] = kin.bodies[i].eta;
    if (parent >= 0) a[i] += kin.bodies[i].E_pi.twistToChild(a[parent]);
  }
}

// P_m = (h c + h^2 k) Gamma^T Gamma joins the body's inertia (Alg 10 line 7); the bias gets the
// implicit force's -h K_m phi and gives back P_m Jdot qdot, which the pass would add.
void linearizePerturbation(const Model& model, const Perturbation& pert, double h, HybridDynamicsWorkspace& dynamics,
                           SpringImplicitWorkspace& ws) {
  if (pert.body < 0) return;
  const Matrix3x6 Gamma = se3::Gamma(pert.pointLocal);
  const Matrix6 GammaTGamma = Gamma.transpose() * Gamma;
  const Matrix6 P = (h * pert.damping + h * h * pert.stiffness) * GammaTGamma;
  velocityProducts(model, dynamics.kin, pert.body, ws.velocityProduct);
  ArticulatedBody& body = dynamics.articulated.bodies[pert.body];
  body.inertia += P;
  body.bias += (h * pert.stiffness) * (GammaTGamma * dynamics.kin.bodies[pert.body].phi);
  body.bias -= P * ws.velocityProduct[pert.body];
}

}  // namespace

SpringImplicitWorkspace::SpringImplicitWorkspace(const Model& model)
    : blocks(model.bodies.size()),
      velocityProduct(model.bodies.size(), Vector6::Zero()),
      acceleration(VectorX::Zero(model.nq)),
      drivenForce(VectorX::Zero(model.nq)) {
  for (const Joint& joint : model.joints) blocks[joint.child] = JointSquare::Zero(joint.nq, joint.nq);
}

void springImplicitVelocity(const Model& model, const VectorX& q, const VectorX& qd, const Perturbation& pert,
                            const VectorX& prescribed, double h, HybridDynamicsWorkspace& dynamics,
                            SpringImplicitWorkspace& ws, VectorX& qdNext) {
  loadHybridDynamics(model, q, qd, pert, dynamics);
  linearizeJointSprings(model, qd, h, dynamics, ws);
  linearizePerturbation(model, pert, h, dynamics, ws);
  solveHybridDynamics(model, prescribed, &ws.blocks, dynamics, ws.acceleration, ws.drivenForce);
  qdNext = qd + h * ws.acceleration;
}

}  // namespace articulab
