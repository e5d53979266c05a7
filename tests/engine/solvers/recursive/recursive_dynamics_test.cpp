// Recursive hybrid dynamics (sueda Alg 9) against independent oracles: the dense RedMax
// equations M_r qddot = f_r (eq 2.18) and O(n) Newton-Euler inverse dynamics.
#include <gtest/gtest.h>

#include "engine/algorithm/initial_state.hpp"
#include "engine/forces/applied_forces.hpp"
#include "engine/algorithm/inverse_dynamics.hpp"
#include "engine/solvers/recursive/hybrid_dynamics.hpp"
#include "engine/solvers/recursive/recursive_solver.hpp"
#include "engine/solvers/redmax/redmax_dynamics.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

std::vector<Model> modelsWithSprings() {
  std::vector<Model> list = {test::standardChain(1), test::standardChain(5), test::standardChain(20),
                             test::mixedTree()};
  for (int i = 0; i < 3; ++i) {  // springs and dampers on the chain too
    list[2].joints[i].stiffness = 3.0 + i;
    list[2].joints[i].damping = 0.2;
    list[2].joints[i].rest = VectorX::Constant(1, -0.1 * i);
  }
  return list;
}

VectorX redmaxAccelerations(const Model& model, const VectorX& q, const VectorX& qd, const Perturbation& pert) {
  RedMaxWorkspace ws(model);
  evaluateRedMax(model, q, qd, ForceInputs{pert, VectorX{}}, ws);
  return ws.Mr.llt().solve(ws.fr);
}

State randomState(const Model& model) {
  State state = makeInitialState(model);
  state.q = test::randomVector(model.nq, 1.5);
  state.qd = test::randomVector(model.nq, 2.0);
  return state;
}

Perturbation mousePull(const Model& model) {
  return {model.bodyCount() - 1, test::randomVector3(0.05), test::randomVector3(0.5), 40.0, 2.0};
}

TEST(RecursiveDynamics, AccelerationsMatchRedMaxAtRandomStates) {
  for (const Model& model : modelsWithSprings()) {
    auto solver = findBackend("recursive")->create(model, SolverOptions{});
    for (int trial = 0; trial < 5; ++trial) {
      State state = randomState(model);
      if (trial % 2 == 1) state.perturbation = mousePull(model);
      VectorX qdd(model.nq);
      solver->forwardDynamics(model, state, qdd);
      const VectorX expected = redmaxAccelerations(model, state.q, state.qd, state.perturbation);
      EXPECT_LT((qdd - expected).norm(), 1e-9 * expected.norm()) << model.name << " n = " << model.nq;
    }
  }
}

// The O(n) Newton-Euler force against RedMax's dense J^T (f_m - M_m Jdot qdot) (eq 2.18).
TEST(RecursiveDynamics, GeneralizedForceMatchesTheDenseRedMaxForce) {
  for (const Model& model : modelsWithSprings()) {
    const State state = randomState(model);
    const Perturbation pert = mousePull(model);
    TreeKinematics kin(model);
    computeKinematics(model, state.q, state.qd, kin);
    InverseDynamicsWorkspace ws(model);
    VectorX f(model.nq);
    generalizedForce(model, kin, state.q, state.qd, ForceInputs{pert, VectorX{}}, ws, f);
    RedMaxWorkspace dense(model);
    evaluateRedMax(model, state.q, state.qd, ForceInputs{pert, VectorX{}}, dense);
    EXPECT_LT((f - dense.fr).norm(), 1e-12 * dense.fr.norm()) << model.name;
  }
}

// Refreshing only the velocities gives what a full kinematics pass at the new qdot gives.
TEST(RecursiveDynamics, VelocityUpdateMatchesFullKinematics) {
  const Model model = test::mixedTree();
  const State state = randomState(model);
  const VectorX qd2 = test::randomVector(model.nq, 2.0);
  TreeKinematics updated(model), full(model);
  computeKinematics(model, state.q, state.qd, updated);
  updateVelocities(model, state.q, qd2, updated);
  computeKinematics(model, state.q, qd2, full);
  for (int i = 0; i < model.bodyCount(); ++i) {
    EXPECT_LT((updated.bodies[i].phi - full.bodies[i].phi).norm(), 1e-14) << i;
    EXPECT_LT((updated.bodies[i].eta - full.bodies[i].eta).norm(), 1e-13) << i;
    EXPECT_LT((updated.bodies[i].AdSdot - full.bodies[i].AdSdot).norm(), 1e-14) << i;
  }
}

// With every joint driven, Alg 9 is inverse dynamics: the forces must be M_r qddot - f_r.
TEST(RecursiveDynamics, FullyDrivenTreeReturnsTheInverseDynamicsForces) {
  for (Model model : modelsWithSprings()) {
    for (Joint& joint : model.joints) joint.driven = true;
    const State state = randomState(model);
    const VectorX prescribed = test::randomVector(model.nq, 3.0);
    HybridDynamicsWorkspace ws(model);
    VectorX qdd(model.nq), drivenForce(model.nq);
    hybridDynamics(model, state.q, state.qd, passiveInputs(), prescribed, ws, qdd, drivenForce);
    EXPECT_EQ(qdd, prescribed);

    InverseDynamicsWorkspace id(model);
    TreeKinematics kin(model);
    computeKinematics(model, state.q, state.qd, kin);
    VectorX tau(model.nq), passive = VectorX::Zero(model.nq);
    inverseDynamics(model, kin, prescribed, passiveInputs(), id, tau);
    addJointForces(model, state.q, state.qd, passive);
    EXPECT_LT((drivenForce - (tau - passive)).norm(), 1e-10 * (1 + tau.norm())) << model.name;
  }
}

// Mixed: free joints take the computed accelerations with no actuator force, driven joints the
// prescribed ones with the returned force. Inverse dynamics of the combined qddot must need
// exactly the passive joint forces at free joints and passive plus actuator at driven ones.
TEST(RecursiveDynamics, HybridDynamicsIsConsistentWithInverseDynamics) {
  Model model = test::mixedTree();
  for (int driven : {1, 3, 5, 8}) model.joints[driven].driven = true;  // universal, XZX, planar, free3d
  for (int trial = 0; trial < 5; ++trial) {
    State state = randomState(model);
    state.perturbation = mousePull(model);
    const VectorX prescribed = test::randomVector(model.nq, 3.0);
    HybridDynamicsWorkspace ws(model);
    VectorX qdd(model.nq), drivenForce(model.nq);
    hybridDynamics(model, state.q, state.qd, forceInputs(state), prescribed, ws, qdd, drivenForce);

    InverseDynamicsWorkspace id(model);
    TreeKinematics kin(model);
    computeKinematics(model, state.q, state.qd, kin);
    VectorX tau(model.nq), passive = VectorX::Zero(model.nq);
    inverseDynamics(model, kin, qdd, forceInputs(state), id, tau);
    addJointForces(model, state.q, state.qd, passive);
    EXPECT_LT((tau - passive - drivenForce).norm(), 1e-10 * (1 + tau.norm()));
    for (const Joint& joint : model.joints) {
      const auto range = Eigen::seqN(joint.qIndex, joint.nq);
      if (joint.driven) {
        EXPECT_EQ(qdd(range), prescribed(range)) << joint.name;
      } else {
        EXPECT_TRUE(drivenForce(range).isZero()) << joint.name;
      }
    }
  }
}

// No driven joint: hybrid dynamics is plain forward dynamics whatever "prescribed" holds.
TEST(RecursiveDynamics, PrescribedAccelerationsOfFreeJointsAreIgnored) {
  const Model model = test::mixedTree();
  const State state = randomState(model);
  HybridDynamicsWorkspace ws(model);
  VectorX a(model.nq), b(model.nq), force(model.nq);
  hybridDynamics(model, state.q, state.qd, passiveInputs(), VectorX::Zero(model.nq), ws, a, force);
  hybridDynamics(model, state.q, state.qd, passiveInputs(), test::randomVector(model.nq, 5.0), ws, b, force);
  EXPECT_EQ(a, b);
  EXPECT_TRUE(force.isZero());
}

TEST(RecursiveDynamics, SolverRejectsPrescribedAccelerationsOfTheWrongSize) {
  const Model model = test::standardChain(3);
  RecursiveSolver solver(model, SolverOptions{});
  try {
    solver.setPrescribedAccelerations(VectorX::Zero(2));
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("expected one per coordinate (3)"), std::string::npos) << error.what();
  }
}

TEST(RecursiveDynamics, LoopsAreRejectedWithAReason) {
  Model model = test::standardChain(3);
  model.loops.push_back(LoopConstraint{});
  const SolverSupport support = findBackend("recursive")->supports(model);
  EXPECT_FALSE(support.ok);
  EXPECT_NE(support.reason.find("loop"), std::string::npos) << support.reason;
}

// Joint limits are warned about; ground contact is simulated on the default (implicit) step and
// says so in a note (recursive_contact_test.cpp).
TEST(RecursiveDynamics, UnsupportedFeaturesAreWarnedAbout) {
  Model model = test::standardChain(3);
  model.joints[1].hasLimits = true;
  model.groundContact = true;
  const SolverSupport support = findBackend("recursive")->supports(model);
  EXPECT_TRUE(support.ok);
  ASSERT_EQ(support.warnings.size(), 1u);
  EXPECT_NE(support.warnings[0].find("link1_joint"), std::string::npos) << support.warnings[0];
  ASSERT_FALSE(support.notes.empty());
  EXPECT_NE(support.notes.back().find("contact"), std::string::npos) << support.notes.back();
}

}  // namespace
}  // namespace articulab
