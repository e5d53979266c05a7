// Tick placement: inside the range, evenly spaced by 1, 2 or 5 times a power of ten, distinct labels.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "app/gui/axis_ticks.hpp"

namespace articulab::gui {
namespace {

bool isNiceStep(double step) {
  double power = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
  double mantissa = step / power;
  for (double nice : {1.0, 2.0, 5.0, 10.0})
    if (std::abs(mantissa - nice) < 1e-6) return true;
  return false;
}

TEST(AxisTicks, AreNiceEvenlySpacedInsideTheRangeWithDistinctLabels) {
  const AxisRange ranges[] = {{0.0, 10.0}, {-9.3, -1.2}, {0.0, 1.7e-16}, {12345.0, 98765.0}, {-2e-4, 3e-4}, {0.999, 1.001}};
  for (const AxisRange& range : ranges) {
    std::vector<Tick> ticks = axisTicks(range, 6);
    ASSERT_GE(ticks.size(), 3u) << range.lo << " " << range.hi;
    ASSERT_LE(ticks.size(), 13u);
    double step = ticks[1].value - ticks[0].value;
    EXPECT_TRUE(isNiceStep(step)) << step;
    std::set<std::string> labels;
    for (std::size_t i = 0; i < ticks.size(); ++i) {
      EXPECT_GE(ticks[i].value, range.lo - 1e-9 * step);
      EXPECT_LE(ticks[i].value, range.hi + 1e-9 * step);
      if (i > 0) {
        EXPECT_NEAR(ticks[i].value - ticks[i - 1].value, step, 1e-6 * step);
      }
      labels.insert(ticks[i].label);
    }
    EXPECT_EQ(labels.size(), ticks.size()) << "labels must tell neighbouring ticks apart";
  }
}

TEST(AxisTicks, LabelsZeroAsZeroAndReadBackToTheTickValue) {
  for (const Tick& tick : axisTicks({-1.0, 1.0}, 4)) {
    if (tick.value == 0.0) {
      EXPECT_EQ(tick.label, "0");
    }
    EXPECT_NEAR(std::stod(tick.label), tick.value, 1e-12);
  }
}

TEST(AxisTicks, EmptyOrInvalidRangeGivesNoTicks) {
  EXPECT_TRUE(axisTicks({1.0, 1.0}, 5).empty());
  EXPECT_TRUE(axisTicks({0.0, NAN}, 5).empty());
}

TEST(PaddedRange, ContainsTheDataWithAMarginAndWidensASingleValue) {
  AxisRange r = paddedRange(2.0, 4.0, 0.1);
  EXPECT_DOUBLE_EQ(r.lo, 1.8);
  EXPECT_DOUBLE_EQ(r.hi, 4.2);
  AxisRange single = paddedRange(-9.0, -9.0, 0.1);
  EXPECT_LT(single.lo, -9.0);
  EXPECT_GT(single.hi, -9.0);
  AxisRange zero = paddedRange(0.0, 0.0, 0.1);
  EXPECT_LT(zero.lo, 0.0);
  EXPECT_GT(zero.hi, 0.0);
}

}  // namespace
}  // namespace articulab::gui
