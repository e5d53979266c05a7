// Staggered-projection iterations on the rough falling chain (issue 15's "at most 20 SP
// iterations at 1e-8 on every shipped scene"): falling_chain.json from 0.3 m with ground friction
// 0.5, 3 s at 1 ms, semi-implicit with post-stabilisation, 4 pyramid directions, sp-tolerance 1e-8,
// cap 50; one benchmark iteration is the whole run. Args: back-end (0 baraff, 1 redmax,
// 2 recursive), sp-active-set (1: the active-set step of sp_active_set_step.hpp, 0: plain SP,
// 2: its semismooth-Newton reading).
// Counters over the contact steps: contact_steps, mean (iterations), most, above_20, at_cap.
// docs/performance.md records the figures; the physics (convergence, the same fixed point) is
// asserted by tests/engine/rough_chain_iterations_test.cpp.
#include <algorithm>

#include "bench/chain_benchmarks.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/solver_settings.hpp"

namespace articulab {
namespace {

constexpr const char* kRoughChainBackends[] = {"baraff", "redmax", "recursive"};

void BM_RoughChainSpIterations(benchmark::State& bench) {
  const char* backend = kRoughChainBackends[bench.range(0)];
  Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/falling_chain.json", {{"height", 0.3}});
  model.groundFriction = 0.5;
  SolverOptions options;
  options.integrator = Integrator::SemiImplicitEuler;
  options.driftControl = DriftControl::PostStabilization;
  assignSetting(options.settings, backend, "friction-directions", 4);
  assignSetting(options.settings, backend, "sp-tolerance", 1e-8);
  assignSetting(options.settings, backend, "sp-iterations", 50);
  assignSetting(options.settings, backend, "sp-active-set", static_cast<double>(bench.range(1)));
  long contactSteps = 0, total = 0, over20 = 0, atCap = 0, most = 0;
  for (auto _ : bench) {
    auto solver = findBackend(backend)->create(model, options);
    State state = makeInitialState(model);
    contactSteps = total = over20 = atCap = most = 0;
    for (int k = 0; k < 3000 && solver->step(model, state, 1e-3).ok; ++k) {
      const int iterations = state.outputs.contactIterations;
      if (iterations == 0) continue;
      ++contactSteps;
      total += iterations;
      most = std::max<long>(most, iterations);
      over20 += iterations > 20;
      atCap += iterations >= 50;
    }
  }
  bench.counters["contact_steps"] = static_cast<double>(contactSteps);
  bench.counters["mean"] = contactSteps ? static_cast<double>(total) / contactSteps : 0.0;
  bench.counters["most"] = static_cast<double>(most);
  bench.counters["above_20"] = static_cast<double>(over20);
  bench.counters["at_cap"] = static_cast<double>(atCap);
}
BENCHMARK(BM_RoughChainSpIterations)
    ->ArgsProduct({{0, 1, 2}, {1, 0, 2}})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace articulab
