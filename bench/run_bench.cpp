// What the Run (engine/run/run.hpp) adds to a step: the standard chain RC-100 on recursive with
// semi-implicit Euler at h = 1 ms, stepped by the bare solver and through Run::step, without the
// energy watch (the Run's own work: target within 2 % of the bare solver, issue 29) and with it
// (the energy, its largest change, blow-ups and the muscles' work after every step, on by
// default: one computeEnergy per step, BM_ComputeEnergy). Each restarts from its initial state,
// untimed, every bench::kStepsPerRun steps (semi-implicit Euler on this chain diverges within a
// second).
#include <benchmark/benchmark.h>

#include "bench/chain_benchmarks.hpp"
#include "engine/run/run.hpp"

namespace articulab {
namespace {

RunRequest recursiveSemiImplicit(bool watchEnergy) {
  RunRequest request;
  request.watchEnergy = watchEnergy;
  request.stopOnBlowUp = false;
  request.backend = "recursive";
  request.requireIntegrator("semi-implicit");
  request.dt = 1e-3;
  return request;
}

void runSteps(benchmark::State& bench, bool watchEnergy) {
  Run run(std::make_shared<const Model>(bench::standardChain(static_cast<int>(bench.range(0)))),
          recursiveSemiImplicit(watchEnergy));
  bench::timeRunSteps(bench, run);
  bench::perDofCounters(bench, run.model().nq);
}
void BM_RunStep(benchmark::State& bench) { runSteps(bench, false); }
void BM_RunStepWatchingEnergy(benchmark::State& bench) { runSteps(bench, true); }

// The loop of timeRunSteps on the bare solver.
void BM_BareSolverStep(benchmark::State& bench) {
  const Model model = bench::standardChain(static_cast<int>(bench.range(0)));
  const RunPlan plan = resolveRun(model, recursiveSemiImplicit(false));
  const auto solver = plan.backend->create(model, plan.options);
  const State initial = makeInitialState(model);
  State state = initial;
  long steps = 0;
  for (auto _ : bench) {
    if (steps++ == bench::kStepsPerRun) {
      bench.PauseTiming();
      state = initial;
      steps = 1;
      bench.ResumeTiming();
    }
    if (!solver->step(model, state, plan.dt).ok) return bench.SkipWithError("step failed");
  }
  bench::perDofCounters(bench, model.nq);
}

// Building a Run of the chain (resolving the plan, creating the solver), with and without the
// step's stability probe (step_stability.hpp: power iteration at the start and at two look-ahead
// states, each product one forward dynamics), which only the CLI's and the app's runs ask for.
void constructRuns(benchmark::State& bench, bool checkStepStability) {
  const auto model = std::make_shared<const Model>(bench::standardChain(static_cast<int>(bench.range(0))));
  RunRequest request = recursiveSemiImplicit(true);
  request.checkStepStability = checkStepStability;
  for (auto _ : bench) {
    Run run(model, request);
    benchmark::DoNotOptimize(run.plan().unstableStep.data());
  }
}
void BM_RunConstruction(benchmark::State& bench) { constructRuns(bench, false); }
void BM_RunConstructionCheckingTheStep(benchmark::State& bench) { constructRuns(bench, true); }

BENCHMARK(BM_RunConstruction)->Arg(10)->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RunConstructionCheckingTheStep)->Arg(10)->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RunStep)->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RunStepWatchingEnergy)->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BareSolverStep)->Arg(100)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace articulab

namespace articulab {
namespace {
// The energy watch's cost per step.
void BM_ComputeEnergy(benchmark::State& bench) {
  const Model model = bench::standardChain(static_cast<int>(bench.range(0)));
  const State state = makeInitialState(model);
  for (auto _ : bench) benchmark::DoNotOptimize(computeEnergy(model, state));
}
BENCHMARK(BM_ComputeEnergy)->Arg(100)->Unit(benchmark::kMicrosecond);
}  // namespace
}  // namespace articulab
