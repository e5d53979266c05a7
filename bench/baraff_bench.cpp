// Baraff back-end on the standard chain RC-n of shared/BENCHMARKS.md: one step with each
// drift control for n = 10 ... 1000 bodies (the O(n) claim, fitted by Google Benchmark's
// complexity report), the dense KKT reference solve beside it, and k = 1 ... 32 point
// closures (3k auxiliary rows) on a 100-body chain (the O(kn) anticipation).
#include <benchmark/benchmark.h>

#include "engine/io/scene_loader.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/baraff/dense_kkt.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab {
namespace {

Model standardChain(int n) {
  return loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", static_cast<double>(n)}});
}

SolverOptions semiImplicit(DriftControl drift) {
  SolverOptions options;
  options.integrator = Integrator::SemiImplicitEuler;
  options.driftControl = drift;
  return options;
}

void perBody(benchmark::State& bench, int n) {
  bench.counters["bodies"] = n;
  bench.counters["us_per_body"] = benchmark::Counter(static_cast<double>(bench.iterations()) * n,
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
                                                     benchmark::Counter::kIs1000);
  bench.SetComplexityN(n);
}

void stepBenchmark(benchmark::State& bench, const Model& model, DriftControl drift) {
  BaraffSolver solver(model, semiImplicit(drift));
  State state = makeInitialState(model);
  for (auto _ : bench) {
    const StepStatus status = solver.step(model, state, 1e-3);
    benchmark::DoNotOptimize(status.ok);
  }
  perBody(bench, model.bodyCount());
}

void BM_BaraffStepNoDriftControl(benchmark::State& bench) {
  stepBenchmark(bench, standardChain(static_cast<int>(bench.range(0))), DriftControl::None);
}
void BM_BaraffStepPostStabilisation(benchmark::State& bench) {
  stepBenchmark(bench, standardChain(static_cast<int>(bench.range(0))), DriftControl::PostStabilization);
}

// The O(n) accelerations alone versus the dense KKT factorisation of the same system.
void BM_BaraffAccelerations(benchmark::State& bench) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  BaraffSolver solver(model, semiImplicit(DriftControl::None));
  const State state = makeInitialState(model);
  for (auto _ : bench) benchmark::DoNotOptimize(solver.solveAccelerations(model, state).ok);
  perBody(bench, model.bodyCount());
}

void BM_DenseKKTAccelerations(benchmark::State& bench) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  BaraffSolver solver(model, semiImplicit(DriftControl::None));
  const State state = makeInitialState(model);
  solver.solveAccelerations(model, state);
  for (auto _ : bench) benchmark::DoNotOptimize(baraff::solveDenseKKT(model, solver.system()).a.data());
  perBody(bench, model.bodyCount());
}

// k point closures pinning evenly spaced link tips of a 100-body chain where they start.
void BM_BaraffStepWithClosures(benchmark::State& bench) {
  Model model = standardChain(100);
  const int k = static_cast<int>(bench.range(0));
  const State start = makeInitialState(model);
  for (int j = 0; j < k; ++j) {
    LoopConstraint pin;
    pin.name = "pin" + std::to_string(j);
    pin.bodyB = 99 - j * (100 / k);
    pin.E_bB = se3::make(Matrix3::Identity(), Vector3(0, 0, -0.05));
    pin.E_aA = start.E_0i[pin.bodyB] * pin.E_bB;
    model.loops.push_back(pin);
  }
  BaraffSolver solver(model, semiImplicit(DriftControl::None));
  State state = makeInitialState(model);
  for (auto _ : bench) benchmark::DoNotOptimize(solver.step(model, state, 1e-3).ok);
  bench.counters["auxiliary_rows"] = 3 * k;
}

BENCHMARK(BM_BaraffStepNoDriftControl)->RangeMultiplier(2)->Range(10, 1280)->Complexity(benchmark::oN)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BaraffStepPostStabilisation)->RangeMultiplier(2)->Range(10, 1280)->Complexity(benchmark::oN)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BaraffAccelerations)->Arg(100)->Arg(200)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DenseKKTAccelerations)->Arg(10)->Arg(20)->Arg(50)->Arg(100)->Arg(200)->Complexity(benchmark::oNCubed)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BaraffStepWithClosures)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace articulab
