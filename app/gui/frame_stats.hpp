// Frame-time statistics for the benchmark mode: mean, 95th percentile and frames per second.
#pragma once

#include <string>
#include <vector>

namespace articulab::gui {

struct FrameStats {
  int frames = 0;
  double meanMs = 0.0;
  double p95Ms = 0.0;  // nearest-rank 95th percentile
  double maxMs = 0.0;
  double fps = 0.0;    // 1000 / meanMs
};

FrameStats summarizeFrameTimes(std::vector<double> frameMs);
// One line: "frames 600, mean 8.41 ms, p95 10.02 ms, max 14.3 ms, 118.9 FPS".
std::string describe(const FrameStats& stats);

}  // namespace articulab::gui
