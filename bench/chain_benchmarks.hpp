// Shared pieces of the benchmarks on the standard chain RC-n of shared/BENCHMARKS.md
// (scenes/chain.json): model loading, per-DOF counters, and forward-dynamics / step loops
// that work for every reduced back-end by name.
#pragma once

#include <benchmark/benchmark.h>

#include <limits>
#include <string>
#include <vector>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/run/run.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab::bench {

inline Model standardChain(int n) {
  return loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", static_cast<double>(n)}});
}

// Adds "dof" and "us_per_dof" counters and the complexity argument N = DOF.
inline void perDofCounters(benchmark::State& bench, int dof) {
  bench.counters["dof"] = dof;
  bench.counters["us_per_dof"] = benchmark::Counter(static_cast<double>(bench.iterations()) * dof,
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
                                                    benchmark::Counter::kIs1000);
  bench.SetComplexityN(dof);
}

// Adds "bodies" and "us_per_body" counters and the complexity argument N = bodies.
inline void perBodyCounters(benchmark::State& bench, int bodies) {
  bench.counters["bodies"] = bodies;
  bench.counters["us_per_body"] = benchmark::Counter(static_cast<double>(bench.iterations()) * bodies,
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
                                                     benchmark::Counter::kIs1000);
  bench.SetComplexityN(bodies);
}

// The chain sizes of the maximal-coordinate step benchmarks (the 1 us per body target of
// BENCHMARKS.md is stated at n = 100 and 200).
inline void maximalChainSizes(benchmark::internal::Benchmark* b) {
  for (int n : {10, 50, 100, 200, 400, 1000}) b->Arg(n);
  b->Complexity(benchmark::oN)->Unit(benchmark::kMicrosecond);
}

// Steps from the initial state, restarted (untimed) every kStepsPerRun steps: without drift
// control a chain comes apart after about a simulated second, and a failed step (NaN state)
// would be timed as a cheap early return. All maximal-coordinate back-ends are timed on the
// same first quarter second of motion.
constexpr int kStepsPerRun = 250;

// One forward-dynamics evaluation of `model` on `backend`, alternately at its initial state and
// at a state 1e-9 rad away, so that a back-end which keeps the kinematics of the last
// (q, qdot) redoes them every time, as in a simulation.
inline void forwardDynamicsOf(benchmark::State& bench, const Model& model, const char* backend) {
  auto solver = findBackend(backend)->create(model, SolverOptions{});
  State states[2] = {makeInitialState(model), makeInitialState(model)};
  states[1].q.array() += 1e-9;
  VectorX qdd(model.nq);
  int k = 0;
  for (auto _ : bench) {
    solver->forwardDynamics(model, states[k ^= 1], qdd);
    benchmark::DoNotOptimize(qdd.data());
  }
  perDofCounters(bench, model.nq);
}

// The same on the standard chain of bench.range(0) links.
inline void forwardDynamics(benchmark::State& bench, const char* backend) {
  forwardDynamicsOf(bench, standardChain(static_cast<int>(bench.range(0))), backend);
}

// How a benchmark runs a back-end: the integrator asked for ("" the back-end's default), the
// step size, settings as on the command line ("NAME=VALUE") and the drift control named as in a
// scene ("" the scene's).
struct TimedRun {
  std::string backend;
  std::string integrator;
  double dt = 1e-3;  // s
  std::vector<std::string> settings;
  std::string driftControl;
};

// The Run (engine/run/run.hpp) a benchmark steps: the bare step with a finiteness check
// (RunRequest::watchEnergy off, as BM_RunStep against BM_BareSolverStep measures), blow-ups not
// stopping it. Throws RunRefusal as the CLI refuses.
inline Run timedRun(Model model, const TimedRun& how) {
  if (!how.driftControl.empty()) model.defaults.driftControl = how.driftControl;
  RunRequest request;
  request.backend = how.backend;
  if (!how.integrator.empty()) request.requireIntegrator(how.integrator);
  request.dt = how.dt;
  request.watchEnergy = false;
  request.stopOnBlowUp = false;
  for (const std::string& setting : how.settings) {
    const std::size_t eq = setting.find('=');
    request.settings.push_back({how.backend, setting.substr(0, eq), setting.substr(eq + 1)});
  }
  return Run(std::make_shared<const Model>(std::move(model)), request);
}

// What a failed step does to a timing: ends it with the failure's message, or restarts the run
// from its initial state (untimed; counted in the "restarts" counter).
enum class OnFailure { Stop, Restart };

// Times steps of `run` from where it is, restarted (untimed) after every `stepsPerRun` steps
// (kStepsPerRun: without drift control a chain comes apart after about a simulated second);
// afterStep(run) follows every timed step. False when a failure stopped the timing.
template <class AfterStep>
bool timeRunSteps(benchmark::State& bench, Run& run, long stepsPerRun, OnFailure onFailure, AfterStep afterStep) {
  long restarts = 0;
  for (auto _ : bench) {
    if (run.stepsTaken() >= stepsPerRun) {
      bench.PauseTiming();
      run.reset();
      bench.ResumeTiming();
    }
    if (run.step()) {
      afterStep(run);
      continue;
    }
    if (onFailure == OnFailure::Stop) {
      bench.SkipWithError(run.failure().c_str());
      return false;
    }
    bench.PauseTiming();
    run.reset();
    ++restarts;
    bench.ResumeTiming();
  }
  if (onFailure == OnFailure::Restart) bench.counters["restarts"] = static_cast<double>(restarts);
  return true;
}

inline bool timeRunSteps(benchmark::State& bench, Run& run, long stepsPerRun = kStepsPerRun,
                         OnFailure onFailure = OnFailure::Stop) {
  return timeRunSteps(bench, run, stepsPerRun, onFailure, [](const Run&) {});
}

// One full step at h = 1 ms, never restarted but after a failure. Semi-implicit Euler diverges
// on chains of 20 links and more within a second (BENCHMARKS.md), and steps on non-finite
// states would time NaN arithmetic: a failed step restarts the run, untimed, and the restarts
// are counted.
inline void step(benchmark::State& bench, const Model& model, const std::string& backend, Integrator integrator) {
  Run run = timedRun(model, {backend, integrator.name()});
  timeRunSteps(bench, run, std::numeric_limits<long>::max(), OnFailure::Restart);
  perDofCounters(bench, model.nq);
}

// The same on the standard chain of bench.range(0) links.
inline void step(benchmark::State& bench, const std::string& backend, Integrator integrator) {
  step(bench, standardChain(static_cast<int>(bench.range(0))), backend, integrator);
}

}  // namespace articulab::bench
