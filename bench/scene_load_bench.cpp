// Loading scenes (engine/io/scene_loader.hpp), issue 31's targets: linear in the file and the
// model. BM_LoadListedBodies: a scene that lists n bodies and n joints, as File > Save scene
// writes a chain (under 1 s at n = 1e5); BM_LoadSpringChain: scenes/spring_chain.json at n, 2n
// springs naming their bodies (the loader's name lookups); BM_FirstErrorOfHugeArray: 2 bodies
// and then n empty objects in "bodies", the error at /bodies/2 (reported as the parse reaches
// it: the time stays flat as n grows tenfold). Time per body stays flat as n grows tenfold.
// BM_LoadListedBodiesFreshProcess: the same load in a child process forked for each iteration,
// so that every page the load touches is a fresh one (a CLI run's cost); its time is the
// child's CPU time for the load, with the minor page faults and the growth of the peak resident
// memory it caused.
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
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

// What a load cost a child process: CPU seconds, minor page faults, growth of the peak resident memory.
struct LoadCost {
  double cpuSeconds = 0.0;
  double minorFaults = 0.0;
  double peakGrowthBytes = 0.0;
};

double processCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// "VmHWM" or "VmRSS" of /proc/self/status, in bytes (0 if absent).
double statusBytes(const char* field) {
  std::FILE* file = std::fopen("/proc/self/status", "r");
  if (!file) return 0.0;
  char line[256];
  double kilobytes = 0.0;
  const std::string prefix = std::string(field) + ":";
  while (std::fgets(line, sizeof line, file))
    if (std::string(line).rfind(prefix, 0) == 0) kilobytes = std::atof(line + prefix.size());
  std::fclose(file);
  return 1024.0 * kilobytes;
}

// Loads `text` in a forked child and returns what it cost there (cpuSeconds < 0 if the child failed).
LoadCost loadInFreshProcess(const std::string& text) {
  int channel[2];
  if (pipe(channel) != 0) return {-1.0};
  const pid_t child = fork();
  if (child == 0) {
    close(channel[0]);
    LoadCost cost;
    rusage before{}, after{};
    const double residentBefore = statusBytes("VmRSS");
    getrusage(RUSAGE_SELF, &before);
    const double start = processCpuSeconds();
    try {
      benchmark::DoNotOptimize(loadSceneFromString(text, "chain.json"));
      cost.cpuSeconds = processCpuSeconds() - start;
    } catch (...) {
      cost.cpuSeconds = -1.0;
    }
    getrusage(RUSAGE_SELF, &after);
    cost.minorFaults = static_cast<double>(after.ru_minflt - before.ru_minflt);
    cost.peakGrowthBytes = statusBytes("VmHWM") - residentBefore;
    const bool written = write(channel[1], &cost, sizeof cost) == static_cast<ssize_t>(sizeof cost);
    _exit(written ? 0 : 1);
  }
  close(channel[1]);
  LoadCost cost{-1.0};
  if (child < 0 || read(channel[0], &cost, sizeof cost) != static_cast<ssize_t>(sizeof cost)) cost.cpuSeconds = -1.0;
  close(channel[0]);
  int status = 0;
  if (child > 0) waitpid(child, &status, 0);
  return cost;
}

void BM_LoadListedBodiesFreshProcess(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const std::string text = listedChain(n);
  double seconds = 0.0, faults = 0.0, peak = 0.0;
  for (auto _ : state) {
    const LoadCost cost = loadInFreshProcess(text);
    if (cost.cpuSeconds < 0.0) {
      state.SkipWithError("the child process did not load the scene");
      break;
    }
    state.SetIterationTime(cost.cpuSeconds);
    seconds += cost.cpuSeconds;
    faults += cost.minorFaults;
    peak = std::max(peak, cost.peakGrowthBytes);
  }
  const double iterations = static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
  state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
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
