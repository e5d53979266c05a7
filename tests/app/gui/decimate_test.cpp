// Decimation for drawing: few points per column, yet every column's extremes survive.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "app/gui/decimate.hpp"

namespace articulab::gui {
namespace {

TEST(Decimate, KeepsEachColumnsMinimumAndMaximumWithFewPoints) {
  TimeSeries data({{"t", "s", "t"}, {"y", "", "y"}}, 100000);
  for (int i = 0; i <= 100000 - 1; ++i) {
    double t = i * 1e-4, row[2] = {t, std::sin(40.0 * t) + 0.3 * std::sin(900.0 * t)};
    data.push(row);
  }
  const int columns = 200;
  AxisRange window{2.0, 8.0};
  std::vector<PlotPoint> points = decimate(data, 1, window, columns);
  EXPECT_LE(points.size(), 4u * columns + 8u);
  // Oracle: the extremes of every column of the raw data appear among the kept points.
  double scale = columns / (window.hi - window.lo);
  auto columnOf = [&](double t) { return static_cast<int>(std::floor((t - window.lo) * scale)); };
  std::vector<double> rawLo(columns, INFINITY), rawHi(columns, -INFINITY), keptLo(columns, INFINITY),
      keptHi(columns, -INFINITY);
  for (std::size_t r = 0; r < data.size(); ++r) {
    int c = columnOf(data.time(r));
    if (c < 0 || c >= columns) continue;
    rawLo[c] = std::min(rawLo[c], data.value(r, 1));
    rawHi[c] = std::max(rawHi[c], data.value(r, 1));
  }
  for (const PlotPoint& p : points) {
    int c = columnOf(p.t);
    if (c < 0 || c >= columns) continue;
    keptLo[c] = std::min(keptLo[c], p.value);
    keptHi[c] = std::max(keptHi[c], p.value);
  }
  for (int c = 0; c < columns; ++c) {
    EXPECT_EQ(keptLo[c], rawLo[c]) << "column " << c;
    EXPECT_EQ(keptHi[c], rawHi[c]) << "column " << c;
  }
}

TEST(Decimate, KeepsEverySampleWhenThereAreFewAndBreaksAtNonFiniteValues) {
  TimeSeries data({{"t", "s", "t"}, {"y", "", "y"}}, 16);
  for (int i = 0; i < 10; ++i) {
    double row[2] = {double(i), i == 5 ? NAN : double(i * i)};
    data.push(row);
  }
  std::vector<PlotPoint> points = decimate(data, 1, {0.0, 9.0}, 1000);
  ASSERT_EQ(points.size(), 10u);
  EXPECT_TRUE(std::isnan(points[5].value));
  EXPECT_EQ(points[9].value, 81.0);
}

}  // namespace
}  // namespace articulab::gui
