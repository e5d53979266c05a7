// libFuzzer target for the scene loader and one step (docs/testing.md, "Fuzzing"): the loader
// may only throw SceneError; any other exception, crash or sanitizer report is a finding. Each
// input also goes through the loader's JSON scanner and nlohmann's sax_parse, which must send the
// same events and accept the same texts (engine/io/json_scanner.hpp); a difference aborts.
// Built with -DARTICULAB_LIBFUZZER=ON and clang, in the ASan tree of scripts/dev.sh sanitize
// (which runs it for 60 s from the shipped scenes) or in a tree of its own:
//   CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DARTICULAB_LIBFUZZER=ON -DARTICULAB_GUI=OFF
//     -DARTICULAB_BENCH=OFF -DCMAKE_BUILD_TYPE=Debug
//   cmake --build build-fuzz --target scene_loader_fuzzer
//   ./build-fuzz/tests/scene_loader_fuzzer -max_total_time=600 -rss_limit_mb=4096 corpus/ scenes/
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "../shared/json_sax_events.hpp"

namespace {
constexpr int kMaxSteppedCoordinates = 200;  // larger models are loaded and checked, not stepped
// The loader's memory budget here: a model it accepts stays well inside -rss_limit_mb=4096
// (under AddressSanitizer a model takes about twice its estimate).
constexpr double kLoaderMemoryBytes = 1e9;

// The scanner against nlohmann, strict (the loader's parse) and not (forEachEntry).
void checkScannerAgainstNlohmann(const std::string& text) {
  for (const bool strict : {true, false}) {
    if (articulab::testing::scannerSaxRun(text, strict) == articulab::testing::nlohmannSaxRun(text, strict)) continue;
    std::fprintf(stderr, "the JSON scanner and nlohmann's sax_parse differ (strict %d)\n", strict ? 1 : 0);
    std::abort();
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace articulab;
  const std::string text(reinterpret_cast<const char*>(data), size);
  checkScannerAgainstNlohmann(text);
  Model model;
  try {
    model = loadSceneFromString(text, "fuzz.json", {},
                                SceneLimits{kDefaultMaxBodies, kLoaderMemoryBytes});
    validateSceneChoices(model, true, true);
  } catch (const SceneError&) {
    return 0;
  }
  for (const BackendInfo& info : backends()) info.supports(model);
  const BackendInfo* backend = findBackend(model.defaults.backend);
  if (model.nq > kMaxSteppedCoordinates || !backend) return 0;
  const SceneIntegratorChoice choice = backend->supports.choose(model);
  if (!choice.support.ok) return 0;
  const auto solver = backend->create(model, sceneSolverOptions(*backend, model, choice.integrator));
  State state = makeInitialState(model);
  solver->step(model, state, model.defaults.dt);
  return 0;
}
