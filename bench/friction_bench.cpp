// Frictional ground contact by staggered projections on `baraff` (issue 15): step time and SP
// iterations against the number of contacts, from a grid of boxes sliding on the ground
// (4 contacts per box, mu = 0.5, 1 m/s along x, coming to rest) and the falling chain with
// friction after it landed, per contact island (the default) and on the whole problem at once
// (sp-islands 0, the dense reference). Counters: contacts, sp_iterations (mean per step),
// us_per_contact.
#include <cmath>

#include "bench/chain_benchmarks.hpp"
#include "engine/algorithm/initial_state.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"

namespace articulab {
namespace {

// `boxes` free 1 kg boxes (0.2 x 0.2 x 0.1 m) on the ground in a square grid, sliding.
Model frictionBoxGrid(int boxes) {
  Model model;
  model.name = "box grid";
  model.groundContact = true;
  model.groundFriction = 0.5;
  const int side = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(boxes))));
  for (int k = 0; k < boxes; ++k) {
    Body body;
    body.name = "box" + std::to_string(k);
    body.shapes.push_back({ShapeDims{ShapeType::Box, Vector3(0.2, 0.2, 0.1)}, Matrix4::Identity(), 1.0});
    computeBodyInertia(body);
    model.bodies.push_back(body);
    Joint joint;
    joint.name = "float" + std::to_string(k);
    joint.type = JointType::Free3D;
    joint.parent = -1;
    joint.child = k;
    joint.parts = defaultParts(JointType::Free3D, Vector3::UnitZ());
    joint.E_pj(0, 3) = 0.5 * (k % side);
    joint.E_pj(1, 3) = 0.5 * (k / side);
    joint.E_pj(2, 3) = 0.05;
    model.joints.push_back(joint);
  }
  finalizeModel(model);
  model.q0 = VectorX::Zero(model.nq);
  model.qd0 = VectorX::Zero(model.nq);
  for (int k = 0; k < boxes; ++k) model.qd0[6 * k + 3] = 1.0;  // free3d: rotation (3), translation (3)
  return model;
}

void runFrictionSteps(benchmark::State& bench, const Model& model, int warmUp) {
  Run run = bench::timedRun(model, {"baraff", "", 1e-3,
                                    {"friction-directions=" + std::to_string(bench.range(1)),
                                     "sp-islands=" + std::to_string(bench.range(2))}});
  run.advance(warmUp);
  long iterations = 0, steps = 0, contacts = 0;
  const auto count = [&](const Run& r) {
    iterations += r.state().outputs.contactIterations;
    contacts += r.state().outputs.contactCount;
    ++steps;
  };
  if (!bench::timeRunSteps(bench, run, std::numeric_limits<long>::max(), bench::OnFailure::Stop, count)) return;
  const double meanContacts = steps ? static_cast<double>(contacts) / steps : 0.0;
  bench.counters["contacts"] = meanContacts;
  bench.counters["sp_iterations"] = steps ? static_cast<double>(iterations) / steps : 0.0;
  bench.counters["us_per_contact"] =
      benchmark::Counter(static_cast<double>(bench.iterations()) * std::max(1.0, meanContacts),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}

// Args: boxes, pyramid directions, per island (1) or whole problem (0).
void BM_FrictionBoxGridStep(benchmark::State& bench) {
  runFrictionSteps(bench, frictionBoxGrid(static_cast<int>(bench.range(0))), 20);
}
BENCHMARK(BM_FrictionBoxGridStep)
    ->ArgsProduct({{1, 5, 10, 25, 50}, {4}, {1, 0}})
    ->Args({25, 8, 1})
    ->Args({25, 8, 0})
    ->Args({25, 16, 1})
    ->Args({25, 16, 0})
    ->Unit(benchmark::kMicrosecond);

// The falling chain (cube and 4 links) with mu = 0.5, after it landed (from 0.16 m, 300 steps).
void BM_FrictionFallingChainStep(benchmark::State& bench) {
  Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/falling_chain.json", {{"height", 0.16}});
  model.groundFriction = 0.5;
  runFrictionSteps(bench, model, 300);
}
BENCHMARK(BM_FrictionFallingChainStep)->ArgsProduct({{0}, {4, 8}, {1, 0}})->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace articulab
