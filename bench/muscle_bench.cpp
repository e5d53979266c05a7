// Muscles (engine/forces/muscle*.hpp): the cost of one muscle's force, with and without its K
// and D, by the number of path points; and steps of a muscle-driven chain on `recursive` with m
// muscles (an antagonist pair per joint of the standard chain RC-m/2, travelling-wave
// excitations). Issue 14's targets: a 4-point muscle's force below one revolute DOF of the
// recursive forward dynamics (BM_RecursiveForwardDynamicsBesideMuscles, us_per_dof), and the
// implicit step O(n m) at most.
#include "bench/chain_benchmarks.hpp"
#include "engine/algorithm/initial_state.hpp"
#include "engine/forces/muscle_jacobians.hpp"
#include "engine/forces/muscle_tension.hpp"
#include "engine/forces/muscle_wrenches.hpp"

namespace articulab {
namespace {

// The standard chain of `links` links with an antagonist pair over every joint but the first.
Model muscleChain(int links) {
  Model model = bench::standardChain(links);
  for (int i = 1; i < links; ++i)
    for (double side : {-1.0, 1.0}) {
      Muscle m;
      m.name = "muscle" + std::to_string(2 * i + (side > 0));
      m.path = {{i - 1, Vector3(side * 0.01, 0, -0.01)}, {i, Vector3(side * 0.01, 0, 0.03)}};
      m.maxIsometricForce = 50.0;
      m.optimalFiberLength = 0.05;
      m.tendonSlackLength = 0.0;
      m.excitation.wave = true;
      m.excitation.mean = m.excitation.amplitude = 0.5;
      m.excitation.phase = 0.6 * i + (side > 0 ? 3.14159 : 0.0);
      model.muscles.push_back(m);
    }
  return model;
}

// One muscle with `points` path points, one per link of a chain of as many links.
struct OneMuscle {
  Model model;
  State state;
  explicit OneMuscle(int points) : model(bench::standardChain(points)) {
    Muscle m;
    m.name = "probe";
    for (int k = 0; k < points; ++k) m.path.push_back({k, Vector3(0.01, 0, 0.02)});
    m.maxIsometricForce = 100.0;
    m.optimalFiberLength = 0.1;
    model.muscles.push_back(m);
    model.qd0 = VectorX::Constant(model.nq, 0.5);
    state = makeInitialState(model);
    state.activations.setConstant(0.7);
  }
};

void BM_MuscleForce(benchmark::State& bench) {
  const OneMuscle setup(static_cast<int>(bench.range(0)));
  const Muscle& muscle = setup.model.muscles[0];
  std::vector<Vector6> wrench(setup.model.bodies.size(), Vector6::Zero());
  MusclePath path;
  for (auto _ : bench) {
    musclePath(muscle, PoseListMotion{setup.state.E_0i, setup.state.phi}, path);
    addMuscleWrenches(muscle, path, muscleTension(muscle, path.length, path.lengthRate, 0.7).force, wrench);
    benchmark::DoNotOptimize(wrench.data());
  }
}

void BM_MuscleForceWithJacobians(benchmark::State& bench) {
  const OneMuscle setup(static_cast<int>(bench.range(0)));
  const Muscle& muscle = setup.model.muscles[0];
  std::vector<Vector6> wrench(setup.model.bodies.size(), Vector6::Zero());
  MusclePath path;
  MuscleJacobians jacobians;
  for (auto _ : bench) {
    musclePath(muscle, PoseListMotion{setup.state.E_0i, setup.state.phi}, path);
    addMuscleWrenches(muscle, path, muscleTension(muscle, path.length, path.lengthRate, 0.7).force, wrench);
    muscleJacobians(muscle, path, 0.7, jacobians);
    benchmark::DoNotOptimize(jacobians.K.data());
  }
}

void BM_RecursiveForwardDynamicsBesideMuscles(benchmark::State& bench) { bench::forwardDynamics(bench, "recursive"); }

void muscleChainStep(benchmark::State& bench, Integrator integrator) {
  const Model model = muscleChain(static_cast<int>(bench.range(0)) / 2 + 1);
  bench::step(bench, model, "recursive", integrator);
  bench.counters["muscles"] = static_cast<double>(model.muscles.size());
}

void BM_MuscleChainRecursiveRK4(benchmark::State& bench) { muscleChainStep(bench, Integrator::RK4); }
void BM_MuscleChainRecursiveImplicitSprings(benchmark::State& bench) {
  muscleChainStep(bench, Integrator::SpringImplicitEuler);
}

BENCHMARK(BM_MuscleForce)->DenseRange(2, 8, 2);
BENCHMARK(BM_MuscleForceWithJacobians)->DenseRange(2, 8, 2);
BENCHMARK(BM_RecursiveForwardDynamicsBesideMuscles)->Arg(100);
BENCHMARK(BM_MuscleChainRecursiveRK4)->Arg(20)->Arg(50)->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MuscleChainRecursiveImplicitSprings)->Arg(20)->Arg(50)->Arg(100)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace articulab
