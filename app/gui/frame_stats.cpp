#include "app/gui/frame_stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace articulab::gui {

FrameStats summarizeFrameTimes(std::vector<double> frameMs) {
  FrameStats stats;
  stats.frames = static_cast<int>(frameMs.size());
  if (frameMs.empty()) return stats;
  std::sort(frameMs.begin(), frameMs.end());
  stats.meanMs = std::accumulate(frameMs.begin(), frameMs.end(), 0.0) / frameMs.size();
  std::size_t rank = static_cast<std::size_t>(std::ceil(0.95 * frameMs.size()));
  stats.p95Ms = frameMs[std::clamp<std::size_t>(rank, 1, frameMs.size()) - 1];
  stats.maxMs = frameMs.back();
  stats.fps = stats.meanMs > 0.0 ? 1000.0 / stats.meanMs : 0.0;
  return stats;
}

std::string describe(const FrameStats& stats) {
  char text[160];
  std::snprintf(text, sizeof text, "frames %d, mean %.2f ms, p95 %.2f ms, max %.2f ms, %.1f FPS", stats.frames,
                stats.meanMs, stats.p95Ms, stats.maxMs, stats.fps);
  return text;
}

}  // namespace articulab::gui
