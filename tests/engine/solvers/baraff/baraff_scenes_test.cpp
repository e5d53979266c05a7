// The closed-loop, limit and contact scenes load and run: on baraff always, on redmax when
// they have no inequality constraints; loops stay closed and limits hold.
#include <gtest/gtest.h>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

// Runs a back-end for the given time at h = 1e-3 with the scene's drift control; returns the
// worst loop error and leaves the final state in `state`.
double runScene(const Model& model, const std::string& backend, Integrator integrator, double seconds, State& state) {
  const BackendInfo* info = findBackend(backend);
  const SolverSupport support = info->supports(model);
  EXPECT_TRUE(support.ok) << model.name << " on " << backend << ": " << support.reason;
  auto solver = info->create(model, sceneSolverOptions(*info, model, integrator));
  state = makeInitialState(model);
  double worst = 0;
  for (long k = 0; k < std::lround(seconds / 1e-3); ++k) {
    const StepStatus status = solver->step(model, state, 1e-3);
    EXPECT_TRUE(status.ok) << model.name << " on " << backend << ": " << status.message;
    if (!status.ok) break;
    worst = std::max(worst, test::worstLoopError(model, state));
  }
  return worst;
}

TEST(BaraffScenes, FourBarChainsStayClosedOnBothBackEnds) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  for (int n : {1, 2, 4, 8}) {
    const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar_chain_" + std::to_string(n) + ".json");
    ASSERT_EQ(static_cast<int>(model.loops.size()), n);
    State redmax, baraff;
    EXPECT_LT(runScene(model, "redmax", Integrator::LinearlyImplicitEuler, 1.0, redmax), 1e-9) << n;
    EXPECT_LT(runScene(model, "baraff", Integrator::SemiImplicitEuler, 1.0, baraff), 1e-9) << n;
    EXPECT_GT(redmax.qd.norm(), 0.1) << n;  // it swings
  }
}

// The PD servos at the hips spread the upper links: each hip ends nearer its set-point than
// it started, and the toe closure holds.
TEST(BaraffScenes, MinitaurLegFollowsItsHipServos) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/minitaur_leg.json");
  for (const std::string backend : {"redmax", "baraff"}) {
    State state;
    const Integrator integrator = backend == "redmax" ? Integrator::LinearlyImplicitEuler : Integrator::SemiImplicitEuler;
    EXPECT_LT(runScene(model, backend, integrator, 3.0, state), 1e-9) << backend;
    for (const char* hip : {"upper_front", "upper_back"}) {  // the bodies the hip joints carry
      const Joint& joint = model.joints[model.findBody(hip)];
      const double start = std::abs(model.q0[joint.qIndex] - joint.rest[0]);
      const double end = std::abs(state.q[joint.qIndex] - joint.rest[0]);
      EXPECT_LT(end, 0.5 * start) << backend << " " << hip;
    }
  }
}

TEST(BaraffScenes, LimitedTreeStaysWithinItsLimits) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/limited_tree.json");
  auto solver = findBackend("baraff")->create(model, test::sceneOptions("baraff", model, Integrator::SemiImplicitEuler));
  State state = makeInitialState(model);
  VectorX reached = VectorX::Zero(model.nq);  // largest |q - centre| / half-range seen
  double overshoot = 0;
  for (int k = 0; k < 3000; ++k) {
    ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
    for (const Joint& joint : model.joints) {
      const double q = state.q[joint.qIndex];
      overshoot = std::max({overshoot, joint.lower[0] - q, q - joint.upper[0]});
      const double centre = 0.5 * (joint.lower[0] + joint.upper[0]), half = 0.5 * (joint.upper[0] - joint.lower[0]);
      reached[joint.qIndex] = std::max(reached[joint.qIndex], std::abs(q - centre) / half);
    }
  }
  // Projected Gauss-Seidel and the joint projection leave a small overshoot (rad or m).
  EXPECT_LT(overshoot, 1e-4);
  RecordProperty("limit_overshoot", std::to_string(overshoot));
  EXPECT_GT(reached.minCoeff(), 0.99);  // every joint hit a limit
  EXPECT_FALSE(findBackend("redmax")->supports(model).warnings.empty());
}

TEST(BaraffScenes, FallingChainRunsOnBaraff) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/falling_chain.json");
  State state;
  runScene(model, "baraff", Integrator::SemiImplicitEuler, 1.0, state);
  EXPECT_LT(state.E_0i[0](2, 3), 0.2);  // the cube came down
}

}  // namespace
}  // namespace articulab
