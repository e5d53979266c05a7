// Issue 15's target on every shipped scene: at most 20 staggered-projection iterations per step
// (sp-tolerance 1e-8; on the joint-friction scenes BISP's friction QP solves, at its stricter
// joint-friction-tolerance 1e-10), on every back-end with frictional contact or joint friction
// that runs the scene (baraff, redmax, recursive), with the scene's own integrator and solver
// settings, over its first 3 s (its duration if shorter). The step's contactIterations output
// counts them (StepOutputs). Measured 2026-11-28 (26 runs): at most 10 on falling_chain_rough
// (redmax, recursive; its settings sp-active-set 2 and sp-regularisation 1e-4), 13 on
// four_bar_joint_friction (redmax; its joint-friction-regularisation 1e-6, where the default
// 1e-10 let 71 steps reach the cap of 50), at most 7 on the others; docs/performance.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/algorithm/initial_state.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/contact/joint_friction.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

constexpr double kTargetDuration = 3.0;  // s
constexpr int kTargetIterations = 20;

std::vector<std::string> shippedSceneFiles() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(test::kScenes))
    if (entry.path().extension() == ".json") files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  return files;
}

// The most iterations of any step of the scene's run on `backend`.
int mostIterations(const Model& model, const BackendInfo& backend, const std::string& label) {
  const SceneIntegratorChoice choice = backend.supports.choose(model);
  auto solver = backend.create(model, sceneSolverOptions(backend, model, choice.integrator));
  State state = makeInitialState(model);
  const int steps = static_cast<int>(std::lround(std::min(kTargetDuration, model.defaults.duration) / model.defaults.dt));
  int most = 0;
  for (int k = 0; k < steps; ++k) {
    const StepStatus status = solver->step(model, state, model.defaults.dt);
    EXPECT_TRUE(status.ok) << label << ": " << status.message;
    if (!status.ok) break;
    most = std::max(most, state.outputs.contactIterations);
  }
  return most;
}

TEST(ShippedSceneIterations, AtMostTwentyOnEveryStepOfEveryScene) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  int runs = 0;
  for (const std::string& file : shippedSceneFiles()) {
    const Model model = loadScene(test::kScenes + file);
    if (!contact::hasContactFriction(model) && !contact::hasJointFriction(model)) continue;  // no SP, no BISP
    for (const char* name : {"baraff", "redmax", "recursive"}) {
      const BackendInfo& backend = *findBackend(name);
      if (!backend.supports.choose(model).support.ok) continue;
      const std::string label = file + " on " + name;
      const int most = mostIterations(model, backend, label);
      ++runs;
      EXPECT_LE(most, kTargetIterations) << label;
      std::printf("%-30s %-9s at most %d iterations\n", file.c_str(), name, most);
      RecordProperty(file + "_" + name, most);
    }
  }
  EXPECT_GE(runs, 20);  // the friction scenes on the back-ends that run them
}

}  // namespace
}  // namespace articulab
