// Staggered-projection iterations on the rough falling chain (issue 15's "at most 20 SP
// iterations at 1e-8 on every shipped scene"; the chain and its run are in
// tests/shared/rough_falling_chain.hpp); one benchmark iteration is the whole run. Args: back-end
// (0 baraff, 1 redmax, 2 recursive), sp-active-set (1: the active-set step of sp_active_set_step.hpp, 0: plain SP,
// 2: its semismooth-Newton reading).
// Counters over the contact steps: contact_steps, mean (iterations), most, above_20, at_cap.
// docs/performance.md records the figures; the physics (convergence, the same fixed point) is
// asserted by tests/scenarios/rough_chain_iterations_test.cpp.
#include "bench/chain_benchmarks.hpp"
#include "tests/shared/rough_falling_chain.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

constexpr const char* kRoughChainBackends[] = {"baraff", "redmax", "recursive"};

void recordCounts(benchmark::State& bench, const test::RoughChainIterationCounts& counts) {
  if (!counts.failure.empty()) return bench.SkipWithError(counts.failure.c_str());
  bench.counters["contact_steps"] = counts.contactSteps;
  bench.counters["mean"] = counts.mean();
  bench.counters["most"] = counts.most;
  bench.counters["above_20"] = counts.over20;
  bench.counters["at_cap"] = counts.atCap;
}

void BM_RoughChainSpIterations(benchmark::State& bench) {
  const char* backend = kRoughChainBackends[bench.range(0)];
  const Model model = test::roughFallingChain();
  test::RoughChainIterationCounts counts;
  for (auto _ : bench) {
    State state;
    counts = test::countRoughChainIterations(backend, model, static_cast<int>(bench.range(1)), state);
  }
  recordCounts(bench, counts);
}
BENCHMARK(BM_RoughChainSpIterations)
    ->ArgsProduct({{0, 1, 2}, {1, 0, 2}})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// The shipped scene scenes/falling_chain_rough.json with its own solver settings (sp-active-set 2,
// sp-regularisation 1e-4); arg: back-end. Counters as above.
void BM_RoughChainSceneSpIterations(benchmark::State& bench) {
  const char* backend = kRoughChainBackends[bench.range(0)];
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/falling_chain_rough.json");
  const SolverOptions options = test::sceneOptions(backend, model, model.defaults.integrator);
  test::RoughChainIterationCounts counts;
  for (auto _ : bench) {
    State state;
    counts = test::countRoughChainIterations(backend, model, options, state);
  }
  recordCounts(bench, counts);
}
BENCHMARK(BM_RoughChainSceneSpIterations)->DenseRange(0, 2)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace articulab
