// The variational-minimal back-end (lee-liu-park-srinivasa Alg 2-4), issue 13: steps of the
// standard chain RC-n (scenes/chain.json, 0.1 ms as in BENCHMARKS.md) for n = 10 ... 1000 and of
// the torus chains TC10, TC20 and the windmill WM (1 ms, the scenes' dt), in the layout of the
// paper's Table 1: RIQN (Alg 3; plain, anderson-memory 0, the paper's, and with Anderson mixing of
// the last 5 updates, the default) beside the exact Newton (solver = 1: Alg 4 Jacobian, dense LU)
// up to where it gets slow. Counters: iterates per step (RIQN plus Newton), steps that needed
// Newton, us per DOF. Each run restarts (untimed) from the initial state every 250 steps, so it
// times the first 250 steps of motion. Compare ratios inside one run: the machines are shared and
// noisy.
#include <benchmark/benchmark.h>

#include <cmath>
#include <string>

#include "bench/chain_benchmarks.hpp"
#include "engine/algorithm/initial_state.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_solver.hpp"

namespace articulab {
namespace {

// range(1): anderson-memory, range(2): solver (0 riqn, 1 newton), range(3): -log10 tolerance.
void minimalSteps(benchmark::State& bench, const Model& model, double h) {
  Run run = bench::timedRun(model, {"variational-minimal", "", h,
                                    {"anderson-memory=" + std::to_string(bench.range(1)),
                                     "solver=" + std::to_string(bench.range(2)),
                                     "newton-tolerance=" + exactNumberText(std::pow(10.0, -static_cast<double>(bench.range(3))))}});
  const auto& minimal = dynamic_cast<const VariationalMinimalSolver&>(run.solver());
  double iterates = 0.0, newtonSteps = 0.0;
  const auto count = [&](const Run& r) {
    iterates += r.state().outputs.iterations;
    newtonSteps += minimal.newtonIterations() > 0;
  };
  if (!bench::timeRunSteps(bench, run, bench::kStepsPerRun, bench::OnFailure::Stop, count)) return;
  const double n = static_cast<double>(bench.iterations());
  bench.counters["iterates_per_step"] = iterates / n;
  bench.counters["newton_step_share"] = newtonSteps / n;
  bench::perDofCounters(bench, model.nq);
}

void BM_VariationalMinimalChainStep(benchmark::State& b) {
  minimalSteps(b, bench::standardChain(static_cast<int>(b.range(0))), 1e-4);
}
// Table 1: scene 0 TC10, 1 TC20, 2 WM at their dt of 1 ms.
void BM_VariationalMinimalTable1Step(benchmark::State& b) {
  static const char* const scenes[] = {"/scenes/torus_chain_10.json", "/scenes/torus_chain_20.json",
                                       "/scenes/windmill.json"};
  minimalSteps(b, loadScene(std::string(ARTICULAB_SOURCE_DIR) + scenes[b.range(0)]), 1e-3);
}

// RIQN with Anderson mixing (the default) at 1e-12 (the default) and 1e-10 (the target)
BENCHMARK(BM_VariationalMinimalChainStep)
    ->ArgsProduct({{10, 50, 100, 200, 500, 1000}, {5}, {0}, {12, 10}})
    ->ArgNames({"n", "memory", "solver", "tol"})
    ->Unit(benchmark::kMicrosecond);
// plain RIQN (the paper's) and the exact Newton (Alg 4) up to where it gets slow
BENCHMARK(BM_VariationalMinimalChainStep)
    ->ArgsProduct({{10, 50, 100, 200}, {0}, {0}, {12}})
    ->ArgNames({"n", "memory", "solver", "tol"})
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_VariationalMinimalChainStep)
    ->ArgsProduct({{10, 20, 50, 100, 200}, {5}, {1}, {12}})
    ->ArgNames({"n", "memory", "solver", "tol"})
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_VariationalMinimalTable1Step)
    ->ArgsProduct({{0, 1, 2}, {0, 5}, {0}, {12}})
    ->ArgNames({"scene", "memory", "solver", "tol"})
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_VariationalMinimalTable1Step)
    ->ArgsProduct({{0, 1, 2}, {5}, {1}, {12}})
    ->ArgNames({"scene", "memory", "solver", "tol"})
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace articulab
