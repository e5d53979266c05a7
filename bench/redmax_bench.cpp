// RedMax on the standard chain RC-n of shared/BENCHMARKS.md: one full step per integrator and
// one forward-dynamics evaluation, for n = 5 ... 200 links.
#include <benchmark/benchmark.h>

#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab {
namespace {

Model standardChain(int n) {
  return loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", static_cast<double>(n)}});
}

void stepBenchmark(benchmark::State& bench, Integrator integrator) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  auto solver = findBackend("redmax")->create(model, SolverOptions{integrator});
  State state = makeInitialState(model);
  for (auto _ : bench) {
    const StepStatus status = solver->step(model, state, 1e-3);
    benchmark::DoNotOptimize(status.ok);
  }
  bench.counters["dof"] = model.nq;
  bench.counters["us_per_dof"] = benchmark::Counter(static_cast<double>(bench.iterations()) * model.nq,
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
                                                    benchmark::Counter::kIs1000);
}

void BM_RedMaxStepImplicit(benchmark::State& bench) { stepBenchmark(bench, Integrator::LinearlyImplicitEuler); }
void BM_RedMaxStepSemiImplicit(benchmark::State& bench) { stepBenchmark(bench, Integrator::SemiImplicitEuler); }
void BM_RedMaxStepRK4(benchmark::State& bench) { stepBenchmark(bench, Integrator::RK4); }

void BM_RedMaxForwardDynamics(benchmark::State& bench) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  auto solver = findBackend("redmax")->create(model, SolverOptions{});
  const State state = makeInitialState(model);
  VectorX qdd(model.nq);
  for (auto _ : bench) {
    solver->forwardDynamics(model, state, qdd);
    benchmark::DoNotOptimize(qdd.data());
  }
  bench.counters["dof"] = model.nq;
}

BENCHMARK(BM_RedMaxForwardDynamics)->Arg(5)->Arg(10)->Arg(20)->Arg(50)->Arg(100)->Arg(200)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RedMaxStepSemiImplicit)->Arg(5)->Arg(10)->Arg(20)->Arg(50)->Arg(100)->Arg(200)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RedMaxStepImplicit)->Arg(5)->Arg(10)->Arg(20)->Arg(50)->Arg(100)->Arg(200)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RedMaxStepRK4)->Arg(5)->Arg(10)->Arg(20)->Arg(50)->Arg(100)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace articulab
