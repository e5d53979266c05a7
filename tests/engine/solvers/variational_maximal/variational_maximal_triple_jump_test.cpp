// variational-triple-jump (variational-maximal): Yoshida's triple jump of the trapezoid step.
// Its sub-step stepped by h then by -h against the start, its order against a tight RK4 of
// another back-end, and its energy band and loop error on four_bar.json at 1 ms.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/cli/commands.hpp"

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_solver.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/engine/cli_engine_run.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

using test::kScenes;

SolverOptions tightTripleJumpOptions(Integrator integrator) {
  SolverOptions options{integrator};
  options = test::withSetting(options, "variational-maximal", "newton-tolerance", 1e-13);
  return options;
}

// Largest difference of poses and twists between two states of the same model.
double largestPoseTwistDifference(const State& a, const State& b) {
  double largest = 0.0;
  for (std::size_t i = 0; i < a.E_0i.size(); ++i) {
    largest = std::max(largest, (a.E_0i[i] - b.E_0i[i]).cwiseAbs().maxCoeff());
    largest = std::max(largest, (a.phi[i] - b.phi[i]).cwiseAbs().maxCoeff());
  }
  return largest;
}

// The sub-step (RATTLE form of the trapezoidal discrete Lagrangian) by h and then by -h returns
// to a moving state of the four-bar to rounding: symmetric, so the triple jump is fourth order
// (measured 6e-15 at 2 ms and 8e-15 at 1 ms; the variational-trapezoid reading, whose end
// velocity is u_2 + (h/2) a, returned 1e-4 and 7e-7 there).
TEST(VariationalMaximalTripleJump, SubStepByHThenMinusHReturnsToTheStart) {
  const Model model = loadScene(kScenes + "four_bar.json");
  VariationalMaximalSolver solver(model, tightTripleJumpOptions(VariationalMaximalSolver::kVariationalTripleJump));
  State start = makeInitialState(model);
  for (int k = 0; k < 300; ++k) ASSERT_TRUE(solver.step(model, start, 1e-3).ok);
  for (double h : {2e-3, 1e-3}) {
    State state = start;
    ASSERT_TRUE(solver.symmetricSubStep(model, state, h).ok);
    EXPECT_GT(largestPoseTwistDifference(state, start), 1e-4);  // it moved
    ASSERT_TRUE(solver.symmetricSubStep(model, state, -h).ok);
    const double gap = largestPoseTwistDifference(state, start);
    RecordProperty("gap_at_" + std::to_string(h), std::to_string(gap));
    EXPECT_LT(gap, 1e-13) << h;
  }
}

// Against RK4 on recursive (h = 50 us) over 0.2 s on the 3-link chain, in q and qdot, at h = 8,
// 4 and 2 ms: the error falls at fourth order (measured 4.03 and 4.01).
TEST(VariationalMaximalTripleJump, ConvergesToRk4AtFourthOrder) {
  const Model model = loadScene(kScenes + "chain.json", {{"n", 3}});
  const std::array<double, 2> orders = test::ordersAgainstRk4(model, "variational-maximal", tightTripleJumpOptions(VariationalMaximalSolver::kVariationalTripleJump), 0.2);
  for (int level = 0; level < 2; ++level) {
    RecordProperty("order_" + std::to_string(level), std::to_string(orders[level]));
    EXPECT_GT(orders[level], 3.8) << level;
    EXPECT_LT(orders[level], 4.3) << level;
  }
}

// four_bar.json over 10 s at 1 ms (issue 12 asks 1e-4 J): energy within 1e-6 J (measured
// 1.8e-7 J; variational-trapezoid 1.2e-4 J), loop and joints below 1e-9 m, with the default
// Newton tolerance; the constraint holds at every sub-step.
TEST(VariationalMaximalTripleJump, EnergyBandOnTheFourBar) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = loadScene(kScenes + "four_bar.json");
  const test::WatchedRun run = test::watchedRunFromStart(
      model, "variational-maximal", SolverOptions{VariationalMaximalSolver::kVariationalTripleJump}, 10.0, 10000);
  RecordProperty("band_J", std::to_string(run.energyBand));
  EXPECT_LT(run.energyBand, 1e-6);
  EXPECT_LT(run.worstPosition, 1e-9);
  EXPECT_NEAR(run.state.t, 10.0, 1e-12);
  EXPECT_EQ(run.state.step, 10000);
}

// A sub-step that fails leaves the state as it was and names the step and the sub-step.
TEST(VariationalMaximalTripleJump, AFailedSubStepLeavesTheState) {
  Model model = loadScene(kScenes + "single_pendulum.json");
  model.qd0[0] = 500.0;
  auto solver = findBackend("variational-maximal")->create(model, SolverOptions{VariationalMaximalSolver::kVariationalTripleJump});
  State state = makeInitialState(model);
  const State before = state;
  const StepStatus status = solver->step(model, state, 1e-2);
  EXPECT_FALSE(status.ok);
  EXPECT_NE(status.message.find("body 'link0'"), std::string::npos) << status.message;
  EXPECT_NE(status.message.find("at step 0 (t = 0 s) (triple-jump sub-step 1 of 3"), std::string::npos) << status.message;
  EXPECT_EQ(state.E_0i, before.E_0i);
  EXPECT_EQ(state.qd, before.qd);
  EXPECT_EQ(state.t, before.t);
}

// Chosen by name on the command line and in a scene file: the CLI runs it, and its last energy
// row equals an engine run of the same steps.
TEST(VariationalMaximalTripleJump, SelectedByTheCliAndTheSceneFile) {
  const test::CliEngineRun run =
      test::fourBarCliAgainstEngine("variational-maximal", VariationalMaximalSolver::kVariationalTripleJump);
  EXPECT_NE(run.printout.find("integrator variational-triple-jump"), std::string::npos) << run.printout;
  EXPECT_LT(run.energyGap, 1e-12);

  std::ifstream original(kScenes + "four_bar.json");
  std::string text((std::istreambuf_iterator<char>(original)), std::istreambuf_iterator<char>());
  const std::string from = "\"integrator\": \"variational-trapezoid\"";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), "\"integrator\": \"variational-triple-jump\"");
  const std::string scene = (std::filesystem::temp_directory_path() / "articulab_triple_jump_four_bar.json").string();
  std::ofstream(scene) << text;
  std::ostringstream sceneOut, sceneErr;
  ASSERT_EQ(cli::runCommand({scene, "--duration", "0.01"}, sceneOut, sceneErr), 0) << sceneErr.str();
  EXPECT_NE(sceneOut.str().find("integrator variational-triple-jump"), std::string::npos) << sceneOut.str();
}

}  // namespace
}  // namespace articulab
