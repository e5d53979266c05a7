// Loading scenes (engine/io/scene_loader.hpp), issue 31's targets: linear in the file and the
// model. BM_LoadListedBodies: a scene that lists n bodies and n joints, as File > Save scene
// writes a chain (under 1 s at n = 1e5); BM_LoadSpringChain: scenes/spring_chain.json at n, 2n
// springs naming their bodies (the loader's name lookups); BM_FirstErrorOfHugeArray: 2 bodies
// and then n empty objects in "bodies", the error at /bodies/2 (the document is parsed first:
// linear in the bytes). Time per body (or element) stays flat as n grows tenfold.
#include <benchmark/benchmark.h>

#include <string>

#include "engine/io/scene_loader.hpp"
#include "engine/io/scene_writer.hpp"

namespace articulab {
namespace {

const std::string kScenes = ARTICULAB_SOURCE_DIR "/scenes/";

// The text File > Save scene writes for the standard chain of n links: every body and joint listed.
std::string listedChain(int n) {
  const Model chain = loadScene(kScenes + "chain.json", {{"n", static_cast<double>(n)}});
  return writeScene(chain).text;
}

void BM_LoadListedBodies(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const std::string text = listedChain(n);
  for (auto _ : state) benchmark::DoNotOptimize(loadSceneFromString(text, "chain.json"));
  state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
  state.counters["us_per_body"] = benchmark::Counter(static_cast<double>(n) * 1e-6,
                                                     benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
}
BENCHMARK(BM_LoadListedBodies)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

void BM_LoadSpringChain(benchmark::State& state) {
  const double n = static_cast<double>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(loadScene(kScenes + "spring_chain.json", {{"n", n}}));
  state.counters["us_per_body"] =
      benchmark::Counter(n * 1e-6, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_LoadSpringChain)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

void BM_FirstErrorOfHugeArray(benchmark::State& state) {
  const long n = state.range(0);
  std::string text = R"({"bodies": [{"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}},
                                    {"name": "b", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}})";
  for (long i = 0; i < n; ++i) text += ",{}";
  text += "]}";
  for (auto _ : state) {
    try {
      loadSceneFromString(text, "huge.json");
      state.SkipWithError("the scene loaded");
    } catch (const SceneError& e) {
      benchmark::DoNotOptimize(e.pointer());
    }
  }
  state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
}
BENCHMARK(BM_FirstErrorOfHugeArray)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace articulab
