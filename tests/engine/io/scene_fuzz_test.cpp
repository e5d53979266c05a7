// Hostile scenes never kill the program: 10,000 seeded mutations of the shipped scenes (values,
// keys, types, structure, raw bytes; scene_mutator.hpp) go through the loader, every back-end's
// supports() and one step of the scene's back-end. The loader may only answer with a
// SceneError; nothing else may throw, and under the sanitizer build (scripts/dev.sh sanitize)
// nothing may read out of bounds or overflow. A second pass applies issue 31's classes on
// purpose (missing optional fields, huge arrays and counts, extreme numbers), saves every model
// that loads and loads it back, and reads unreadable and writes unwritable paths. Reproduce one
// case with
//   ARTICULAB_FUZZ_CASE=1234 ./build/tests/engine_tests --gtest_filter='SceneFuzz.*'
// and change the run with ARTICULAB_FUZZ_SEED, ARTICULAB_FUZZ_CASES and
// ARTICULAB_FUZZ_HOSTILE_CASES (docs/testing.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <map>
#include <typeinfo>

#include <sys/stat.h>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/divergence.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/io/model_difference.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/io/scene_writer.hpp"
#include "engine/solvers/registry.hpp"
#include "scene_mutator.hpp"

namespace articulab {
namespace {

// Above this many coordinates the step uses semi-implicit Euler where the back-end offers it, so
// that 10,000 cases stay within a minute in the sanitizer build; above the next two limits
// (an O(n^3) back-end, any back-end) a mutated count makes a step too slow to take here, and
// only the loader and supports() are exercised.
constexpr int kFullStepCoordinates = 40;
constexpr int kDenseStepCoordinates = 100;
constexpr int kStepCoordinates = 2000;
// Larger models are not saved and loaded back here (the writer does the same per body; a
// 100000-body round trip would take most of the test's time).
constexpr int kSavedBodies = 2000;

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
  long cases = 0, refused = 0, loaded = 0, stepped = 0, saved = 0;
};

// A model that loads is written as a scene and loaded back to the same model (File > Save
// scene as); the writer may refuse what the format cannot hold, with a reason.
void saveAndLoadBack(const Model& model, Tally& tally) {
  const WrittenScene written = writeScene(model);
  if (!written.error.empty()) return;
  Model reloaded;
  try {
    reloaded = loadSceneFromString(written.text, "saved.json");
  } catch (const SceneError& e) {
    throw std::runtime_error(std::string("the saved scene does not load: ") + e.what());
  }
  if (const std::string difference = modelDifference(model, reloaded); !difference.empty())
    throw std::runtime_error("the saved scene loads back different: " + difference);
  ++tally.saved;
}

// Loader, supports() of every back-end and one step (and with `save`, the writer's round trip);
// throws whatever the engine throws.
void exercise(const std::string& text, Tally& tally, bool save = false) {
  Model model;
  try {
    model = loadSceneFromString(text, "fuzzed.json");
    validateSceneChoices(model, true, true);  // what the CLI and the app do with the scene's names
  } catch (const SceneError&) {
    ++tally.refused;
    return;
  }
  ++tally.loaded;
  if (save && model.bodyCount() <= kSavedBodies) saveAndLoadBack(model, tally);
  for (const BackendInfo& info : backends()) info.supports(model);
  const BackendInfo* backend = findBackend(model.defaults.backend);
  if (!backend || !backend->supports(model).ok) return;
  if (model.nq > kStepCoordinates || (backend->name == "redmax" && model.nq > kDenseStepCoordinates)) return;
  // The cheap integrator where the back-end offers it (the variational ones have their own).
  const bool cheap = model.nq > kFullStepCoordinates && backend->findIntegrator("semi-implicit");
  const Integrator integrator = cheap ? Integrator::SemiImplicitEuler : backend->supports.choose(model).integrator;
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

// Paths that cannot be read: each a SceneError naming the file (never a stream exception).
std::vector<std::string> unreadableReadings() {
  const std::string fifo = (std::filesystem::temp_directory_path() / "articulab_fuzz_fifo").string();
  std::filesystem::remove(fifo);
  mkfifo(fifo.c_str(), 0600);  // opening it would block: it must be refused before
  std::vector<std::string> failures;
  for (const std::string& path : {std::string("/proc/self/mem"), std::string("/dev/null"), std::string("/dev/zero"),
                                  std::string("/"), std::string("/nonexistent-dir/scene.json"), std::string(""), fifo,
                                  std::string("/proc/self/stat")}) {
    try {
      loadScene(path);
      failures.push_back(path + ": loaded");
    } catch (const SceneError& e) {
      if (e.file() != path) failures.push_back(path + ": the error names " + e.file());
    } catch (const std::exception& e) {
      failures.push_back(path + ": " + typeid(e).name() + ": " + e.what());
    }
  }
  std::filesystem::remove(fifo);
  return failures;
}

// Paths that cannot be written: saveScene returns the reason and leaves no partial file.
std::vector<std::string> unwritableSavings() {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/double_pendulum.json");
  std::vector<std::string> failures;
  const std::string directory = std::filesystem::temp_directory_path().string();
  for (const std::string& path : {std::string("/dev/full"), std::string("/nonexistent-dir/scene.json"), directory,
                                  std::string("/proc/self/mem"), std::string(""), std::string("/proc/version")}) {
    try {
      const std::string error = saveScene(model, path);
      if (error.empty()) failures.push_back(path + ": saved");
      else if (path.size() > 0 && error.find(path) == std::string::npos)
        failures.push_back(path + ": the error does not name the path: " + error);
    } catch (const std::exception& e) {
      failures.push_back(path + ": " + typeid(e).name() + ": " + e.what());
    }
  }
  return failures;
}

TEST(SceneFuzz, HostileClassesNeverCrashTheLoaderTheWriterOrAStep) {
  const auto scenes = fuzzSeedScenes();
  const long seed = environmentNumber("ARTICULAB_FUZZ_SEED", 20261124);
  const long cases = environmentNumber("ARTICULAB_FUZZ_HOSTILE_CASES", 400);
  const long only = environmentNumber("ARTICULAB_FUZZ_CASE", -1);
  std::vector<std::string> failures = unreadableReadings();
  for (const std::string& failure : unwritableSavings()) failures.push_back(failure);
  Tally tally;
  std::map<fuzz::HostileClass, Tally> byClass;
  for (long i = only >= 0 ? only : 0; i < (only >= 0 ? only + 1 : cases); ++i) {
    const auto& [name, original] = scenes[static_cast<std::size_t>(i) % scenes.size()];
    fuzz::SceneMutator mutator(static_cast<std::uint64_t>(seed) * 7919u + static_cast<std::uint64_t>(i));
    fuzz::HostileClass kind = fuzz::HostileClass::MissingOptional;
    const std::string text = mutator.mutateHostile(original, kind);
    if (only >= 0) std::cout << "case " << i << " (" << name << ", " << fuzz::hostileClassName(kind) << "):\n" << text.substr(0, 20000) << '\n';
    ++tally.cases;
    Tally& mine = byClass[kind];
    ++mine.cases;
    try {
      exercise(text, mine, /*save=*/true);
    } catch (const std::exception& e) {
      failures.push_back("case " + std::to_string(i) + " (" + name + ", " + fuzz::hostileClassName(kind) +
                         "): " + typeid(e).name() + ": " + e.what());
    }
  }
  for (const auto& [kind, counts] : byClass)
    std::cout << fuzz::hostileClassName(kind) << ": " << counts.cases << " cases, " << counts.refused << " refused, "
              << counts.loaded << " loaded, " << counts.saved << " saved and loaded back, " << counts.stepped
              << " stepped\n";
  for (std::size_t k = 0; k < std::min<std::size_t>(failures.size(), 20); ++k) ADD_FAILURE() << failures[k];
  EXPECT_TRUE(failures.empty()) << failures.size() << " failures (rerun a case with ARTICULAB_FUZZ_CASE=N)";
  if (only < 0) {  // every class reaches the loader, and the ones that keep a scene valid load and save
    for (const auto& [kind, counts] : byClass) EXPECT_GT(counts.cases, cases / 8) << fuzz::hostileClassName(kind);
    EXPECT_GT(byClass[fuzz::HostileClass::MissingOptional].saved, 0);
    EXPECT_GT(byClass[fuzz::HostileClass::ExtremeNumber].saved, 0);
    EXPECT_GT(byClass[fuzz::HostileClass::HugeCount].refused, 0);
  }
}

}  // namespace
}  // namespace articulab
