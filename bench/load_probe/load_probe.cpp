// A fresh process for BM_LoadListedBodiesFreshProcess (bench/scene_load_bench.cpp): reads the
// scene file argv[1], loads it once, and prints what the load cost this process, as a CLI run
// pays it: "CPU_SECONDS MINOR_FAULTS PEAK_GROWTH_BYTES". Exit 1 if the load fails.
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include "engine/io/scene_json.hpp"
#include "engine/io/scene_loader.hpp"

namespace {

double processCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

long minorFaults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

// "VmHWM" or "VmRSS" of /proc/self/status, in bytes (0 if absent).
double statusBytes(const char* field) {
  std::FILE* file = std::fopen("/proc/self/status", "r");
  if (!file) return 0.0;
  char line[256];
  double kilobytes = 0.0;
  const std::size_t length = std::strlen(field);
  while (std::fgets(line, sizeof line, file))
    if (std::strncmp(line, field, length) == 0 && line[length] == ':') kilobytes = std::atof(line + length + 1);
  std::fclose(file);
  return 1024.0 * kilobytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s SCENE.json\n", argv[0]);
    return 2;
  }
  try {
    const std::string text = articulab::scene_io::readSceneText(argv[1], {});
    const double resident = statusBytes("VmRSS");
    const long faults = minorFaults();
    const double start = processCpuSeconds();
    const articulab::Model model = articulab::loadSceneFromString(text, argv[1]);
    const double seconds = processCpuSeconds() - start;
    std::printf("%.9f %ld %.0f\n", seconds, minorFaults() - faults, statusBytes("VmHWM") - resident);
    return model.bodyCount() > 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
