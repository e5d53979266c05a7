// The recursive back-end on the standard chain RC-n of shared/BENCHMARKS.md, next to RedMax:
// forward dynamics and full steps for n = 5 ... 1000 links, with microseconds per DOF and a
// least-squares fit t = c n over 10 ... 1000 (the BigO line of the *_Fit benchmarks; RMS is
// the relative deviation from the line).
// Compare the two back-ends inside one run: the machines are shared and noisy.
#include "bench/chain_benchmarks.hpp"
#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/kinematics.hpp"

namespace articulab {
namespace {

using bench::perDofCounters;
using bench::standardChain;

// The forward kinematics every reduced step refreshes its body poses with (engine/algorithm/
// kinematics, constants precomputed): the part of a full step that is not dynamics.
void BM_TreeKinematics(benchmark::State& bench) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  const State state = makeInitialState(model);
  TreeKinematics kin(model);
  for (auto _ : bench) {
    computeKinematics(model, state.q, state.qd, kin);
    benchmark::DoNotOptimize(kin.bodies.data());
  }
  perDofCounters(bench, model.nq);
}

void BM_RecursiveForwardDynamics(benchmark::State& b) { bench::forwardDynamics(b, "recursive"); }
void BM_RecursiveForwardDynamics_Fit(benchmark::State& b) { bench::forwardDynamics(b, "recursive"); }
void BM_RecursiveStepSemiImplicit(benchmark::State& b) { bench::step(b, "recursive", Integrator::SemiImplicitEuler); }
void BM_RecursiveStepSemiImplicit_Fit(benchmark::State& b) { bench::step(b, "recursive", Integrator::SemiImplicitEuler); }
void BM_RecursiveStepRK4(benchmark::State& b) { bench::step(b, "recursive", Integrator::RK4); }
// The recursive implicit step with every force is O(n^3) like RedMax's (the projected K+); see README.
void BM_RecursiveStepImplicit(benchmark::State& b) { bench::step(b, "recursive", Integrator::LinearlyImplicitEuler); }

// The O(n) implicit step with the springs and dampers linearised (sueda eq 2.79). The standard
// chain has none, so this is semi-implicit Euler's motion at the implicit step's cost.
void BM_RecursiveStepImplicitSprings(benchmark::State& b) { bench::step(b, "recursive", Integrator::SpringImplicitEuler); }
void BM_RecursiveStepImplicitSprings_Fit(benchmark::State& b) {
  bench::step(b, "recursive", Integrator::SpringImplicitEuler);
}

void allSizes(benchmark::internal::Benchmark* b) {
  for (int n : {5, 10, 20, 50, 100, 200, 500, 1000}) b->Arg(n);
  b->Unit(benchmark::kMicrosecond);
}
void fitSizes(benchmark::internal::Benchmark* b) {
  for (int n : {10, 20, 50, 100, 200, 500, 1000}) b->Arg(n);
  b->Unit(benchmark::kMicrosecond)->Complexity(benchmark::oN);
}
void cubicSizes(benchmark::internal::Benchmark* b) {
  for (int n : {5, 10, 20, 50, 100, 200}) b->Arg(n);
  b->Unit(benchmark::kMicrosecond);
}

BENCHMARK(BM_RecursiveForwardDynamics)->Apply(allSizes);
BENCHMARK(BM_RecursiveStepSemiImplicit)->Apply(allSizes);
BENCHMARK(BM_RecursiveStepRK4)->Apply(allSizes);
BENCHMARK(BM_TreeKinematics)->Apply(allSizes);
BENCHMARK(BM_RecursiveStepImplicit)->Apply(cubicSizes);
BENCHMARK(BM_RecursiveStepImplicitSprings)->Apply(allSizes);
BENCHMARK(BM_RecursiveForwardDynamics_Fit)->Apply(fitSizes);
BENCHMARK(BM_RecursiveStepSemiImplicit_Fit)->Apply(fitSizes);
BENCHMARK(BM_RecursiveStepImplicitSprings_Fit)->Apply(fitSizes);

}  // namespace
}  // namespace articulab
