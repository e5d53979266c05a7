// redmax's semi-implicit-rattle step on the loop closures (redmax_rattle.cpp, GNI VII.1):
// conservation and the closure residual as oracles on the standard four-bar of BENCHMARKS.md
// (10 s at 1 ms: the loop below 1e-10 m; the energy in a band of 0.038 J around E0 = 1.48047 J,
// where post-stabilisation drifts by +0.21 J; the 1e-2 J target of issue 30 is not met: M_r
// depends on q, docs/backends.md), first-order convergence to RK4 on a short trajectory, and
// the refusal of contact.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/semi_implicit_rattle.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

const SolverOptions kRedMaxRattle{kSemiImplicitRattle};

TEST(RedMaxRattle, FourBarKeepsEnergyAndLoopOverTenSeconds) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = loadScene(test::kScenes + "four_bar.json");
  const test::WatchedRun run = test::watchedRunFromStart(model, "redmax", kRedMaxRattle, 10.0, 10000);
  RecordProperty("band_J", std::to_string(run.energyBand));
  RecordProperty("loop_m", std::to_string(run.worstPosition));
  EXPECT_LT(run.energyBand, 5e-2);
  EXPECT_LT(run.worstPosition, 1e-10);
}

// 0.2 s of the four-bar against RK4 at 1e-5 s: the error of the step at h = 2e-4 and 1e-4 s
// halves with h (first order) and is below 5e-3 at 1e-4 s (measured 2.5e-3 on baraff, 2.1e-3 on redmax).
TEST(RedMaxRattle, ShortTrajectoryConvergesToRk4AtFirstOrder) {
  const Model model = loadScene(test::kScenes + "four_bar.json");
  const State reference = test::stepFromStart(model, "redmax", SolverOptions{Integrator::RK4}, 0.2, 20000);
  double errors[2];
  for (int level = 0; level < 2; ++level) {
    const State state = test::stepFromStart(model, "redmax", kRedMaxRattle, 0.2, 1000 << level);
    errors[level] = (state.q - reference.q).norm() + 0.2 * (state.qd - reference.qd).norm();
  }
  RecordProperty("error_1e-4", std::to_string(errors[1]));
  EXPECT_GT(errors[0] / errors[1], 1.8);
  EXPECT_LT(errors[0] / errors[1], 2.2);
  EXPECT_LT(errors[1], 5e-3);
}

TEST(RedMaxRattle, RefusesContact) {
  const Model falling = loadScene(test::kScenes + "falling_chain.json");
  const SolverSupport support = findBackend("redmax")->supports(falling, kRedMaxRattle);
  EXPECT_FALSE(support.ok);
  EXPECT_NE(support.reason.find("semi-implicit-rattle"), std::string::npos) << support.reason;
}

}  // namespace
}  // namespace articulab
