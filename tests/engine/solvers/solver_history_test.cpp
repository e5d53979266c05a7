// State holds everything a trajectory depends on: for every back-end and integrator it runs, a
// solver object recreated before every step continues the trajectory bitwise as one solver
// that took all the steps (baraff carries its factor near the next step's rows in
// State::history; the recursive kinematics cache and the solvers' workspaces are caches).
#include <gtest/gtest.h>

#include <cstring>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/shared/test_solver_options.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using test::kScenes;

bool bitwiseEqual(const State& a, const State& b) {
  if (a.q.size() != b.q.size() || a.E_0i.size() != b.E_0i.size()) return false;
  const auto same = [](const void* x, const void* y, std::size_t bytes) { return std::memcmp(x, y, bytes) == 0; };
  return a.t == b.t && a.step == b.step && same(a.q.data(), b.q.data(), sizeof(double) * a.q.size()) &&
         same(a.qd.data(), b.qd.data(), sizeof(double) * a.qd.size()) &&
         same(a.E_0i.data(), b.E_0i.data(), sizeof(Matrix4) * a.E_0i.size()) &&
         same(a.phi.data(), b.phi.data(), sizeof(Vector6) * a.phi.size());
}

struct SceneCase {
  std::string file;
  ParameterOverrides overrides;
};

// A chain, a loop scene and a contact scene (with a joint limit), each on every back-end that
// runs it, with every integrator the back-end offers on it.
TEST(SolverHistory, ARecreatedSolverContinuesTheTrajectoryBitwise) {
  const std::vector<SceneCase> scenes = {{"chain.json", {{"n", 5}}},
                                         {"four_bar.json", {}},
                                         {"falling_chain.json", {{"height", 0.16}}},
                                         {"limited_tree.json", {}}};
  int runs = 0, variationalRuns = 0;
  for (const SceneCase& scene : scenes) {
    const Model model = loadScene(kScenes + scene.file, scene.overrides);
    for (const BackendInfo& backend : backends()) {
      for (const IntegratorInfo& offered : backend.integrators) {
        const SolverOptions options = sceneSolverOptions(backend, model, offered.integrator);
        if (!backend.supports(model, options).ok) continue;
        SCOPED_TRACE(scene.file + ", " + backend.name + ", " + offered.integrator.name());
        auto kept = backend.create(model, options);
        State a = makeInitialState(model), b = a;
        for (int k = 0; k < 200; ++k) {
          const StepStatus sa = kept->step(model, a, 1e-3);
          const StepStatus sb = backend.create(model, options)->step(model, b, 1e-3);
          ASSERT_EQ(sa.ok, sb.ok) << "step " << k;
          if (!sa.ok) break;
          ASSERT_TRUE(bitwiseEqual(a, b)) << "step " << k;
          ASSERT_EQ(a.outputs.contactCount, b.outputs.contactCount) << "step " << k;
          ASSERT_EQ(a.outputs.iterations, b.outputs.iterations) << "step " << k;
        }
        ++runs;
        if (backend.name == "variational-maximal") ++variationalRuns;
      }
    }
  }
  EXPECT_GE(runs, 20);
  // the chain and the four-bar, each with the three integrators (the history: discrete velocities
  // and impulses; the triple jump reads none)
  EXPECT_GE(variationalRuns, 6);
}

// A state that went through another back-end (or was edited) carries no history the next
// back-end could misread: baraff's history is valid only when baraff wrote it.
TEST(SolverHistory, HistoryNamesItsOwnerAndReducedBackEndsLeaveNone) {
  const Model model = loadScene(kScenes + "chain.json", {{"n", 4}});
  State state = makeInitialState(model);
  auto baraff = findBackend("baraff")->create(model, test::sceneOptions("baraff", model, Integrator::SemiImplicitEuler));
  for (int k = 0; k < 5; ++k) ASSERT_TRUE(baraff->step(model, state, 1e-3).ok);
  EXPECT_TRUE(state.history.valid);
  EXPECT_STREQ(state.history.owner, "baraff");
  EXPECT_EQ(state.history.poses.size(), std::size_t(model.bodyCount()));
  auto redmax = findBackend("redmax")->create(model, SolverOptions{});
  ASSERT_TRUE(redmax->step(model, state, 1e-3).ok);
  EXPECT_FALSE(state.history.valid);
  ASSERT_TRUE(baraff->step(model, state, 1e-3).ok);  // starts again from (q, qdot)
}

}  // namespace
}  // namespace articulab
