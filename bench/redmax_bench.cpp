// RedMax on the standard chain: forward dynamics and one full step per integrator, n = 5 ... 200.
// Its O(n^3) cost is the baseline the O(n) back-ends must beat (run in the same binary).
#include "bench/chain_benchmarks.hpp"

namespace articulab {
namespace {

void BM_RedMaxForwardDynamics(benchmark::State& b) { bench::forwardDynamics(b, "redmax"); }
void BM_RedMaxStepSemiImplicit(benchmark::State& b) { bench::step(b, "redmax", Integrator::SemiImplicitEuler); }
void BM_RedMaxStepImplicit(benchmark::State& b) { bench::step(b, "redmax", Integrator::LinearlyImplicitEuler); }
void BM_RedMaxStepImplicitSprings(benchmark::State& b) { bench::step(b, "redmax", Integrator::SpringImplicitEuler); }
void BM_RedMaxStepRK4(benchmark::State& b) { bench::step(b, "redmax", Integrator::RK4); }

void sizes(benchmark::internal::Benchmark* b) {
  for (int n : {5, 10, 20, 50, 100, 200}) b->Arg(n);
  b->Unit(benchmark::kMicrosecond);
}

BENCHMARK(BM_RedMaxForwardDynamics)->Apply(sizes);
BENCHMARK(BM_RedMaxStepSemiImplicit)->Apply(sizes);
BENCHMARK(BM_RedMaxStepImplicit)->Apply(sizes);
BENCHMARK(BM_RedMaxStepImplicitSprings)->Apply(sizes);
BENCHMARK(BM_RedMaxStepRK4)->Apply(sizes);

}  // namespace
}  // namespace articulab
