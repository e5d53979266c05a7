// Loading scenes (engine/io/scene_loader.hpp), issue 31's targets: linear in the file and the
// model. BM_LoadListedBodies: a scene that lists n bodies and n joints, as File > Save scene
// writes a chain (under 1 s at n = 1e5); BM_LoadSpringChain: scenes/spring_chain.json at n, 2n
// springs naming their bodies (the loader's name lookups); BM_FirstErrorOfHugeArray: 2 bodies
// and then n empty objects in "bodies", the error at /bodies/2 (reported as the parse reaches
// it: the time stays flat as n grows tenfold). Time per body stays flat as n grows tenfold.
// BM_LoadListedBodiesFreshProcess: the same load from a file, in a new process for each
// iteration (bench/load_probe), so that every page the load touches is a fresh one (a CLI run's
// cost); its time is that process's CPU time for the load, with the minor page faults and the
// growth of the peak resident memory it caused.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
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

// What a load cost a fresh process: CPU seconds, minor page faults, growth of the peak resident memory.
struct LoadCost {
  double cpuSeconds = -1.0;  // negative: the load failed
  double minorFaults = 0.0;
  double peakGrowthBytes = 0.0;
};

// Runs bench/load_probe on the scene file `path`: a new process (exec, not a fork, whose heap
// would be the benchmark's), as a CLI run loads a scene.
LoadCost loadInFreshProcess(const std::string& path) {
  LoadCost cost;
  std::FILE* probe = popen((std::string("'") + ARTICULAB_LOAD_PROBE + "' '" + path + "'").c_str(), "r");
  if (!probe) return cost;
  double seconds = -1.0;
  if (std::fscanf(probe, "%lf %lf %lf", &seconds, &cost.minorFaults, &cost.peakGrowthBytes) == 3) cost.cpuSeconds = seconds;
  if (pclose(probe) != 0) cost.cpuSeconds = -1.0;
  return cost;
}

// The listed chain of n links, written once to a temporary file removed at the end.
class ListedChainFile {
 public:
  explicit ListedChainFile(int n) : path_(std::string(P_tmpdir) + "/articulab_bench_chain_XXXXXX") {
    const int fd = mkstemp(path_.data());
    const std::string text = listedChain(n);
    bytes_ = text.size();
    ok_ = fd >= 0 && write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    if (fd >= 0) ok_ = close(fd) == 0 && ok_;
  }
  ~ListedChainFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }
  std::size_t bytes() const { return bytes_; }
  bool ok() const { return ok_; }

 private:
  std::string path_;
  std::size_t bytes_ = 0;
  bool ok_ = false;
};

void BM_LoadListedBodiesFreshProcess(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const ListedChainFile file(n);
  if (!file.ok()) {
    state.SkipWithError("could not write the scene file");
    return;
  }
  double seconds = 0.0, faults = 0.0, peak = 0.0;
  for (auto _ : state) {
    const LoadCost cost = loadInFreshProcess(file.path());
    if (cost.cpuSeconds < 0.0) {
      state.SkipWithError("the probe process did not load the scene");
      break;
    }
    state.SetIterationTime(cost.cpuSeconds);
    seconds += cost.cpuSeconds;
    faults += cost.minorFaults;
    peak = std::max(peak, cost.peakGrowthBytes);
  }
  const double iterations = static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
  state.counters["MB"] = static_cast<double>(file.bytes()) / 1e6;
  state.counters["us_per_body"] = 1e6 * seconds / iterations / n;  // rate counters would use the parent's CPU time
  state.counters["minor_faults"] = faults / iterations;
  state.counters["peak_MB"] = peak / 1e6;
}
BENCHMARK(BM_LoadListedBodiesFreshProcess)->Arg(10000)->Arg(100000)->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);

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
