// The variational-minimal back-end (lee-liu-park-srinivasa, midpoint discrete Lagrangian in joint
// coordinates): DRNEA against finite differences of the discrete action, the DEL residual at the
// step's solution, the Newton Jacobian's limit -M, energy without drift, second-order agreement
// with RK4 of another back-end, the pendulum period, bitwise continuation by a recreated solver,
// and refusals.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/variational_minimal/discrete_rnea.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_solver.hpp"
#include "tests/shared/test_solver_options.hpp"
#include "variational_minimal_test_util.hpp"

namespace articulab {
namespace {

using test::kScenes;

// spring_chain (gravity, force-element springs) made a tree with a prismatic joint and joint
// springs: link3 hangs from link1, link2 slides along its axis. Conservative (no dampers).
Model conservativeTree() {
  Model model = loadScene(kScenes + "spring_chain.json", {{"n", 4}});
  model.joints[2].type = JointType::Prismatic;
  model.joints[2].parts = defaultParts(JointType::Prismatic, Vector3(0.3, 0.0, 1.0).normalized());
  model.joints[3].parent = 1;
  for (Joint& joint : model.joints) {
    joint.stiffness = 3.0;
    joint.damping = 0.0;
    joint.rest = VectorX::Constant(joint.nq, 0.1);
  }
  EXPECT_EQ(finalizeModel(model), "");
  return model;
}

TEST(VariationalMinimal, DrneaMatchesFiniteDifferencesOfTheDiscreteAction) {
  const Model model = conservativeTree();
  test::expectDrneaIsTheActionGradient(model, VectorX::Zero(model.nq), 0.8, 0.05, 5);
}

TEST(VariationalMinimal, DelResidualIsZeroAtTheStepSolution) {
  Model model = conservativeTree();
  for (Joint& joint : model.joints) joint.damping = 0.2;  // forced DEL
  auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
  auto* minimal = dynamic_cast<VariationalMinimalSolver*>(solver.get());
  ASSERT_NE(minimal, nullptr);
  State state = makeInitialState(model);
  state.perturbation = {model.bodyCount() - 1, Vector3(0.01, 0, 0), Vector3(0.1, 0, -0.2), 50.0, 1.0};
  const double h = 2e-3;
  for (int k = 0; k < 20; ++k) ASSERT_TRUE(solver->step(model, state, h).ok);
  const State before = state;
  ASSERT_TRUE(solver->step(model, state, h).ok);
  EXPECT_LE(state.outputs.residual, VariationalMinimalSettings::kTolerance);
  EXPECT_GE(state.outputs.iterations, 1);
  minimal->beginStep(model, before, h);
  VectorX f(model.nq);
  minimal->residual(model, before, (state.q - before.q) / h, f);
  EXPECT_LT(f.cwiseAbs().maxCoeff(), 1e-9);
}

// df/dv = -M(q_m) + O(h): at h = 1e-5 the difference Jacobian equals -M to 1e-4 relative.
TEST(VariationalMinimal, NewtonJacobianTendsToMinusTheMassMatrix) {
  const Model model = conservativeTree();
  auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
  auto* minimal = dynamic_cast<VariationalMinimalSolver*>(solver.get());
  State state = makeInitialState(model);
  state.q = test::randomVector(model.nq, 0.8);
  state.qd = test::randomVector(model.nq, 1.0);
  const double h = 1e-5;
  minimal->beginStep(model, state, h);
  minimal->differenceJacobian(model, state, state.qd);
  const MatrixX J = minimal->jacobian();
  minimal->massMatrix(model, state.q + 0.5 * h * state.qd);
  const MatrixX M = minimal->jacobian();
  EXPECT_LT((J + M).norm(), 1e-4 * M.norm());
  EXPECT_LT((M - M.transpose()).norm(), 1e-12 * M.norm());
}

// The impulse-based update of RIQN (Alg 3): M^-1 b by the O(n) recursion against a dense solve.
TEST(VariationalMinimal, ImpulseUpdateMatchesADenseSolve) {
  const Model model = conservativeTree();
  auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
  auto* minimal = dynamic_cast<VariationalMinimalSolver*>(solver.get());
  for (int trial = 0; trial < 5; ++trial) {
    const VectorX q = test::randomVector(model.nq, 1.0), b = test::randomVector(model.nq, 1.0);
    VectorX x;
    minimal->solveMass(model, q, b, x);
    minimal->massMatrix(model, q);
    const VectorX dense = minimal->jacobian().lu().solve(b);
    EXPECT_LT((x - dense).norm(), 1e-10 * dense.norm());
  }
}

// RIQN with the dense Newton as fallback reaches the same configurations as the dense Newton
// alone (to the tolerance), on chains of 5 and 20 links at 1 ms, with few iterates.
TEST(VariationalMinimal, RiqnAgreesWithDenseNewton) {
  for (int n : {5, 20}) {
    const Model model = loadScene(kScenes + "spring_chain.json", {{"n", n}});
    const int steps = 300;
    SolverOptions denseOnly;
    denseOnly = test::withSetting(denseOnly, "variational-minimal", "riqn-iterations", 0);
    auto riqn = findBackend("variational-minimal")->create(model, SolverOptions{});
    auto dense = findBackend("variational-minimal")->create(model, denseOnly);
    State a = makeInitialState(model), b = a;
    long riqnIterations = 0, fallbacks = 0;
    for (int k = 0; k < steps; ++k) {
      ASSERT_TRUE(riqn->step(model, a, 1e-3).ok);
      ASSERT_TRUE(dense->step(model, b, 1e-3).ok);
      const auto* r = dynamic_cast<VariationalMinimalSolver*>(riqn.get());
      riqnIterations += r->riqnIterations();
      fallbacks += r->newtonIterations() > 0;
    }
    EXPECT_LT((a.q - b.q).norm(), 1e-8);
    const double mean = double(riqnIterations) / steps;
    std::printf("n = %d: RIQN %.2f iterates per step, %ld fallbacks in %d steps\n", n, mean, fallbacks, steps);
    EXPECT_LE(mean, 10.0);
  }
}

// Iterates over 2 s of the standard 10-link chain at 1 ms (it whips after about 1 s): RIQN per
// step, and the steps where the dense Newton had to take over.
TEST(VariationalMinimal, IterationCountsOnTheTenLinkChain) {
  const Model model = loadScene(kScenes + "chain.json", {{"n", 10}});
  auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
  const auto* minimal = dynamic_cast<VariationalMinimalSolver*>(solver.get());
  State state = makeInitialState(model);
  long riqn = 0, newton = 0, fallbacks = 0, worst = 0;
  const int steps = 2000;
  for (int k = 0; k < steps; ++k) {
    ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
    riqn += minimal->riqnIterations();
    newton += minimal->newtonIterations();
    fallbacks += minimal->newtonIterations() > 0;
    worst = std::max<long>(worst, state.outputs.iterations);
  }
  std::printf("chain 10: RIQN %.2f, Newton %.3f iterates per step, fallback in %ld of %d steps, most %ld\n",
              double(riqn) / steps, double(newton) / steps, fallbacks, steps, worst);
  RecordProperty("riqn_per_step", std::to_string(double(riqn) / steps));
  RecordProperty("fallback_steps", std::to_string(fallbacks));
  EXPECT_LE(double(riqn + newton) / steps, 12.0);
}

// Double pendulum at 1 ms for 200 s: the energy stays in a band, with no drift between the first
// and the last 20 s.
TEST(VariationalMinimal, EnergyBoundedWithoutDriftOnTheDoublePendulum) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = loadScene(kScenes + "double_pendulum.json");
  auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
  State state = makeInitialState(model);
  const double E0 = computeEnergy(model, state).total(), h = 1e-3;
  const int steps = 200000, window = 20000;
  double worst = 0.0, first = 0.0, last = 0.0;
  long iterations = 0;
  for (int k = 0; k < steps; ++k) {
    ASSERT_TRUE(solver->step(model, state, h).ok);
    iterations += state.outputs.iterations;
    const double dE = std::abs(computeEnergy(model, state).total() - E0);
    worst = std::max(worst, dE);
    if (k < window) first += dE / window;
    if (k >= steps - window) last += dE / window;
  }
  RecordProperty("energy_band", std::to_string(worst));
  RecordProperty("mean_first", std::to_string(first));
  RecordProperty("mean_last", std::to_string(last));
  RecordProperty("mean_iterations", std::to_string(double(iterations) / steps));
  std::printf("E0 %.6g band %.3g mean|dE| first %.3g last %.3g iterations %.3f\n", E0, worst, first, last,
              double(iterations) / steps);
  EXPECT_LT(worst, 1e-3 * std::max(1.0, std::abs(E0)));
  EXPECT_LT(last, 2.0 * first + 1e-9);
}

// Against RK4 on recursive from the same state over 0.2 s (chain of 3 with a spring-damper scene
// setting too): the error in q and qd falls with h at second order.
TEST(VariationalMinimal, ConvergesToRk4AtSecondOrder) {
  for (const char* scene : {"chain.json", "spring_chain.json"}) {
    SCOPED_TRACE(scene);
    Model model = loadScene(kScenes + scene, {{"n", 3}});
    for (Joint& joint : model.joints) joint.damping = 0.05;
    const double T = 0.2;
    const State reference = test::stepFromStart(model, "recursive", SolverOptions{Integrator::RK4}, T, 4000);
    double errors[2];
    for (int level = 0; level < 2; ++level) {
      const State state = test::stepFromStart(model, "variational-minimal", SolverOptions{}, T, 100 << level);
      VectorX x(2 * model.nq), y(2 * model.nq);
      x << state.q, state.qd;
      y << reference.q, reference.qd;
      errors[level] = (x - y).norm();
    }
    const double order = std::log2(errors[0] / errors[1]);
    std::printf("%s: errors %.3g %.3g order %.3f\n", scene, errors[0], errors[1], order);
    RecordProperty("order", std::to_string(order));
    EXPECT_LT(errors[0], 1e-3);
    EXPECT_GT(order, 1.8);
    EXPECT_LT(order, 2.3);
  }
}

// Physical pendulum (one standard link about its end), small-angle period 2 pi sqrt(I / (m g d)).
TEST(VariationalMinimal, PendulumPeriodMatchesClosedForm) {
  Model model = loadScene(kScenes + "single_pendulum.json");
  model.q0[0] = 0.01;
  const Body& link = model.bodies[0];
  const double d = 0.05, m = link.mass;
  const double Ic = link.M(1, 1) - m * link.com.squaredNorm();
  const double T0 = 2.0 * M_PI * std::sqrt((Ic + m * d * d) / (m * 9.81 * d));
  auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
  State state = makeInitialState(model);
  const double h = 1e-3;
  double previous = state.q[0], firstCrossing = -1.0, period = 0.0;
  int crossings = 0;
  while (crossings < 5 && state.t < 10.0) {
    ASSERT_TRUE(solver->step(model, state, h).ok);
    if (previous > 0.0 && state.q[0] <= 0.0) {
      const double t = state.t - h * state.q[0] / (state.q[0] - previous);
      if (firstCrossing < 0.0) firstCrossing = t;
      if (++crossings == 5) period = (t - firstCrossing) / 4.0;
    }
    previous = state.q[0];
  }
  EXPECT_NEAR(period / T0, 1.0, 1e-4);
}

TEST(VariationalMinimal, RecreatedSolverContinuesBitwise) {
  const Model model = loadScene(kScenes + "spring_chain.json", {{"n", 5}});
  State start = makeInitialState(model);
  start.perturbation = {2, Vector3(0.01, 0, 0), Vector3(0.1, 0, -0.2), 50.0, 1.0};
  test::expectRecreatedSolverContinuesBitwise(model, start);
}

TEST(VariationalMinimal, NonConvergingStepNamesBackendStepAndResidual) {
  const StepStatus status = test::starvedFirstStep(loadScene(kScenes + "chain.json", {{"n", 3}}));
  ASSERT_FALSE(status.ok);
  EXPECT_NE(status.message.find("variational-minimal"), std::string::npos) << status.message;
  EXPECT_NE(status.message.find("step 0"), std::string::npos) << status.message;
  EXPECT_NE(status.message.find("residual"), std::string::npos) << status.message;
}

TEST(VariationalMinimal, RefusesJointLimitsAndContactButRunsLoops) {
  const BackendInfo* backend = findBackend("variational-minimal");
  ASSERT_NE(backend, nullptr);
  const auto reason = [backend](const Model& model) { return backend->supports(model).reason; };
  EXPECT_NE(reason(loadScene(kScenes + "branching_tree.json")).find("limits"), std::string::npos);
  EXPECT_NE(reason(loadScene(kScenes + "falling_chain.json")).find("ground contact"), std::string::npos);
  EXPECT_TRUE(backend->supports(loadScene(kScenes + "four_bar.json")).ok);  // variational_minimal_loops_test
  EXPECT_TRUE(backend->supports(loadScene(kScenes + "double_pendulum.json")).ok);
  EXPECT_TRUE(backend->supports(loadScene(kScenes + "spring_chain.json")).ok);
}

}  // namespace
}  // namespace articulab
