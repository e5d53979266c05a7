// Staggered-projection (SP) iterations on the rough falling chain (test::roughFallingChain:
// falling_chain.json from 0.3 m with ground friction 0.5, 3 s at 1 ms, semi-implicit with
// post-stabilisation, 4 pyramid directions, sp-tolerance 1e-8, cap 50) on the three back-ends
// with frictional contact. Issue 15 asks for at most 20 iterations on every step of every shipped
// scene; this chain is not shipped because some of its steps need more. The test records the
// distribution (RecordProperty; printed with the windows of time the slow steps fall in, for
// docs/performance.md) and asserts today's figures with margin so that a change that makes SP
// slower on it is seen. Oracle: the figures measured 2026-11-28 (docs/performance.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

#include "engine/solvers/registry.hpp"
#include "engine/solvers/solver_settings.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

constexpr double kRoughChainStep = 1e-3;
constexpr int kRoughChainSteps = 3000;
constexpr int kRoughChainCap = 50;

struct RoughChainIterationCounts {
  int contactSteps = 0, over20 = 0, atCap = 0, most = 0;
  long total = 0;
  std::string slowWindows;  // "t0-t1 s" runs of steps above 20 iterations (gaps under 20 ms merged)
};

// Appends the window [first, last] (s) to the text of slow-step windows.
void appendRoughChainWindow(std::string& windows, double first, double last) {
  char text[40];
  std::snprintf(text, sizeof text, " %.3f-%.3f", first, last);
  windows += text;
}

// Adds a slow step at time t: into the last window when within 20 ms of its end, else a new one.
void addRoughChainSlowStep(std::string& windows, double& first, double& last, double t) {
  if (first >= 0.0 && t - last <= 0.02) {
    last = t;
    return;
  }
  if (first >= 0.0) appendRoughChainWindow(windows, first, last);
  first = last = t;
}

RoughChainIterationCounts countRoughChainIterations(const char* backend, const Model& model) {
  SolverOptions options = test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::PostStabilization);
  assignSetting(options.settings, backend, "friction-directions", 4);
  assignSetting(options.settings, backend, "sp-tolerance", 1e-8);
  assignSetting(options.settings, backend, "sp-iterations", kRoughChainCap);
  auto solver = findBackend(backend)->create(model, options);
  State state = makeInitialState(model);
  RoughChainIterationCounts counts;
  double first = -1.0, last = -1.0;
  for (int k = 0; k < kRoughChainSteps; ++k) {
    const StepStatus status = solver->step(model, state, kRoughChainStep);
    EXPECT_TRUE(status.ok) << backend << ": " << status.message;
    if (!status.ok) break;
    const int iterations = state.outputs.contactIterations;
    if (iterations == 0) continue;
    ++counts.contactSteps;
    counts.total += iterations;
    counts.most = std::max(counts.most, iterations);
    counts.atCap += iterations >= kRoughChainCap;
    if (iterations <= 20) continue;
    ++counts.over20;
    addRoughChainSlowStep(counts.slowWindows, first, last, (k + 1) * kRoughChainStep);
  }
  if (first >= 0.0) appendRoughChainWindow(counts.slowWindows, first, last);
  return counts;
}

// Measured 2026-11-28: baraff mean 6.18, 155 of 2841 contact steps above 20; redmax 5.01, 53;
// recursive 4.80, 49 (docs/performance.md has the windows and the cap counts).
TEST(RoughChainIterations, DistributionOnEveryContactBackend) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = test::roughFallingChain();
  for (const char* backend : {"baraff", "redmax", "recursive"}) {
    const RoughChainIterationCounts c = countRoughChainIterations(backend, model);
    ASSERT_GT(c.contactSteps, 2000) << backend;
    const double mean = static_cast<double>(c.total) / c.contactSteps;
    std::printf("%s: %d contact steps, mean %.2f, most %d, above 20: %d, at the cap: %d, slow steps at t =%s\n",
                backend, c.contactSteps, mean, c.most, c.over20, c.atCap, c.slowWindows.c_str());
    const bool maximal = std::string(backend) == "baraff";
    EXPECT_LT(mean, maximal ? 7.0 : 6.0) << backend;
    EXPECT_LT(c.over20, maximal ? 200 : 70) << backend;
    RecordProperty(std::string(backend) + "_mean", test::sci(mean));
    RecordProperty(std::string(backend) + "_above_20", c.over20);
    RecordProperty(std::string(backend) + "_at_cap", c.atCap);
  }
}

}  // namespace
}  // namespace articulab
