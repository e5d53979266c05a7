// Staggered-projection (SP) iterations on the rough falling chain (test::roughFallingChain:
// falling_chain.json from 0.3 m with ground friction 0.5, 3 s at 1 ms, semi-implicit with
// post-stabilisation, 4 pyramid directions, sp-tolerance 1e-8, cap 50) on the three back-ends
// with frictional contact. Issue 15 asks for at most 20 iterations on every step of every shipped
// scene; at these (default) settings some of the chain's steps need more (even with the
// active-set step, sp_active_set_step.hpp), so the shipped chain, scenes/falling_chain_rough.json,
// carries its own settings (sp-active-set 2, sp-regularisation 1e-4), under which every step
// meets the target (the last two tests). The distribution per back-end is a benchmark
// (bench/rough_chain_iterations_bench.cpp; docs/performance.md); the tests here assert what is
// physics: SP converges on the steps on average within 10 iterations, at most 10 % of the steps
// take more than 20, and the active-set step leads SP to the same fixed point as plain SP (the
// velocity after every step, from the same state, against a plain-SP step: the oracle).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

using test::countRoughChainIterations;
using test::kRoughChainCap;
using test::kRoughChainStep;
using test::kRoughChainSteps;
using test::roughChainOptions;
using test::RoughChainIterationCounts;

// The chain's run on `backend` with sp-active-set `activeSetStep`, every step ok and more than
// 2000 of them with contact; prints the distribution (and the slow steps' times).
RoughChainIterationCounts checkedRoughChainCounts(const char* backend, const Model& model, int activeSetStep) {
  State state;
  const RoughChainIterationCounts c = countRoughChainIterations(backend, model, activeSetStep, state);
  EXPECT_EQ(c.failure, "") << backend;
  EXPECT_GT(c.contactSteps, 2000) << backend;
  std::printf("%s (sp-active-set %d): %d contact steps, mean %.2f, most %d, above 20: %d, at the cap: %d, slow steps "
              "at t =%s\n",
              backend, activeSetStep, c.contactSteps, c.mean(), c.most, c.over20, c.atCap, c.slowWindows.c_str());
  return c;
}

// Mean below 10 iterations and at most 10 % of the contact steps above 20, every step ok.
TEST(RoughChainIterations, ConvergeOnEveryContactBackend) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = test::roughFallingChain();
  for (const char* backend : {"baraff", "redmax", "recursive"}) {
    const RoughChainIterationCounts c = checkedRoughChainCounts(backend, model, 1);
    EXPECT_LT(c.mean(), 10.0) << backend;
    EXPECT_LT(c.over20, c.contactSteps / 10) << backend;
    RecordProperty(std::string(backend) + "_mean", test::sci(c.mean()));
    RecordProperty(std::string(backend) + "_above_20", c.over20);
  }
}

// The semismooth-Newton reading (sp-active-set 2): mean below 3.5 iterations and at most 10 steps
// above 20 on each back-end (measured 2026-11-28: means 2.73 / 2.34 / 2.37 and 5 / 1 / 0 steps
// above 20 on baraff / redmax / recursive, against 4.89 / 4.18 / 4.25 and 70 / 15 / 19 with the
// default sp-active-set 1), every step ok. Not the default: where plain SP stalls it ends at
// other points than plain SP (docs/performance.md), so the test below does not hold for it.
TEST(RoughChainIterations, NewtonActiveSetStepCutsTheSlowSteps) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = test::roughFallingChain();
  for (const char* backend : {"baraff", "redmax", "recursive"}) {
    const RoughChainIterationCounts c = checkedRoughChainCounts(backend, model, 2);
    EXPECT_LT(c.mean(), 3.5) << backend;
    EXPECT_LE(c.over20, 10) << backend;
    RecordProperty(std::string(backend) + "_newton_mean", test::sci(c.mean()));
    RecordProperty(std::string(backend) + "_newton_above_20", c.over20);
  }
}

// Along the chain's run with the active-set step, every contact step is repeated from the same
// state by a solver with plain SP (sp-active-set 0; the state carries everything, so both start
// alike): where both converged (below the cap), the velocities after the step agree to
// kRoughChainSameFixedPoint m/s or rad/s, the size of SP's tolerance 1e-8 relative to the
// contact force times h / m, on all but two in a thousand of the steps (measured 2026-11-28:
// largest gap 4e-7 on baraff and redmax; on recursive 3 steps of 2825 up to 3.6e-5, steps where
// SP stops on a slowly moving iterate, the velocity not unique to its tolerance there).
constexpr double kRoughChainSameFixedPoint = 1e-6;

struct RoughChainStepGaps {
  int compared = 0, apart = 0;
  double largest = 0.0;
};

// Along the chain's run with `options` on `backend`, every contact step is repeated from the same
// state by a solver with `reference` (the state carries everything, so both start alike); where
// both stopped below their caps, the gap of the velocities after the step.
RoughChainStepGaps roughChainStepGaps(const char* backend, const Model& model, const SolverOptions& options,
                                      const SolverOptions& reference, int referenceCap) {
  auto solver = findBackend(backend)->create(model, options);
  auto other = findBackend(backend)->create(model, reference);
  State state = makeInitialState(model);
  RoughChainStepGaps gaps;
  for (int k = 0; k < kRoughChainSteps; ++k) {
    State otherState = state;
    const bool ok = solver->step(model, state, kRoughChainStep).ok;
    EXPECT_TRUE(ok) << backend;
    EXPECT_TRUE(other->step(model, otherState, kRoughChainStep).ok) << backend;
    if (!ok) break;
    if (state.outputs.contactIterations == 0 || state.outputs.contactIterations >= kRoughChainCap ||
        otherState.outputs.contactIterations >= referenceCap)
      continue;
    ++gaps.compared;
    const double gap = (state.qd - otherState.qd).lpNorm<Eigen::Infinity>();
    gaps.largest = std::max(gaps.largest, gap);
    gaps.apart += gap > kRoughChainSameFixedPoint;
  }
  return gaps;
}

TEST(RoughChainIterations, ActiveSetStepKeepsPlainStaggeredProjectionsFixedPoint) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = test::roughFallingChain();
  for (const char* backend : {"baraff", "redmax", "recursive"}) {
    const RoughChainStepGaps gaps = roughChainStepGaps(backend, model, roughChainOptions(backend, 1),
                                                       roughChainOptions(backend, 0), kRoughChainCap);
    std::printf("%s: %d steps compared, largest velocity gap %.3g, %d above %g\n", backend, gaps.compared,
                gaps.largest, gaps.apart, kRoughChainSameFixedPoint);
    EXPECT_GT(gaps.compared, 2000) << backend;
    EXPECT_LE(gaps.apart * 500, gaps.compared) << backend;
    RecordProperty(std::string(backend) + "_velocity_gap", test::sci(gaps.largest));
  }
}

// The semismooth-Newton reading (sp-active-set 2) ends at SP's fixed point: along its run at
// sp-tolerance 1e-8, every contact step repeated from the same state with sp-tolerance 1e-10
// (cap 1000) ends at the same velocities to kRoughChainSameFixedPoint on all but five in a
// thousand of the steps (measured 2026-11-28: 0 / 5 / 5 of about 2840 steps, largest gap 1.5e-7
// / 9.0e-5 / 4.9e-5 on baraff / redmax / recursive). Plain SP and the default sp-active-set 1 do
// not meet this against themselves (their end point moves with the tolerance on 3 to 9 % of the
// steps, by up to 6e-3; docs/performance.md), which is why the test above compares with plain SP
// at the same tolerance instead.
TEST(RoughChainIterations, NewtonActiveSetStepEndsWhereATighterToleranceEnds) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = test::roughFallingChain();
  for (const char* backend : {"baraff", "redmax", "recursive"}) {
    SolverOptions tight = roughChainOptions(backend, 2);
    tight = test::withSetting(tight, backend, "sp-tolerance", 1e-10);
    tight = test::withSetting(tight, backend, "sp-iterations", 1000);
    const RoughChainStepGaps gaps =
        roughChainStepGaps(backend, model, roughChainOptions(backend, 2), tight, 1000);
    std::printf("%s (Newton): %d steps compared, largest velocity gap %.3g, %d above %g\n", backend, gaps.compared,
                gaps.largest, gaps.apart, kRoughChainSameFixedPoint);
    EXPECT_GT(gaps.compared, 2500) << backend;
    EXPECT_LE(gaps.apart * 200, gaps.compared) << backend;
    RecordProperty(std::string(backend) + "_newton_tolerance_gap", test::sci(gaps.largest));
  }
}

// The shipped scene scenes/falling_chain_rough.json (the chain above from 0.3 m, with its own
// solver settings: sp-active-set 2 and sp-regularisation 1e-4 on each back-end) meets issue 15's
// target on every step of its 3 s on the three back-ends: at most 20 SP iterations at the
// tolerance 1e-8 (measured 2026-11-28: at most 8 / 10 / 10 on baraff / redmax / recursive, mean
// 2.1). The chain comes to rest (kinetic energy below 1e-9 J) and stays put: no body moves by
// more than 1e-6 m over the last second (measured 3.9e-8 m: the regularised normal rows let a
// resting corner sink by a few 1e-9 m per step, which the next step's recovery lifts again).
// Energy over one step, relative to max(1, |E|): on baraff it rises by at most 2.8e-7 (measured),
// that same sink and lift at the regularisation 1e-4 (5.6e-13 with the normal rows at 1e-10);
// on redmax and recursive by up to 3.9e-4, at t = 0.17 s while the cube pivots on one corner,
// semi-implicit Euler's own (the frictionless chain gains 4.7e-4 on that step; see
// ReducedContact.EnergyNeverRisesOverAStepOnTheContactScenes).
TEST(RoughChainIterations, ShippedSceneMeetsTheTargetAndComesToRest) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = loadScene(test::kScenes + "falling_chain_rough.json");
  for (const char* backend : {"baraff", "redmax", "recursive"}) {
    auto solver = findBackend(backend)->create(model, test::sceneOptions(backend, model, model.defaults.integrator));
    State state = makeInitialState(model);
    int contactSteps = 0, most = 0;
    std::vector<Matrix4> lastSecond;
    double moved = 0.0, energy = computeEnergy(model, state).total(), rise = -1e300;
    for (int k = 0; k < kRoughChainSteps; ++k) {
      const StepStatus status = solver->step(model, state, kRoughChainStep);
      ASSERT_TRUE(status.ok) << backend << ": " << status.message;
      const double after = computeEnergy(model, state).total();
      rise = std::max(rise, (after - energy) / std::max(1.0, std::abs(energy)));
      energy = after;
      contactSteps += state.outputs.contactIterations > 0;
      most = std::max(most, state.outputs.contactIterations);
      if (k == kRoughChainSteps - 1001) lastSecond = state.E_0i;
      if (lastSecond.empty()) continue;
      for (std::size_t i = 0; i < state.E_0i.size(); ++i)
        moved = std::max(moved, (state.E_0i[i].col(3) - lastSecond[i].col(3)).norm());
    }
    EXPECT_GT(contactSteps, 2000) << backend;
    EXPECT_LE(most, 20) << backend;
    EXPECT_LT(computeEnergy(model, state).kinetic, 1e-9) << backend;
    EXPECT_LT(moved, 1e-6) << backend;
    EXPECT_LT(rise, std::string(backend) == "baraff" ? 1e-6 : 2e-3) << backend;
    std::printf("%s: %d contact steps, at most %d SP iterations, moved %.3g m over the last second, largest energy "
                "rise %.3g\n", backend, contactSteps, most, moved, rise);
    RecordProperty(std::string(backend) + "_scene_most_iterations", most);
  }
}

// The shipped scene's end points are SP's fixed point: every contact step repeated from the same
// state with sp-tolerance 1e-10 (cap 1000) ends at the same velocities to
// kRoughChainSameFixedPoint on all but five in a thousand of the steps.
TEST(RoughChainIterations, ShippedSceneEndsWhereATighterToleranceEnds) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = loadScene(test::kScenes + "falling_chain_rough.json");
  for (const char* backend : {"baraff", "redmax", "recursive"}) {
    const SolverOptions options = test::sceneOptions(backend, model, model.defaults.integrator);
    SolverOptions tight = options;
    tight = test::withSetting(tight, backend, "sp-tolerance", 1e-10);
    tight = test::withSetting(tight, backend, "sp-iterations", 1000);
    const RoughChainStepGaps gaps = roughChainStepGaps(backend, model, options, tight, 1000);
    std::printf("%s (shipped scene): %d steps compared, largest velocity gap %.3g, %d above %g\n", backend,
                gaps.compared, gaps.largest, gaps.apart, kRoughChainSameFixedPoint);
    EXPECT_GT(gaps.compared, 2500) << backend;
    EXPECT_LE(gaps.apart * 200, gaps.compared) << backend;
    RecordProperty(std::string(backend) + "_scene_tolerance_gap", test::sci(gaps.largest));
  }
}

}  // namespace
}  // namespace articulab
