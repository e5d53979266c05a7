// The recursive back-end on the standard chain RC-n of shared/BENCHMARKS.md, next to RedMax:
// forward dynamics and full steps for n = 5 ... 1000 links, with microseconds per DOF and a
// least-squares fit t = c n over 10 ... 1000 (the BigO line of the *_Fit benchmarks; RMS is
// the relative deviation from the line).
// Compare the two back-ends inside one run: the machines are shared and noisy.
#include <benchmark/benchmark.h>

#include "engine/algorithm/kinematics.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/recursive/recursive_kinematics.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab {
namespace {

Model standardChain(int n) {
  return loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", static_cast<double>(n)}});
}

void perDofCounters(benchmark::State& bench, int dof) {
  bench.counters["dof"] = dof;
  bench.counters["us_per_dof"] = benchmark::Counter(static_cast<double>(bench.iterations()) * dof,
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
                                                    benchmark::Counter::kIs1000);
  bench.SetComplexityN(dof);
}

void forwardDynamics(benchmark::State& bench, const char* backend) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  auto solver = findBackend(backend)->create(model, SolverOptions{});
  const State state = makeInitialState(model);
  VectorX qdd(model.nq);
  for (auto _ : bench) {
    solver->forwardDynamics(model, state, qdd);
    benchmark::DoNotOptimize(qdd.data());
  }
  perDofCounters(bench, model.nq);
}

// Semi-implicit Euler diverges on chains of 20 links and more within a second (BENCHMARKS.md),
// and steps on non-finite states would time NaN arithmetic: a failed step restarts the chain
// from its initial state, untimed, and the restarts are counted.
void step(benchmark::State& bench, const char* backend, Integrator integrator) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  auto solver = findBackend(backend)->create(model, SolverOptions{integrator});
  const State initial = makeInitialState(model);
  State state = initial;
  long restarts = 0;
  for (auto _ : bench) {
    if (solver->step(model, state, 1e-3).ok) continue;
    bench.PauseTiming();
    state = initial;
    ++restarts;
    bench.ResumeTiming();
  }
  perDofCounters(bench, model.nq);
  bench.counters["restarts"] = static_cast<double>(restarts);
}

// The body poses and twists every reduced step refreshes after integrating (ReducedSolver,
// with the shared computeKinematics): the part of a full step that is not dynamics.
void BM_ReducedStepBodyRefresh(benchmark::State& bench) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  const State state = makeInitialState(model);
  TreeKinematics kin(model);
  for (auto _ : bench) {
    computeKinematics(model, state.q, state.qd, kin);
    benchmark::DoNotOptimize(kin.phi.data());
  }
  perDofCounters(bench, model.nq);
}

// The same poses and twists from the recursive back-end's own kinematics (constants precomputed).
void BM_RecursiveKinematics(benchmark::State& bench) {
  const Model model = standardChain(static_cast<int>(bench.range(0)));
  const State state = makeInitialState(model);
  RecursiveKinematics kin(model);
  for (auto _ : bench) {
    computeRecursiveKinematics(model, state.q, state.qd, kin);
    benchmark::DoNotOptimize(kin.bodies.data());
  }
  perDofCounters(bench, model.nq);
}

void BM_RecursiveForwardDynamics(benchmark::State& bench) { forwardDynamics(bench, "recursive"); }
void BM_RecursiveForwardDynamics_Fit(benchmark::State& bench) { forwardDynamics(bench, "recursive"); }
void BM_RecursiveStepSemiImplicit(benchmark::State& bench) { step(bench, "recursive", Integrator::SemiImplicitEuler); }
void BM_RecursiveStepSemiImplicit_Fit(benchmark::State& bench) {
  step(bench, "recursive", Integrator::SemiImplicitEuler);
}
void BM_RecursiveStepRK4(benchmark::State& bench) { step(bench, "recursive", Integrator::RK4); }
void BM_RecursiveStepImplicit(benchmark::State& bench) {
  step(bench, "recursive", Integrator::LinearlyImplicitEuler);
}
// RedMax on the same sizes, in the same run, for ratios (O(n^3): stopped at n = 500).
void BM_RedMaxSameRunForwardDynamics(benchmark::State& bench) { forwardDynamics(bench, "redmax"); }
void BM_RedMaxSameRunStepSemiImplicit(benchmark::State& bench) { step(bench, "redmax", Integrator::SemiImplicitEuler); }
void BM_RedMaxSameRunStepImplicit(benchmark::State& bench) { step(bench, "redmax", Integrator::LinearlyImplicitEuler); }

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
BENCHMARK(BM_RedMaxSameRunForwardDynamics)->Apply(cubicSizes)->Arg(500);
BENCHMARK(BM_RecursiveStepSemiImplicit)->Apply(allSizes);
BENCHMARK(BM_RedMaxSameRunStepSemiImplicit)->Apply(cubicSizes);
BENCHMARK(BM_RecursiveStepRK4)->Apply(allSizes);
BENCHMARK(BM_ReducedStepBodyRefresh)->Apply(allSizes);
BENCHMARK(BM_RecursiveKinematics)->Apply(allSizes);
BENCHMARK(BM_RecursiveStepImplicit)->Apply(cubicSizes);
BENCHMARK(BM_RedMaxSameRunStepImplicit)->Apply(cubicSizes);
BENCHMARK(BM_RecursiveForwardDynamics_Fit)->Apply(fitSizes);
BENCHMARK(BM_RecursiveStepSemiImplicit_Fit)->Apply(fitSizes);

}  // namespace
}  // namespace articulab
