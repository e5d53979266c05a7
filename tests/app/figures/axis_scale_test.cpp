// The value axes of the plots against known data (issue 32): a magnitude at 1e-13 shows at 1e-13
// on a log axis (no fixed floor), a sign-changing series on a symmetric log axis keeps its sign
// and order, the machine-precision floor joins the range only near the data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "app/figures/axis_scale.hpp"
#include "app/figures/plot_spec.hpp"

namespace articulab::figures {
namespace {

TimeSeries seriesOf(const std::vector<double>& values) {
  TimeSeries data({{"t", "s", "t"}, {"drift_position", "m", "drift"}}, values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double row[2] = {0.001 * static_cast<double>(i), values[i]};
    data.push(row);
  }
  return data;
}

PlotSpec plotOf(AxisScale scale, double floor = 0.0) {
  PlotSpec plot{"Drift", "drift [m]", {{1, {1.0f, 0.0f, 0.0f}}}};
  plot.scale = scale;
  plot.floor = floor;
  return plot;
}

const Tick* tickLabelled(const std::vector<Tick>& ticks, const std::string& label) {
  for (const Tick& tick : ticks)
    if (tick.label == label) return &tick;
  return nullptr;
}

TEST(AxisScale, ASeriesAt1e13ShowsAt1e13OnALogAxis) {
  std::vector<double> values;
  for (int i = 0; i < 200; ++i) values.push_back(1.3e-13 * (1.0 + 0.2 * std::sin(0.1 * i)));
  values[0] = 0.0;  // the start: no drift at all, drawn at the bottom
  const TimeSeries data = seriesOf(values);
  const ValueAxis axis = autoscaleAxis(data, plotOf(AxisScale::Log), {0.0, 1.0}, 0.05);
  EXPECT_EQ(axis.scale.kind, AxisScale::Log);
  EXPECT_LT(axis.range.lo, std::log10(1.3e-13 * 0.8));
  EXPECT_GT(axis.range.hi, std::log10(1.3e-13 * 1.2));
  EXPECT_LT(axis.range.hi - axis.range.lo, 1.5);  // about the data, not down from 1e-9
  const std::vector<Tick> ticks = scaleTicks(axis.scale, axis.range, 6);
  const Tick* tick = tickLabelled(ticks, "1e-13");
  ASSERT_NE(tick, nullptr) << "ticks: " << ticks.size();
  EXPECT_NEAR(tick->value, -13.0, 1e-12);
  // The value maps to its place on the axis: 1.3e-13 sits 0.114 decades above 1e-13.
  EXPECT_NEAR(axis.scale.toAxis(1.3e-13) - tick->value, std::log10(1.3), 1e-12);
  EXPECT_LT(axis.scale.toAxis(0.0), axis.range.lo);  // zero is below the axis, not at 1e-9
}

TEST(AxisScale, TheFloorJoinsTheRangeOnlyNearTheData) {
  const TimeSeries near = seriesOf({3e-14, 5e-14, 1e-13});
  const ValueAxis withFloor = autoscaleAxis(near, plotOf(AxisScale::Log, 1.4e-14), {0.0, 1.0}, 0.0);
  EXPECT_LE(withFloor.range.lo, std::log10(1.4e-14) + 1e-12);
  const TimeSeries far = seriesOf({1e-3, 2e-3});
  const ValueAxis farAxis = autoscaleAxis(far, plotOf(AxisScale::Log, 1.4e-14), {0.0, 1.0}, 0.0);
  EXPECT_GT(farAxis.range.lo, -4.0);  // a drift of 1e-3 m is not squeezed against a 1e-14 band
}

TEST(AxisScale, ManyDecadesGetATickEveryFewDecades) {
  const ValueScale scale{AxisScale::Log};
  const std::vector<Tick> ticks = scaleTicks(scale, {-16.0, 0.0}, 6);
  ASSERT_GE(ticks.size(), 3u);
  EXPECT_LE(ticks.size(), 9u);
  for (const Tick& tick : ticks) EXPECT_EQ(tick.value, std::round(tick.value));  // powers of ten
}

TEST(AxisScale, SymlogKeepsTheSignAndOrderOfASignChangingSeries) {
  std::vector<double> values;
  for (int i = 0; i < 400; ++i) values.push_back(3e-9 * std::sin(0.05 * i) * std::exp(0.02 * i));  // -1e-5 .. +1e-5
  const TimeSeries data = seriesOf(values);
  const ValueAxis axis = autoscaleAxis(data, plotOf(AxisScale::SymLog), {0.0, 1.0}, 0.05);
  EXPECT_EQ(axis.scale.kind, AxisScale::SymLog);
  double previousV = -INFINITY, previousU = -INFINITY;
  std::vector<double> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  for (double v : sorted) {
    const double u = axis.scale.toAxis(v);
    EXPECT_GE(u, previousU);
    EXPECT_EQ(u > 0.0, v > 0.0);
    EXPECT_NEAR(axis.scale.fromAxis(u), v, 1e-12 * std::max(1e-12, std::abs(v)));
    EXPECT_GE(u, axis.range.lo);
    EXPECT_LE(u, axis.range.hi);
    previousU = u;
    previousV = v;
  }
  (void)previousV;
  const std::vector<Tick> ticks = scaleTicks(axis.scale, axis.range, 7);
  EXPECT_NE(tickLabelled(ticks, "0"), nullptr);
  bool negative = false, positive = false;
  for (const Tick& tick : ticks) {
    negative = negative || tick.label.rfind("-1e", 0) == 0;
    positive = positive || tick.label.rfind("1e", 0) == 0;
  }
  EXPECT_TRUE(negative && positive) << ticks.size() << " ticks";
  // Decades apart on either side: 1e-8 and 1e-6 are as far apart as -1e-8 and -1e-6.
  EXPECT_NEAR(axis.scale.toAxis(1e-6) - axis.scale.toAxis(1e-8), axis.scale.toAxis(-1e-8) - axis.scale.toAxis(-1e-6),
              1e-12);
}

TEST(AxisScale, LinearIsThePaddedRange) {
  const TimeSeries data = seriesOf({1.0, 2.0, 3.0});
  const ValueAxis axis = autoscaleAxis(data, plotOf(AxisScale::Linear), {0.0, 1.0}, 0.1);
  EXPECT_DOUBLE_EQ(axis.range.lo, 0.8);
  EXPECT_DOUBLE_EQ(axis.range.hi, 3.2);
  EXPECT_EQ(axis.scale.toAxis(2.5), 2.5);
}

}  // namespace
}  // namespace articulab::figures
