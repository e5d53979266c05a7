// Benchmark statistics: mean, nearest-rank 95th percentile and FPS.
#include <gtest/gtest.h>

#include "app/gui/frame_stats.hpp"

namespace articulab::gui {
namespace {

TEST(FrameStats, MeanPercentileAndFps) {
  std::vector<double> ms;
  for (int i = 1; i <= 100; ++i) ms.push_back(double(i));  // 1 ... 100 ms, shuffled order irrelevant
  std::swap(ms[3], ms[97]);
  FrameStats stats = summarizeFrameTimes(ms);
  EXPECT_EQ(stats.frames, 100);
  EXPECT_DOUBLE_EQ(stats.meanMs, 50.5);
  EXPECT_DOUBLE_EQ(stats.p95Ms, 95.0);
  EXPECT_DOUBLE_EQ(stats.maxMs, 100.0);
  EXPECT_DOUBLE_EQ(stats.fps, 1000.0 / 50.5);
  EXPECT_EQ(summarizeFrameTimes({}).frames, 0);
}

}  // namespace
}  // namespace articulab::gui
