// The overhead of a study per run (issue 35: below 5 ms): one case of a study through
// runCase (app/study: the scene loaded, the request resolved, the Run created and recorded, the
// row made) with a run of a single step (microseconds of it: the rest is overhead); and 16 cases of 1000 steps on
// the worker pool with 1 and 2 workers (the speed-up of --jobs; measured, not asserted).
#include <benchmark/benchmark.h>

#include <atomic>
#include <filesystem>

#include <unistd.h>

#include "app/study/study_case_run.hpp"
#include "app/study/study_pool.hpp"

namespace articulab {
namespace {

study::Study pendulumStudy(double duration, int runs) {
  std::string specs;
  for (int i = 0; i < runs; ++i) specs += std::string(i ? ", " : "") + "\"redmax:semi-implicit@dt=" + std::to_string(0.001 + 1e-6 * i) + "\"";
  return study::readStudyText("{\"scenes\": [\"" ARTICULAB_SOURCE_DIR "/scenes/double_pendulum.json\"], \"runs\": [" +
                                  specs + "], \"duration\": " + std::to_string(duration) + ", \"metrics\": [\"time\", \"energy\", \"drift\"]}",
                              "bench-study.json", ".");
}

void BM_StudyCaseOfOneStep(benchmark::State& bench) {
  const study::Study plan = pendulumStudy(0.001, 1);
  const std::vector<study::StudyCase> cases = study::expandStudy(plan);
  study::ReferenceCache references(plan, nullptr);
  const std::atomic<bool> stop{false};
  for (auto _ : bench) benchmark::DoNotOptimize(study::runCase(plan, cases[0], references, stop));
}
BENCHMARK(BM_StudyCaseOfOneStep)->Unit(benchmark::kMillisecond);

void BM_StudyPool16Runs(benchmark::State& bench) {
  const study::Study plan = pendulumStudy(1.0, 16);
  const std::vector<study::StudyCase> cases = study::expandStudy(plan);
  const std::string folder = (std::filesystem::temp_directory_path() / ("articulab-study-bench-" + std::to_string(getpid()))).string();
  const std::atomic<bool> stop{false};
  for (auto _ : bench) {
    bench.PauseTiming();
    std::filesystem::remove_all(folder);
    const study::StudyStore store(folder);
    bench.ResumeTiming();
    study::runStudyCases(plan, cases, store, static_cast<unsigned>(bench.range(0)), stop);
  }
  std::filesystem::remove_all(folder);
}
BENCHMARK(BM_StudyPool16Runs)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace articulab
