#include "app/gui/benchmark_mode.hpp"

#include <glad/gl.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <vector>

#include "app/gui/frame_stats.hpp"

namespace articulab::gui {

namespace {

std::string rendererName() {
  const GLubyte* name = glGetString(GL_RENDERER);
  return name ? reinterpret_cast<const char*>(name) : "unknown renderer";
}

}  // namespace

int runBenchmark(Workbench& app, const GuiOptions& options) {
  using Clock = std::chrono::steady_clock;
  std::string error;
  app.session().startThread();
  if (!app.session().setRunning(true, error)) {
    std::cerr << "articulab gui: benchmark: " << error << '\n';
    return 1;
  }
  const int warmup = std::min(30, std::max(1, options.benchmarkFrames / 10));
  for (int i = 0; i < warmup && !app.closeRequested(); ++i) app.renderFrame();
  std::vector<double> frameMs;
  frameMs.reserve(options.benchmarkFrames);
  Clock::time_point last = Clock::now();
  for (int i = 0; i < options.benchmarkFrames && !app.closeRequested(); ++i) {
    app.renderFrame();
    Clock::time_point now = Clock::now();
    frameMs.push_back(std::chrono::duration<double, std::milli>(now - last).count());
    last = now;
  }
  app.stopSession();
  const Snapshot& snap = app.snapshot();
  char header[512];
  std::snprintf(header, sizeof header, "benchmark: scene '%s' (%d bodies, back-end %s), %dx%d, %s: ",
                snap.model ? snap.model->name.c_str() : "none", snap.model ? snap.model->bodyCount() : 0,
                snap.backend.c_str(), options.width, options.height, rendererName().c_str());
  char sim[96];
  std::snprintf(sim, sizeof sim, ", simulation %.2fx real time", snap.stats.realTimeFactor);
  std::string line = header + describe(summarizeFrameTimes(frameMs)) + sim;
  std::cout << line << std::endl;
  if (!options.benchmarkOutput.empty()) {
    std::ofstream out(options.benchmarkOutput);
    out << line << '\n';
    if (!out) {
      std::cerr << "articulab gui: " << options.benchmarkOutput << ": cannot write the benchmark result\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace articulab::gui
