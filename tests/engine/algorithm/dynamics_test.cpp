// Equations of motion against independent oracles at random states (sueda 2.3, eq 2.18):
// kinetic energy, the gravity force as minus the gradient of the potential, the quadratic
// velocity vector from finite differences of the Lagrangian, and O(n) inverse dynamics.
#include <gtest/gtest.h>

#include "engine/algorithm/force_jacobians.hpp"
#include "engine/forces/applied_forces.hpp"
#include "engine/algorithm/inverse_dynamics.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/solvers/redmax/redmax_dynamics.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

struct Evaluated {
  MatrixX M;
  VectorX f;
};

Evaluated redmax(const Model& model, const VectorX& q, const VectorX& qd) {
  RedMaxWorkspace ws(model);
  evaluateRedMax(model, q, qd, passiveInputs(), ws);
  return {ws.Mr, ws.fr};
}

double kineticEnergy(const Model& model, const VectorX& q, const VectorX& qd) {
  TreeKinematics kin(model);
  computeKinematics(model, q, qd, kin);
  double T = 0;
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Vector6& phi = kin.bodies[i].phi;
    T += 0.5 * phi.dot(model.bodies[i].M * phi);
  }
  return T;
}

double potentialEnergy(const Model& model, const VectorX& q) {
  State state;
  state.q = q;
  state.qd = VectorX::Zero(model.nq);
  TreeKinematics kin(model);
  computeKinematics(model, q, state.qd, kin);
  state.E_0i.resize(model.bodies.size());
  state.phi.resize(model.bodies.size());
  copyWorldMotion(kin, state.E_0i, state.phi);
  return computeEnergy(model, state).potential;
}

std::vector<Model> chainAndTree() { return {test::standardChain(5), test::mixedTree()}; }

TEST(Dynamics, KineticEnergyEqualsHalfQdotMQdot) {
  ASSERT_EQ(test::mixedTree().nq, 24);  // every joint type present
  for (const Model& model : chainAndTree()) {
    for (int trial = 0; trial < 5; ++trial) {
      const VectorX q = test::randomVector(model.nq, 1.5), qd = test::randomVector(model.nq, 2.0);
      const Evaluated e = redmax(model, q, qd);
      EXPECT_NEAR(0.5 * qd.dot(e.M * qd), kineticEnergy(model, q, qd), 1e-12 * (1 + kineticEnergy(model, q, qd)))
          << model.name;
      EXPECT_LT((e.M - e.M.transpose()).norm(), 1e-12);
    }
  }
}

// With qdot = 0 the reduced force is gravity plus joint springs: f = -dV/dq.
TEST(Dynamics, GravityForceIsMinusTheGradientOfThePotential) {
  for (const Model& model : chainAndTree()) {
    const VectorX q = test::randomVector(model.nq, 1.5), zero = VectorX::Zero(model.nq);
    const VectorX f = redmax(model, q, zero).f;
    for (int k = 0; k < model.nq; ++k) {
      const double h = 1e-6;
      VectorX qp = q, qm = q;
      qp[k] += h;
      qm[k] -= h;
      const double dV = (potentialEnergy(model, qp) - potentialEnergy(model, qm)) / (2 * h);
      EXPECT_NEAR(f[k], -dV, 1e-7 * (1 + std::abs(dV))) << model.name << " coordinate " << k;
    }
  }
}

// Lagrange: M qddot + Mdot qdot - dT/dq = f_ext, so the quadratic velocity vector of eq 2.18 is
// -(Mdot qdot - dT/dq), with Mdot and dT/dq from central differences of M(q).
TEST(Dynamics, QuadraticVelocityVectorMatchesTheLagrangian) {
  for (const Model& model : chainAndTree()) {
    const VectorX q = test::randomVector(model.nq, 1.5), qd = test::randomVector(model.nq, 2.0);
    const VectorX zero = VectorX::Zero(model.nq);
    const Evaluated moving = redmax(model, q, qd);
    // Remove gravity and the joint damper (linear in qdot) to isolate the quadratic term.
    VectorX quadratic = moving.f - redmax(model, q, zero).f;
    for (const Joint& joint : model.joints) quadratic.segment(joint.qIndex, joint.nq) += joint.damping * qd.segment(joint.qIndex, joint.nq);
    const double h = 1e-6;
    const MatrixX Mdot = (redmax(model, q + h * qd, zero).M - redmax(model, q - h * qd, zero).M) / (2 * h);
    VectorX dTdq(model.nq);
    for (int k = 0; k < model.nq; ++k) {
      VectorX qp = q, qm = q;
      qp[k] += h;
      qm[k] -= h;
      dTdq[k] = (kineticEnergy(model, qp, qd) - kineticEnergy(model, qm, qd)) / (2 * h);
    }
    const VectorX oracle = -(Mdot * qd - dTdq);
    EXPECT_LT((quadratic - oracle).norm(), 1e-6 * (1 + oracle.norm())) << model.name;
  }
}

// tau = M qddot - f from the O(n) recursion equals the dense RedMax terms.
TEST(Dynamics, RecursiveInverseDynamicsMatchesRedMax) {
  for (const Model& model : chainAndTree()) {
    const VectorX q = test::randomVector(model.nq, 1.5), qd = test::randomVector(model.nq, 2.0);
    const VectorX qdd = test::randomVector(model.nq, 3.0);
    const Evaluated e = redmax(model, q, qd);
    InverseDynamicsWorkspace ws(model);
    TreeKinematics kin(model);
    computeKinematics(model, q, qd, kin);
    VectorX tau(model.nq);
    inverseDynamics(model, kin, qdd, passiveInputs(), ws, tau);
    VectorX jointForces = VectorX::Zero(model.nq);
    addJointForces(model, q, qd, jointForces);
    const VectorX expected = e.M * qdd - e.f + jointForces;
    EXPECT_LT((tau - expected).norm(), 1e-10 * (1 + expected.norm())) << model.name;
  }
}

// The mouse spring is a point force: its generalized force is J_point^T F.
TEST(Dynamics, PerturbationIsThePointForceThroughTheJacobian) {
  const Model model = test::standardChain(4);
  const VectorX q = test::randomVector(model.nq, 1.0), qd = test::randomVector(model.nq, 1.0);
  Perturbation pert{3, Vector3(0.01, 0, -0.04), Vector3(0.3, 0.1, -0.2), 50.0, 0.0};
  RedMaxWorkspace with(model), without(model);
  evaluateRedMax(model, q, qd, ForceInputs{pert, VectorX{}}, with);
  evaluateRedMax(model, q, qd, passiveInputs(), without);
  // Oracle: F = k (target - x(q)); generalized force = dx/dq^T F with dx/dq by differences.
  auto point = [&](const VectorX& qq) {
    TreeKinematics kin(model);
    computeKinematics(model, qq, qd, kin);
    return Vector3(kin.bodies[3].R_0i * pert.pointLocal + kin.bodies[3].p_0i);
  };
  const Vector3 F = pert.stiffness * (pert.targetWorld - point(q));
  VectorX expected(model.nq);
  for (int k = 0; k < model.nq; ++k) {
    VectorX qp = q, qm = q;
    qp[k] += 1e-6;
    qm[k] -= 1e-6;
    expected[k] = ((point(qp) - point(qm)) / 2e-6).dot(F);
  }
  EXPECT_LT((with.fr - without.fr - expected).norm(), 1e-7 * expected.norm());
}

// K and D of the implicit step: directional derivatives of f along random directions.
TEST(Dynamics, ForceJacobiansMatchDirectionalDerivatives) {
  const Model model = test::mixedTree();
  const VectorX q = test::randomVector(model.nq, 1.0), qd = test::randomVector(model.nq, 1.0);
  ForceJacobianWorkspace ws(model);
  MatrixX K(model.nq, model.nq), D(model.nq, model.nq);
  forceJacobians(model, q, qd, passiveInputs(), ws, K, D);
  const VectorX dq = test::randomVector(model.nq), dqd = test::randomVector(model.nq);
  const double h = 1e-5;
  auto f = [&](const VectorX& qq, const VectorX& vv) { return redmax(model, qq, vv).f; };
  const VectorX dfdq = (f(q + h * dq, qd) - f(q - h * dq, qd)) / (2 * h);
  const VectorX dfdqd = (f(q, qd + h * dqd) - f(q, qd - h * dqd)) / (2 * h);
  EXPECT_LT((-K * dq - dfdq).norm(), 1e-6 * (1 + dfdq.norm()));
  EXPECT_LT((-D * dqd - dfdqd).norm(), 1e-7 * (1 + dfdqd.norm()));
}

}  // namespace
}  // namespace articulab
