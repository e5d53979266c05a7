// baraff's semi-implicit-rattle step (baraff_rattle.cpp, GNI VII.1): conservation and the
// constraint residual as oracles (the standard four-bar of BENCHMARKS.md over 10 s at 1 ms keeps
// E0 = 1.48047 J within 1e-2 J and its loop below 1e-10 m; loop_chain keeps its energy in a
// band), first-order convergence to RK4 on a short trajectory, and the refusal of inequality rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/semi_implicit_rattle.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

const SolverOptions kBaraffRattle{kSemiImplicitRattle};

TEST(BaraffRattle, FourBarKeepsEnergyAndLoopOverTenSeconds) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = loadScene(test::kScenes + "four_bar.json");
  const test::WatchedRun run = test::watchedRunFromStart(model, "baraff", kBaraffRattle, 10.0, 10000);
  RecordProperty("band_J", std::to_string(run.energyBand));
  RecordProperty("loop_m", std::to_string(run.worstPosition));
  EXPECT_LT(run.energyBand, 1e-2);
  EXPECT_LT(run.worstPosition, 1e-10);
}

// |E - E0| over 10 s at the scene's step, relative to the run's largest kinetic energy.
double rattleRelativeEnergyBand(const Model& model, double h) {
  auto solver = findBackend("baraff")->create(model, kBaraffRattle);
  State state = makeInitialState(model);
  const double E0 = computeEnergy(model, state).total();
  double band = 0.0, largestKinetic = 0.0;
  for (long k = 0; k < std::lround(10.0 / h); ++k) {
    const StepStatus status = solver->step(model, state, h);
    EXPECT_TRUE(status.ok) << status.message;
    if (!status.ok) break;
    const EnergyReport energy = computeEnergy(model, state);
    band = std::max(band, std::abs(energy.total() - E0));
    largestKinetic = std::max(largestKinetic, energy.kinetic);
  }
  return band / largestKinetic;
}

// loop_chain over 10 s at its step: the loop held, the energy band measured at 3.0 % of the
// largest kinetic energy (the 1 % target of issue 30 is not met by this first-order step; the
// spherical chain's multiplier Newton stops converging at t = 5.4 s, docs/backends.md).
TEST(BaraffRattle, LoopChainKeepsEnergyInABand) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = loadScene(test::kScenes + "loop_chain.json");
  const double band = rattleRelativeEnergyBand(model, model.defaults.dt);
  RecordProperty("relative_band", std::to_string(band));
  EXPECT_LT(band, 4e-2);
}

// 0.2 s of the four-bar against RK4 at 1e-5 s: the error of the step at h = 2e-4 and 1e-4 s
// halves with h (first order) and is below 5e-3 at 1e-4 s (measured 2.5e-3 on baraff, 2.1e-3 on redmax).
TEST(BaraffRattle, ShortTrajectoryConvergesToRk4AtFirstOrder) {
  const Model model = loadScene(test::kScenes + "four_bar.json");
  const State reference = test::stepFromStart(model, "baraff", SolverOptions{Integrator::RK4}, 0.2, 20000);
  double errors[2];
  for (int level = 0; level < 2; ++level) {
    const State state = test::stepFromStart(model, "baraff", kBaraffRattle, 0.2, 1000 << level);
    errors[level] = (state.q - reference.q).norm() + 0.2 * (state.qd - reference.qd).norm();
  }
  RecordProperty("error_1e-4", std::to_string(errors[1]));
  EXPECT_GT(errors[0] / errors[1], 1.8);
  EXPECT_LT(errors[0] / errors[1], 2.2);
  EXPECT_LT(errors[1], 5e-3);
}

TEST(BaraffRattle, RefusesInequalityRows) {
  const Model falling = loadScene(test::kScenes + "falling_chain.json");
  const SolverSupport support = findBackend("baraff")->supports(falling, kBaraffRattle);
  EXPECT_FALSE(support.ok);
  EXPECT_NE(support.reason.find("semi-implicit-rattle"), std::string::npos) << support.reason;
}

}  // namespace
}  // namespace articulab
