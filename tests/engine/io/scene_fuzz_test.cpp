// Hostile scenes never kill the program: 10,000 seeded mutations of the shipped scenes (values,
// keys, types, structure, raw bytes; scene_mutator.hpp) go through the loader, every back-end's
// supports() and one step of the scene's back-end. The loader may only answer with a
// SceneError; nothing else may throw, and under the sanitizer build (scripts/dev.sh sanitize)
// nothing may read out of bounds or overflow. Reproduce one case with
//   ARTICULAB_FUZZ_CASE=1234 ./build/tests/engine_tests --gtest_filter='SceneFuzz.*'
// and change the run with ARTICULAB_FUZZ_SEED and ARTICULAB_FUZZ_CASES (docs/testing.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <typeinfo>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/divergence.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "scene_mutator.hpp"

namespace articulab {
namespace {

// Above this many coordinates the step uses semi-implicit Euler, whatever the scene says, so
// that 10,000 cases stay within a minute in the sanitizer build; above the next two limits
// (an O(n^3) back-end, any back-end) a mutated count makes a step too slow to take here, and
// only the loader and supports() are exercised.
constexpr int kFullStepCoordinates = 40;
constexpr int kDenseStepCoordinates = 100;
constexpr int kStepCoordinates = 2000;

long environmentNumber(const char* name, long fallback) {
  const char* text = std::getenv(name);
  return text ? std::strtol(text, nullptr, 10) : fallback;
}

std::vector<std::pair<std::string, std::string>> fuzzSeedScenes() {
  std::vector<std::pair<std::string, std::string>> scenes;
  for (const auto& entry : std::filesystem::directory_iterator(ARTICULAB_SOURCE_DIR "/scenes")) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream file(entry.path());
    std::stringstream text;
    text << file.rdbuf();
    scenes.emplace_back(entry.path().filename().string(), text.str());
  }
  std::sort(scenes.begin(), scenes.end());
  return scenes;
}

struct Tally {
  long cases = 0, refused = 0, loaded = 0, stepped = 0;
};

// Loader, supports() of every back-end and one step; throws whatever the engine throws.
void exercise(const std::string& text, Tally& tally) {
  Model model;
  try {
    model = loadSceneFromString(text, "fuzzed.json");
    validateSceneChoices(model, true, true);  // what the CLI and the app do with the scene's names
  } catch (const SceneError&) {
    ++tally.refused;
    return;
  }
  ++tally.loaded;
  for (const BackendInfo& info : backends()) info.supports(model);
  const BackendInfo* backend = findBackend(model.defaults.backend);
  if (!backend || !backend->supports(model).ok) return;
  if (model.nq > kStepCoordinates || (backend->name == "redmax" && model.nq > kDenseStepCoordinates)) return;
  const Integrator integrator =
      model.nq <= kFullStepCoordinates ? backend->supports.choose(model).integrator : Integrator::SemiImplicitEuler;
  const std::unique_ptr<Solver> solver = backend->create(model, sceneSolverOptions(*backend, model, integrator));
  State state = makeInitialState(model);
  const EnergyBound bound = energyBoundAt(model, state);
  solver->step(model, state, model.defaults.dt);
  divergence(state, computeEnergy(model, state), bound);
  computeDrift(model, state);
  ++tally.stepped;
}

TEST(SceneFuzz, TenThousandMutatedScenesNeverCrashTheLoaderOrAStep) {
  const auto scenes = fuzzSeedScenes();
  ASSERT_GE(scenes.size(), 10u);
  const long seed = environmentNumber("ARTICULAB_FUZZ_SEED", 20261124);
  const long cases = environmentNumber("ARTICULAB_FUZZ_CASES", 10000);
  const long only = environmentNumber("ARTICULAB_FUZZ_CASE", -1);
  Tally tally;
  std::vector<std::string> failures;
  for (long i = only >= 0 ? only : 0; i < (only >= 0 ? only + 1 : cases); ++i) {
    const auto& [name, original] = scenes[static_cast<std::size_t>(i) % scenes.size()];
    fuzz::SceneMutator mutator(static_cast<std::uint64_t>(seed) * 1000003u + static_cast<std::uint64_t>(i));
    fuzz::MutationKind kind = fuzz::MutationKind::Value;
    const std::string text = mutator.mutate(original, kind);
    if (only >= 0) std::cout << "case " << i << " (" << name << ", " << fuzz::mutationKindName(kind) << "):\n" << text << '\n';
    ++tally.cases;
    try {
      exercise(text, tally);
    } catch (const std::exception& e) {
      failures.push_back("case " + std::to_string(i) + " (" + name + ", " + fuzz::mutationKindName(kind) +
                         "): " + typeid(e).name() + ": " + e.what());
    }
  }
  std::cout << tally.cases << " cases: " << tally.refused << " refused by the loader, " << tally.loaded << " loaded, "
            << tally.stepped << " stepped\n";
  for (std::size_t k = 0; k < std::min<std::size_t>(failures.size(), 20); ++k) ADD_FAILURE() << failures[k];
  EXPECT_TRUE(failures.empty()) << failures.size() << " of " << tally.cases << " cases threw something else than a "
                                << "SceneError (rerun one with ARTICULAB_FUZZ_CASE=N)";
  if (only < 0) {  // the mutations must reach both sides of the loader
    EXPECT_GT(tally.refused, cases / 10);
    EXPECT_GT(tally.stepped, cases / 10);
  }
}

}  // namespace
}  // namespace articulab
