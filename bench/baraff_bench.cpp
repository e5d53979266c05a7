// Baraff back-end on the standard chain RC-n of shared/BENCHMARKS.md: one step with each
// drift control (semi-implicit Euler), with semi-implicit-rattle and with RK4 for n = 10 ... 1000 bodies (the O(n)
// claim, fitted by Google Benchmark's complexity report), the accelerations alone and the
// dense KKT reference solve of the same system for n = 1 ... 200 (the crossover), and point
// closures (3 auxiliary rows each): k = 1 ... 32 of them on a 100-body chain, and 8 on chains
// of 50 ... 400 bodies (the O(kn) anticipation).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>

#include "bench/chain_benchmarks.hpp"
#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/baraff/dense_kkt.hpp"
#include "engine/solvers/semi_implicit_rattle.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab {
namespace {

using bench::standardChain;

SolverOptions semiImplicit(DriftControl drift) {
  SolverOptions options;
  options.integrator = Integrator::SemiImplicitEuler;
  options.driftControl = drift;
  return options;
}

// A whole 10 s run before each restart: the violent part of the motion (links whipping at up to
// 300 rad/s from about 1 s on, when the projection needs several Newton iterates) is timed too.
constexpr int kStepsPerWholeRun = 10000;

// Times steps of h = 1 ms of baraff with `integrator` and `drift`; false (with the error
// reported) when a step fails.
bool timeSteps(benchmark::State& bench, const Model& model, DriftControl drift,
               long stepsPerRun = bench::kStepsPerRun, Integrator integrator = Integrator::SemiImplicitEuler) {
  Run run = bench::timedRun(model, {"baraff", integrator.name(), 1e-3, {}, driftControlName(drift)});
  return bench::timeRunSteps(bench, run, stepsPerRun);
}

void stepBenchmark(benchmark::State& bench, const Model& model, DriftControl drift) {
  if (timeSteps(bench, model, drift)) bench::perBodyCounters(bench, model.bodyCount());
}

void BM_BaraffStepNoDriftControl(benchmark::State& bench) {
  stepBenchmark(bench, standardChain(static_cast<int>(bench.range(0))), DriftControl::None);
}
void BM_BaraffStepBaumgarte(benchmark::State& bench) {
  stepBenchmark(bench, standardChain(static_cast<int>(bench.range(0))), DriftControl::Baumgarte);
}
void BM_BaraffStepPostStabilisation(benchmark::State& bench) {
  stepBenchmark(bench, standardChain(static_cast<int>(bench.range(0))), DriftControl::PostStabilization);
}

// Post-stabilisation over whole 10 s runs of the standard chain.
void BM_BaraffStepPostStabilisationWholeRun(benchmark::State& bench) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  if (timeSteps(bench, model, DriftControl::PostStabilization, kStepsPerWholeRun))
    bench::perBodyCounters(bench, model.bodyCount());
}

// The standard four-bar of BENCHMARKS.md on `backend` (h = 1 ms, semi-implicit Euler or
// semi-implicit-rattle): one 10 s run per iteration, timed; then one more run, untimed, gives the
// loop-closure error at 10 s, its maximum over the run, the energy change at 10 s and the largest
// |E - E0| over the run as counters.
void fourBarRun(benchmark::State& bench, const char* backend, DriftControl drift,
                Integrator integrator = Integrator::SemiImplicitEuler) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json");
  Run run = bench::timedRun(model, {backend, integrator.name(), 1e-3, {}, driftControlName(drift)});
  constexpr int kSteps = 10000;
  for (auto _ : bench) {
    bench.PauseTiming();
    run.reset();
    bench.ResumeTiming();
    if (run.advance(kSteps) != kSteps || run.failed()) return bench.SkipWithError(run.failure().c_str());
  }
  run.reset();
  const double initialEnergy = computeEnergy(model, run.state()).total();
  double largestError = 0.0, finalError = 0.0, energyBand = 0.0;
  run.advance(kSteps, [&](const Run& r) {
    finalError = loopDrift(model, r.state(), 0).position;
    largestError = std::max(largestError, finalError);
    energyBand = std::max(energyBand, std::abs(computeEnergy(model, r.state()).total() - initialEnergy));
  });
  bench.counters["energy_band_J"] = energyBand;
  bench.counters["loop_error_10s_m"] = finalError;
  bench.counters["max_loop_error_m"] = largestError;
  bench.counters["energy_change_J"] = computeEnergy(model, run.state()).total() - initialEnergy;
  bench.counters["us_per_step"] = benchmark::Counter(static_cast<double>(bench.iterations()) * kSteps,
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
                                                     benchmark::Counter::kIs1000);
}
void BM_FourBarBaraffPostStabilisation(benchmark::State& bench) {
  fourBarRun(bench, "baraff", DriftControl::PostStabilization);
}
void BM_FourBarBaraffNoDriftControl(benchmark::State& bench) { fourBarRun(bench, "baraff", DriftControl::None); }
void BM_FourBarRedMaxPostStabilisation(benchmark::State& bench) {
  fourBarRun(bench, "redmax", DriftControl::PostStabilization);
}
// semi-implicit-rattle (engine/constraints/multiplier_newton.hpp): the constraints by the step's
// multipliers, no drift control after it.
void BM_FourBarBaraffRattle(benchmark::State& bench) {
  fourBarRun(bench, "baraff", DriftControl::None, kSemiImplicitRattle);
}
void BM_FourBarRedMaxRattle(benchmark::State& bench) {
  fourBarRun(bench, "redmax", DriftControl::None, kSemiImplicitRattle);
}
// semi-implicit-rattle on the standard chain (every joint a row of the multiplier Newton).
void BM_BaraffStepRattle(benchmark::State& bench) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  if (timeSteps(bench, model, DriftControl::None, bench::kStepsPerRun, kSemiImplicitRattle))
    bench::perBodyCounters(bench, model.bodyCount());
}

// RK4 (four acceleration solves per step), no drift control.
void BM_BaraffStepRungeKutta(benchmark::State& bench) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  if (timeSteps(bench, model, DriftControl::None, bench::kStepsPerRun, Integrator::RK4))
    bench::perBodyCounters(bench, model.bodyCount());
}

// The O(n) accelerations alone (rows assembled, factored and solved) versus the dense KKT
// factorisation of the same system. Two states alternate: the solver keeps the rows of the
// state it last assembled, which would leave the assembly out of the timing.
void BM_BaraffAccelerations(benchmark::State& bench) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  BaraffSolver solver(model, semiImplicit(DriftControl::None));
  State states[2] = {makeInitialState(model), makeInitialState(model)};
  solver.step(model, states[1], 1e-3);
  int which = 0;
  for (auto _ : bench) {
    benchmark::DoNotOptimize(solver.solveAccelerations(model, states[which]).ok);
    which = 1 - which;
  }
  bench::perBodyCounters(bench, model.bodyCount());
}

void BM_DenseKKTAccelerations(benchmark::State& bench) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  BaraffSolver solver(model, semiImplicit(DriftControl::None));
  const State state = makeInitialState(model);
  solver.solveAccelerations(model, state);
  for (auto _ : bench) benchmark::DoNotOptimize(baraff::solveDenseKKT(model, solver.system()).a.data());
  bench::perBodyCounters(bench, model.bodyCount());
}

// k point closures pinning evenly spaced link tips of an n-body chain where they start.
Model pinnedChain(int n, int k) {
  Model model = standardChain(n);
  const State start = makeInitialState(model);
  for (int j = 0; j < k; ++j) {
    LoopConstraint pin;
    pin.name = "pin" + std::to_string(j);
    pin.bodyB = n - 1 - j * (n / k);
    pin.E_bB = se3::make(Matrix3::Identity(), Vector3(0, 0, -0.05));
    pin.E_aA = start.E_0i[pin.bodyB] * pin.E_bB;
    model.loops.push_back(pin);
  }
  return model;
}

// k = 1 ... 32 closures on a 100-body chain: the step's cost grows linearly in k.
void BM_BaraffStepWithClosures(benchmark::State& bench) {
  const int k = static_cast<int>(bench.range(0));
  if (!timeSteps(bench, pinnedChain(100, k), DriftControl::None)) return;
  bench.counters["auxiliary_rows"] = 3 * k;
  bench.SetComplexityN(k);
}

// 8 closures on chains of n bodies: the anticipation's share grows linearly in n as well.
void BM_BaraffStepWithEightClosures(benchmark::State& bench) {
  const int n = static_cast<int>(bench.range(0));
  if (timeSteps(bench, pinnedChain(n, 8), DriftControl::None)) bench::perBodyCounters(bench, n);
}

BENCHMARK(BM_BaraffStepNoDriftControl)->Apply(bench::maximalChainSizes);
BENCHMARK(BM_BaraffStepBaumgarte)->Apply(bench::maximalChainSizes);
BENCHMARK(BM_BaraffStepPostStabilisation)->Apply(bench::maximalChainSizes);
BENCHMARK(BM_BaraffStepPostStabilisationWholeRun)->Arg(100)->Arg(200)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FourBarBaraffPostStabilisation)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FourBarBaraffNoDriftControl)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FourBarRedMaxPostStabilisation)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FourBarBaraffRattle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FourBarRedMaxRattle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BaraffStepRattle)->Apply(bench::maximalChainSizes);
// The O(n) solve and the dense KKT reference on the same sizes: where they cross.
void kktSizes(benchmark::internal::Benchmark* b) {
  for (int n : {1, 2, 5, 10, 20, 50, 100, 200}) b->Arg(n);
  b->Unit(benchmark::kMicrosecond);
}
BENCHMARK(BM_BaraffAccelerations)->Apply(kktSizes)->Complexity(benchmark::oN);
BENCHMARK(BM_DenseKKTAccelerations)->Apply(kktSizes)->Complexity(benchmark::oNCubed);
BENCHMARK(BM_BaraffStepRungeKutta)->Arg(100)->Arg(200)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BaraffStepWithClosures)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Complexity(benchmark::oN)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BaraffStepWithEightClosures)->Arg(50)->Arg(100)->Arg(200)->Arg(400)->Complexity(benchmark::oN)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace articulab
