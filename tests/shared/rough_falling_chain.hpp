// The rough falling chain (issue 15's staggered-projection iteration counts), shared by the tests
// (tests/scenarios/rough_chain_iterations_test.cpp and others) and the benchmark
// (bench/rough_chain_iterations_bench.cpp): scenes/falling_chain.json from `height` m onto ground
// with Coulomb friction 0.5, run 3 s at 1 ms, semi-implicit with post-stabilisation, 4 pyramid
// directions, sp-tolerance 1e-8, cap 50. Header only, engine only (the benchmark links no test
// library).
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab::test {

inline constexpr double kRoughChainStep = 1e-3;
inline constexpr int kRoughChainSteps = 3000;
inline constexpr int kRoughChainCap = 50;

// The falling chain (free cube and four revolute links) dropped from `height` m onto the ground
// with mu = 0.5.
inline Model roughFallingChain(double height = 0.3) {
  Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/falling_chain.json", {{"height", height}});
  model.groundFriction = 0.5;
  return model;
}

// The run's options on `backend` with sp-active-set `activeSetStep` (0 plain, 1 settled, 2 newton).
inline SolverOptions roughChainOptions(const char* backend, int activeSetStep) {
  return settingOptions(backend, Integrator::SemiImplicitEuler, DriftControl::PostStabilization,
                        {"friction-directions=4", "sp-tolerance=1e-8", "sp-iterations=" + std::to_string(kRoughChainCap),
                         "sp-active-set=" + std::to_string(activeSetStep)});
}

struct RoughChainIterationCounts {
  int contactSteps = 0, over20 = 0, atCap = 0, most = 0;
  long total = 0;
  std::string slowWindows;  // "t0-t1 s" runs of steps above 20 iterations (gaps under 20 ms merged)
  std::string failure;      // the message of a step that failed (the run stops there)
  double mean() const { return contactSteps ? static_cast<double>(total) / contactSteps : 0.0; }
};

// Appends the window [first, last] (s) of slow steps to `windows`, if one is open.
inline void closeRoughChainWindow(std::string& windows, double first, double last) {
  if (first < 0.0) return;
  char text[40];
  std::snprintf(text, sizeof text, " %.3f-%.3f", first, last);
  windows += text;
}

// Adds a slow step at time t: into the window [first, last] when within 20 ms of its end, else
// closes that window and opens a new one.
inline void addRoughChainSlowStep(std::string& windows, double& first, double& last, double t) {
  if (first >= 0.0 && t - last <= 0.02) {
    last = t;
    return;
  }
  closeRoughChainWindow(windows, first, last);
  first = last = t;
}

// Runs the chain on `backend` with `options` into `state`, counting SP's iterations over the
// contact steps.
inline RoughChainIterationCounts countRoughChainIterations(const char* backend, const Model& model,
                                                           const SolverOptions& options, State& state) {
  auto solver = findBackend(backend)->create(model, options);
  state = makeInitialState(model);
  RoughChainIterationCounts counts;
  double first = -1.0, last = -1.0;
  for (int k = 0; k < kRoughChainSteps; ++k) {
    const StepStatus status = solver->step(model, state, kRoughChainStep);
    if (!status.ok) {
      counts.failure = status.message;
      break;
    }
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
  closeRoughChainWindow(counts.slowWindows, first, last);
  return counts;
}

// The same with the run's options (roughChainOptions) and sp-active-set `activeSetStep`.
inline RoughChainIterationCounts countRoughChainIterations(const char* backend, const Model& model, int activeSetStep,
                                                           State& state) {
  return countRoughChainIterations(backend, model, roughChainOptions(backend, activeSetStep), state);
}

}  // namespace articulab::test
