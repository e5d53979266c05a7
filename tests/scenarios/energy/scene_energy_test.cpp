// Every shipped scene's default run (back-end, integrator, step and duration of its
// "simulation" block) keeps the total energy within 1 % of its scale, max(|E0|, largest kinetic
// energy of the run), over the whole duration, unless its description says why it is not
// conservative (a sentence starting "Not conservative:"). Built apart from the engine tests
// (and left out of sanitizer builds) because it runs every scene for its full duration.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab {
namespace {

std::vector<std::string> sceneFiles() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(ARTICULAB_SOURCE_DIR "/scenes"))
    if (entry.path().extension() == ".json") files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  return files;
}

class SceneDefaults : public testing::TestWithParam<std::string> {};

TEST_P(SceneDefaults, KeepTheEnergyOfAConservativeScene) {
  const Model model = loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + GetParam());
  if (model.description.find("Not conservative:") != std::string::npos) GTEST_SKIP() << model.description;
  const BackendInfo* backend = findBackend(model.defaults.backend);
  ASSERT_NE(backend, nullptr);
  const auto solver = backend->create(model, sceneSolverOptions(*backend, model, model.defaults.integrator));
  State state = makeInitialState(model);
  const double e0 = computeEnergy(model, state).total();
  double worst = 0.0, largestKinetic = 0.0;
  const long steps = std::lround(model.defaults.duration / model.defaults.dt);
  for (long s = 0; s < steps; ++s) {
    const StepStatus status = solver->step(model, state, model.defaults.dt);
    ASSERT_TRUE(status.ok) << status.message;
    const EnergyReport energy = computeEnergy(model, state);
    worst = std::max(worst, std::abs(energy.total() - e0));
    largestKinetic = std::max(largestKinetic, energy.kinetic);
  }
  const double scale = std::max(std::abs(e0), largestKinetic);
  EXPECT_LE(worst, 0.01 * scale) << GetParam() << ": largest |E - E0| " << worst << " J against a scale of " << scale
                                 << " J on " << model.defaults.backend;
}

INSTANTIATE_TEST_SUITE_P(Shipped, SceneDefaults, testing::ValuesIn(sceneFiles()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param.substr(0, info.param.size() - 5);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace articulab
