// The variational-maximal back-end (bruedigam-manchester, Alg 1-4) on the standard chain RC-n of
// shared/BENCHMARKS.md (revolute, scenes/chain.json) and on the spherical chain
// (scenes/spherical_chain.json, paper Fig 5 dashed) for n = 10 ... 1000, with the Newton
// iterations per step and the time per Newton iteration as counters and a linear fit (BigO);
// baraff's step on the same chains beside it for the ratios of issue 12; the dense-LU Newton
// beside the block LDU on the standard chain up to n = 100 (Fig 4c); the standard chain with
// one loop closure (scenes/loop_chain.json, Fig 5b) at the same sizes; and the four-bar chains
// of 1 ... 8 segments (Fig 6), 10 s at 10 ms per iteration.
// Compare ratios inside one run: the machines are shared and noisy.
#include <benchmark/benchmark.h>

#include <string>

#include "bench/chain_benchmarks.hpp"
#include "engine/algorithm/initial_state.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_solver.hpp"

namespace articulab {
namespace {

// The standard chain with its last tip pinned (scenes/loop_chain.json, Fig 5b): one loop node.
Model loopChain(int n) {
  return loadScene(ARTICULAB_SOURCE_DIR "/scenes/loop_chain.json", {{"n", static_cast<double>(n)}});
}

Model sphericalChain(int n) {
  return loadScene(ARTICULAB_SOURCE_DIR "/scenes/spherical_chain.json", {{"n", static_cast<double>(n)}});
}

// Newton iterations per step and the time of one (the step's time over its iterations).
void newtonCounters(benchmark::State& bench, double iterations) {
  bench.counters["newton_per_step"] = iterations / static_cast<double>(bench.iterations());
  bench.counters["us_per_newton"] =
      benchmark::Counter(iterations, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}


// Times steps of h = 1 ms of `backend` with `settings` ("NAME=VALUE"); returns the Newton
// iterations summed, or -1 after a failed step.
double timeNewtonSteps(benchmark::State& bench, const Model& model, const char* backend,
                       const std::vector<std::string>& settings = {}) {
  Run run = bench::timedRun(model, {backend, "", 1e-3, settings});
  double iterations = 0.0;
  const auto count = [&iterations](const Run& r) { iterations += r.state().outputs.iterations; };
  return bench::timeRunSteps(bench, run, bench::kStepsPerRun, bench::OnFailure::Stop, count) ? iterations : -1.0;
}

void variationalStep(benchmark::State& bench, const Model& model, const std::vector<std::string>& settings = {}) {
  const double iterations = timeNewtonSteps(bench, model, "variational-maximal", settings);
  if (iterations < 0) return;
  bench::perBodyCounters(bench, model.bodyCount());
  newtonCounters(bench, iterations);
}

// baraff, semi-implicit Euler with post-stabilisation (its default drift control).
void baraffStep(benchmark::State& bench, const Model& model) {
  if (timeNewtonSteps(bench, model, "baraff") >= 0) bench::perBodyCounters(bench, model.bodyCount());
}

int size(const benchmark::State& bench) { return static_cast<int>(bench.range(0)); }

void BM_VariationalMaximalStep(benchmark::State& b) { variationalStep(b, bench::standardChain(size(b))); }
void BM_VariationalMaximalSphericalStep(benchmark::State& b) { variationalStep(b, sphericalChain(size(b))); }
void BM_BaraffStepBesideVariational(benchmark::State& b) { baraffStep(b, bench::standardChain(size(b))); }
void BM_BaraffSphericalStepBesideVariational(benchmark::State& b) { baraffStep(b, sphericalChain(size(b))); }
// The same Newton with one full-pivot LU of the whole Newton matrix per iterate (setting
// linear-solver 1, Fig 4c's dense reference): O(n^3), so only up to n = 100.
void BM_VariationalMaximalDenseLuStep(benchmark::State& b) {
  variationalStep(b, bench::standardChain(size(b)),
                  {"linear-solver=" + std::to_string(VariationalMaximalSettings::kDenseLu)});
}
void BM_VariationalMaximalLoopChainStep(benchmark::State& b) { variationalStep(b, loopChain(size(b))); }
void BM_BaraffLoopChainStepBesideVariational(benchmark::State& b) { baraffStep(b, loopChain(size(b))); }

// The four-bar chain of `segments` segments (Fig 6): one 10 s run at h = 10 ms per iteration.
void BM_VariationalMaximalFourBarChain(benchmark::State& bench) {
  const std::string path =
      ARTICULAB_SOURCE_DIR "/scenes/four_bar_chain_" + std::to_string(bench.range(0)) + ".json";
  const Model model = loadScene(path);
  Run run = bench::timedRun(model, {"variational-maximal", "", 1e-2});
  constexpr int kSteps = 1000;
  double iterations = 0.0;
  const auto count = [&iterations](const Run& r) { iterations += r.state().outputs.iterations; };
  for (auto _ : bench) {
    bench.PauseTiming();
    run.reset();
    bench.ResumeTiming();
    if (run.advance(kSteps, count) != kSteps || run.failed()) return bench.SkipWithError(run.failure().c_str());
  }
  bench.counters["bodies"] = model.bodyCount();
  bench.counters["newton_per_step"] = iterations / (static_cast<double>(bench.iterations()) * kSteps);
  bench.counters["us_per_step"] = benchmark::Counter(static_cast<double>(bench.iterations()) * kSteps,
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
                                                     benchmark::Counter::kIs1000);
}

BENCHMARK(BM_VariationalMaximalStep)->Apply(bench::maximalChainSizes);
BENCHMARK(BM_BaraffStepBesideVariational)->Apply(bench::maximalChainSizes);
BENCHMARK(BM_VariationalMaximalDenseLuStep)->Arg(10)->Arg(20)->Arg(50)->Arg(100)->Complexity()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_VariationalMaximalSphericalStep)->Apply(bench::maximalChainSizes);
BENCHMARK(BM_BaraffSphericalStepBesideVariational)->Apply(bench::maximalChainSizes);
BENCHMARK(BM_VariationalMaximalLoopChainStep)->Apply(bench::maximalChainSizes);
BENCHMARK(BM_BaraffLoopChainStepBesideVariational)->Apply(bench::maximalChainSizes);
BENCHMARK(BM_VariationalMaximalFourBarChain)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace articulab
