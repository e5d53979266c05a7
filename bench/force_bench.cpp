// Force elements (engine/forces/) on the spring chain (scenes/spring_chain.json): n links, n - 1
// spring-dampers between neighbouring links and n springs to the world. The implicit-springs
// step of the recursive back-end couples the n - 1 two-body elements through the nq x nq system
// (I + A^-1 G) a = A^-1 r (12 m >= nq: the Woodbury form would solve 12m x 12m); RedMax forms the
// same matrix densely.
#include "bench/chain_benchmarks.hpp"

namespace articulab {
namespace {

Model springChain(int n) {
  return loadScene(ARTICULAB_SOURCE_DIR "/scenes/spring_chain.json", {{"n", static_cast<double>(n)}});
}

void springChainStep(benchmark::State& bench, const char* backend, Integrator integrator) {
  const Model model = springChain(static_cast<int>(bench.range(0)));
  bench::step(bench, model, backend, integrator);
  bench.counters["elements"] = static_cast<double>(model.forces.size());
}

void BM_SpringChainRecursiveRK4(benchmark::State& bench) { springChainStep(bench, "recursive", Integrator::RK4); }
void BM_SpringChainRecursiveImplicitSprings(benchmark::State& bench) {
  springChainStep(bench, "recursive", Integrator::SpringImplicitEuler);
}
void BM_SpringChainRedMaxImplicitSprings(benchmark::State& bench) {
  springChainStep(bench, "redmax", Integrator::SpringImplicitEuler);
}
void BM_SpringChainBaraffSemiImplicit(benchmark::State& bench) {
  springChainStep(bench, "baraff", Integrator::SemiImplicitEuler);
}

BENCHMARK(BM_SpringChainRecursiveRK4)->Arg(10)->Arg(20)->Arg(50)->Arg(100);
BENCHMARK(BM_SpringChainRecursiveImplicitSprings)->Arg(10)->Arg(20)->Arg(50)->Arg(100);
BENCHMARK(BM_SpringChainRedMaxImplicitSprings)->Arg(10)->Arg(20)->Arg(50)->Arg(100);
BENCHMARK(BM_SpringChainBaraffSemiImplicit)->Arg(10)->Arg(20)->Arg(50)->Arg(100);

}  // namespace
}  // namespace articulab
