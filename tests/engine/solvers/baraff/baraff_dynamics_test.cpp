// Baraff back-end on trees: the O(n) block LDL^T agrees with the dense KKT solve, and the
// maximal-coordinate accelerations agree with RedMax's reduced ones at the same state.
#include <gtest/gtest.h>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/jacobian.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/baraff/dense_kkt.hpp"
#include "engine/constraints/loop_rows.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

// The mixed tree of test_util with its composite joint made universal: every joint type the
// baraff back-end supports (fixed, revolute, prismatic, planar, universal, both
// sphericals, free2d, free3d), branches and a joint spring, at a random state.
Model supportedTree() {
  Model model = test::mixedTree();
  for (Joint& joint : model.joints)
    if (joint.type == JointType::Composite) {
      joint.type = JointType::Universal;
      joint.parts = defaultParts(JointType::Universal, Vector3::UnitZ());
    }
  finalizeModel(model);
  model.q0 = test::randomVector(model.nq, 0.8);
  model.qd0 = test::randomVector(model.nq, 1.5);
  return model;
}

// supportedTree with rotors (Joint::armature) on its revolute and prismatic joints.
Model rotorTree() {
  Model model = supportedTree();
  for (Joint& joint : model.joints)
    if (baraff::carriesArmature(joint)) joint.armature = 0.02 + 0.01 * joint.qIndex;
  return model;
}

VectorX stackAccelerations(const std::vector<Vector6>& a) {
  VectorX v(6 * a.size());
  for (std::size_t i = 0; i < a.size(); ++i) v.segment<6>(6 * i) = a[i];
  return v;
}

VectorX stackMultipliers(const baraff::ConstrainedSolution& s) {
  VectorX v(0);
  for (const baraff::RowVector& l : s.lambda) {
    VectorX w(v.size() + l.size());
    w << v, l;
    v = w;
  }
  return v;
}

// Composite and general joints have no fixed row form: refused, with the joint and the reason.
TEST(BaraffDynamics, SupportsEveryFixedFormJointAndRejectsCompositeAndGeneral) {
  EXPECT_TRUE(BaraffSolver::supports(supportedTree()).ok);
  const SolverSupport composite = BaraffSolver::supports(test::mixedTree());
  EXPECT_FALSE(composite.ok);
  EXPECT_NE(composite.reason.find("is composite"), std::string::npos) << composite.reason;
  EXPECT_NE(composite.reason.find("no fixed row form"), std::string::npos) << composite.reason;
  const SolverSupport general = BaraffSolver::supports(loadScene(ARTICULAB_SOURCE_DIR "/scenes/torus_chain_10.json"));
  EXPECT_FALSE(general.ok);
  EXPECT_NE(general.reason.find("(a general joint)"), std::string::npos) << general.reason;
  EXPECT_NE(general.reason.find("no fixed row form"), std::string::npos) << general.reason;
}

TEST(BaraffDynamics, LinearTimeFactorMatchesDenseKKT) {
  for (const Model& model : {supportedTree(), rotorTree()}) {
    BaraffSolver solver(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None));
    const State state = makeInitialState(model);
    ASSERT_TRUE(solver.solveAccelerations(model, state).ok);
    const baraff::DenseKKTSolution dense = baraff::solveDenseKKT(model, solver.system());
    EXPECT_LT(test::relativeError(stackAccelerations(solver.solution().a), dense.a), 1e-9);
    EXPECT_LT(test::relativeError(stackMultipliers(solver.solution()), dense.lambda), 1e-9);
  }
}

// The rotors as nodes of their own in the dense KKT matrix (mass armature, one row each; the
// test above compares its body accelerations and multipliers with the tree solve, which folds
// the rotors into the joints' pivots): the rotors' accelerations are the joints' qddot.
TEST(BaraffDynamics, RotorNodesInTheDenseKKTMatchTheTreeSolve) {
  const Model model = rotorTree();
  BaraffSolver solver(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None));
  const State state = makeInitialState(model);
  VectorX qdd(model.nq);
  solver.forwardDynamics(model, state, qdd);
  const baraff::DenseKKTSolution dense = baraff::solveDenseKKT(model, solver.system());
  VectorX rotorQdd(0);
  for (const Joint& joint : model.joints)
    if (joint.armature != 0.0) {
      rotorQdd.conservativeResize(rotorQdd.size() + 1);
      rotorQdd[rotorQdd.size() - 1] = qdd[joint.qIndex];
    }
  ASSERT_GE(rotorQdd.size(), 2);
  ASSERT_EQ(rotorQdd.size(), dense.rotors.size());
  EXPECT_LT(test::relativeError(rotorQdd, dense.rotors), 1e-9);
  Model withoutRotors = model;
  for (Joint& joint : withoutRotors.joints) joint.armature = 0.0;
  VectorX qddBare(model.nq);
  BaraffSolver(withoutRotors, SolverOptions{}).forwardDynamics(withoutRotors, state, qddBare);
  EXPECT_GT((qdd - qddBare).norm(), 1e-2 * qdd.norm());  // the rotors matter
}

// Iterative refinement (what a post-stabilised step does with the factor of the projection):
// H factored at poses A, the system assembled at poses B = A exp(delta). For |delta| ~ 1e-7 (a
// projection correction) one correction reaches the direct solve at B; for |delta| ~ 1e-2 the
// refinement declines and says so.
TEST(BaraffDynamics, RefinedSolveWithNearbyFactorMatchesDirectSolve) {
  for (const Model& model : {supportedTree(), test::closedSphericalChain(6, LoopType::Hinge), rotorTree()}) {
    const State a = makeInitialState(model);
    BaraffSolver atA(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None));
    ASSERT_TRUE(atA.solveAccelerations(model, a).ok);
    for (double size : {1e-7, 1e-2}) {
      State b = a;
      for (Matrix4& E : b.E_0i) E = E * se3::exp(test::randomTwist(size));
      BaraffSolver atB(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None));
      ASSERT_TRUE(atB.solveAccelerations(model, b).ok);
      const int k = constraints::totalLoopRows(model);
      baraff::AnticipationSolver refined(model, k);
      baraff::SolveReport report;
      ASSERT_TRUE(refined.factor(model, atA.system(), report));
      baraff::ConstraintSystem system = atB.system();
      baraff::ConstrainedSolution x(model, k);
      const bool accepted = refined.solveRefined(model, system, atB.system().force, x, report);
      if (size > 1e-3) {
        EXPECT_FALSE(accepted);
        continue;
      }
      ASSERT_TRUE(accepted) << model.name;
      EXPECT_LT(test::relativeError(stackAccelerations(x.a), stackAccelerations(atB.solution().a)), 1e-9) << model.name;
      EXPECT_LT(test::relativeError(stackMultipliers(x), stackMultipliers(atB.solution())), 1e-9) << model.name;
      if (k > 0) EXPECT_LT(test::relativeError(x.mu, atB.solution().mu), 1e-9) << model.name;
    }
  }
}

// The reduced back-ends (RedMax, recursive) on the same scene and state: qddot agree, and so
// do the body accelerations phidot = J qddot + Jdot qdot (eq 2.14-2.15), on the tree with every
// supported joint type and on the standard 10-link chain at a random state.
TEST(BaraffDynamics, AccelerationsAgreeWithTheReducedBackEnds) {
  Model chain = test::standardChain(10);
  chain.q0 = test::randomVector(chain.nq, 1.0);
  chain.qd0 = test::randomVector(chain.nq, 2.0);
  for (const Model& model : {supportedTree(), chain}) {
    const State state = makeInitialState(model);
    VectorX qddBaraff(model.nq);
    BaraffSolver solver(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None));
    solver.forwardDynamics(model, state, qddBaraff);
    TreeKinematics kin(model);
    computeKinematics(model, state.q, state.qd, kin);
    MatrixX J = MatrixX::Zero(6 * model.bodyCount(), model.nq), Jdot = J;
    fillJacobians(model, kin, J, Jdot);
    for (const char* backend : {"redmax", "recursive"}) {
      ASSERT_TRUE(findBackend(backend)->supports(model).ok) << backend;
      VectorX qddReduced(model.nq);
      findBackend(backend)->create(model, SolverOptions{})->forwardDynamics(model, state, qddReduced);
      const VectorX phidot = J * qddReduced + Jdot * state.qd;
      EXPECT_LT(test::relativeError(stackAccelerations(solver.solution().a), phidot), 1e-8) << model.name << " " << backend;
      EXPECT_LT(test::relativeError(qddBaraff, qddReduced), 1e-8) << model.name << " " << backend;
    }
  }
}

// A link hanging straight down at rest: the joint pushes up with the link's weight.
TEST(BaraffDynamics, HangingLinkMultiplierCarriesTheWeight) {
  const Model model = test::standardChain(1, 0.0);
  BaraffSolver solver(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None));
  const State state = makeInitialState(model);
  ASSERT_TRUE(solver.solveAccelerations(model, state).ok);
  const baraff::PrimaryConstraint& c = solver.system().primary[0];
  const Vector6 wrench = baraff::childRows(c).transpose() * solver.solution().lambda[0];
  const Vector3 forceWorld = state.E_0i[0].topLeftCorner<3, 3>() * wrench.tail<3>();
  EXPECT_NEAR(forceWorld.z(), model.bodies[0].mass * 9.81, 1e-9);
  EXPECT_NEAR(forceWorld.head<2>().norm(), 0.0, 1e-9);
  EXPECT_LT(solver.solution().a[0].norm(), 1e-9);
}

TEST(BaraffDynamics, RecoveredJointCoordinatesFollowTheReducedMotion) {
  const Model model = test::standardChain(5);
  auto baraff = findBackend("baraff")->create(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::PostStabilization));
  auto redmax = findBackend("redmax")->create(model, SolverOptions{Integrator::SemiImplicitEuler});
  State a = makeInitialState(model), b = makeInitialState(model);
  for (int k = 0; k < 200; ++k) {
    ASSERT_TRUE(baraff->step(model, a, 1e-4).ok);
    ASSERT_TRUE(redmax->step(model, b, 1e-4).ok);
  }
  EXPECT_LT((a.q - b.q).lpNorm<Eigen::Infinity>(), 1e-3);  // two first-order integrators, 20 ms apart
  EXPECT_LT(computeDrift(model, a).worst.position, 1e-12);
  EXPECT_LT(computeDrift(model, a).worst.rotation, 1e-12);
}

// Without drift control the joints come apart; post-stabilisation keeps them together.
TEST(BaraffDynamics, JointDriftGrowsWithoutControlAndNotWithPostStabilisation) {
  const Model model = test::standardChain(10);
  auto run = [&](DriftControl drift) {
    auto solver = findBackend("baraff")->create(model, test::solverOptions(Integrator::SemiImplicitEuler, drift));
    State state = makeInitialState(model);
    for (int k = 0; k < 2000; ++k) EXPECT_TRUE(solver->step(model, state, 1e-3).ok);
    return computeDrift(model, state).worst.position;
  };
  const double none = run(DriftControl::None), post = run(DriftControl::PostStabilization);
  EXPECT_GT(none, 1e-6);
  EXPECT_LT(post, 1e-12);
  EXPECT_LT(run(DriftControl::Baumgarte), none);
}

// Whipping links leave violations of centimetres after a step: the 50-link standard chain at
// h = 4 ms (where its links turn by up to 0.2 rad a step) needs more than 8 Newton iterates in
// some steps of the position projection; every step must still end on the joints.
TEST(BaraffDynamics, PositionProjectionConvergesOnAWhippingChain) {
  const Model model = test::standardChain(50);
  auto solver = findBackend("baraff")->create(
      model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::PostStabilization));
  State state = makeInitialState(model);
  double worst = 0.0;
  for (int k = 0; k < 1250; ++k) {
    const StepStatus status = solver->step(model, state, 4e-3);
    ASSERT_TRUE(status.ok) << status.message;
    worst = std::max(worst, computeDrift(model, state).worst.position);
  }
  EXPECT_LT(worst, 1e-12);
}

}  // namespace
}  // namespace articulab
