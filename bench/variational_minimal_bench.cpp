// The variational-minimal back-end (lee-liu-park-srinivasa Alg 2-3): steps of the standard chain
// RC-n (scenes/chain.json, 0.1 ms as in BENCHMARKS.md) for n = 10 ... 200 and of the torus
// chains TC10 and TC20 (1 ms), with plain RIQN (anderson-memory 0, the paper's) and with
// Anderson mixing of the last 5 updates (the default); counters: iterates per step (RIQN plus
// the dense Newton's) and steps that needed the dense Newton. Each run restarts (untimed) from the
// initial state every 250 steps, so it times the first 250 steps of motion. Compare ratios inside
// one run: the machines are shared and noisy.
#include <benchmark/benchmark.h>

#include "bench/chain_benchmarks.hpp"
#include "engine/solvers/solver_settings.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_solver.hpp"

namespace articulab {
namespace {

void minimalSteps(benchmark::State& bench, const Model& model, double h) {
  SolverOptions options;
  assignSetting(options.settings, "variational-minimal", "anderson-memory", static_cast<double>(bench.range(1)));
  auto solver = findBackend("variational-minimal")->create(model, options);
  const auto* minimal = dynamic_cast<const VariationalMinimalSolver*>(solver.get());
  const State initial = makeInitialState(model);
  State state = initial;
  double iterates = 0.0, newtonSteps = 0.0;
  int steps = 0;
  for (auto _ : bench) {
    if (++steps == bench::kStepsPerRun) {
      bench.PauseTiming();
      state = initial;
      steps = 0;
      bench.ResumeTiming();
    }
    const StepStatus status = solver->step(model, state, h);
    if (!status.ok) {
      bench.SkipWithError(status.message.c_str());
      return;
    }
    iterates += state.outputs.iterations;
    newtonSteps += minimal->newtonIterations() > 0;
  }
  const double n = static_cast<double>(bench.iterations());
  bench.counters["iterates_per_step"] = iterates / n;
  bench.counters["newton_step_share"] = newtonSteps / n;
  bench::perDofCounters(bench, model.nq);
}

void BM_VariationalMinimalChainStep(benchmark::State& b) {
  minimalSteps(b, bench::standardChain(static_cast<int>(b.range(0))), 1e-4);
}
void BM_VariationalMinimalTorusChainStep(benchmark::State& b) {
  const char* scene = b.range(0) == 10 ? "/scenes/torus_chain_10.json" : "/scenes/torus_chain_20.json";
  minimalSteps(b, loadScene(std::string(ARTICULAB_SOURCE_DIR) + scene), 1e-3);
}

BENCHMARK(BM_VariationalMinimalChainStep)
    ->ArgsProduct({{10, 20, 50, 100, 200}, {0, 5}})
    ->ArgNames({"n", "memory"})
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_VariationalMinimalTorusChainStep)
    ->ArgsProduct({{10, 20}, {0, 5}})
    ->ArgNames({"tc", "memory"})
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace articulab
