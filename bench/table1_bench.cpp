// Si and Guenter's Table 1 (si-guenter section 5): one forward-dynamics evaluation of the
// revolute chains RC20/50/100 (the standard chain of shared/BENCHMARKS.md), the torus chains
// TC10/TC20 and the windmill WM, on the recursive O(n) back-end (the paper's method) and on
// RedMax beside it; and the cost of evaluating one joint, hand-derived against AD.
#include <benchmark/benchmark.h>

#include <string>

#include "bench/chain_benchmarks.hpp"
#include "engine/multibody/primitive_transform.hpp"

namespace articulab {
namespace {

// scenes/<scene>, or false (and the benchmark skipped with the loader's message).
bool loadTable1Model(benchmark::State& bench, const std::string& scene, Model& model) {
  try {
    model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/" + scene);
    return true;
  } catch (const SceneError& error) {
    bench.SkipWithError(error.what());
    return false;
  }
}

// One forward dynamics at the scene's initial state (the paper reports milliseconds).
void BM_Table1(benchmark::State& bench, const std::string& scene, const char* backend) {
  Model model;
  if (!loadTable1Model(bench, scene, model)) return;
  bench::forwardDynamicsOf(bench, model, backend);
}

// Q, S and Sdot of the first joint of `scene` whose type is `type`: hand-derived when it has
// a hand derivation, otherwise (and with byJets) by automatic differentiation.
void BM_JointEvaluation(benchmark::State& bench, const std::string& scene, const std::string& type, bool byJets) {
  Model model;
  if (!loadTable1Model(bench, scene, model)) return;
  const Joint* found = nullptr;
  for (const Joint& joint : model.joints)
    if (!found && jointTypeName(joint) == type) found = &joint;
  if (!found) {
    bench.SkipWithError(("no " + type + " joint in " + scene).c_str());
    return;
  }
  Joint joint = *found;
  if (byJets && !joint.general) setGeneralDefinition(joint, primitiveJointByJets(joint));
  const VectorX q = model.q0.segment(joint.qIndex, joint.nq), qd = VectorX::Constant(joint.nq, 0.3);
  JointKinematics jk;
  for (auto _ : bench) {
    evaluateJoint(joint, q.data(), qd.data(), jk);
    benchmark::DoNotOptimize(jk.Sdot.data());
  }
  bench::perDofCounters(bench, joint.nq);
}

#define TABLE1(label, scene)                                                  \
  BENCHMARK_CAPTURE(BM_Table1, label##_recursive, scene, "recursive");       \
  BENCHMARK_CAPTURE(BM_Table1, label##_redmax, scene, "redmax")

TABLE1(RC20, "rc20.json");
TABLE1(RC50, "rc50.json");
TABLE1(RC100, "rc100.json");
TABLE1(TC10, "torus_chain_10.json");
TABLE1(TC20, "torus_chain_20.json");
TABLE1(WM, "windmill.json");

BENCHMARK_CAPTURE(BM_JointEvaluation, revolute_hand, "rc20.json", "revolute", false);
BENCHMARK_CAPTURE(BM_JointEvaluation, revolute_ad, "rc20.json", "revolute", true);
BENCHMARK_CAPTURE(BM_JointEvaluation, universal_hand, "torus_chain_10.json", "universal", false);
BENCHMARK_CAPTURE(BM_JointEvaluation, universal_ad, "torus_chain_10.json", "universal", true);
BENCHMARK_CAPTURE(BM_JointEvaluation, surface_surface_ad, "torus_chain_10.json", "surface_surface", true);

}  // namespace
}  // namespace articulab
