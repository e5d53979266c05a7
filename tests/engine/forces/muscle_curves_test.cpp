// Muscle curves (sueda 1.9.4, engine/forces/muscle_curves.hpp): the solved cubics against their
// defining conditions (eq 1.41, 1.43, 1.45) and the printed coefficients (eq 1.42, 1.44, 1.46),
// slopes against finite differences, the reference points, no negative force anywhere, and
// continuity at every breakpoint including the ends of the extensions.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "engine/forces/muscle_curves.hpp"

namespace articulab {
namespace {

constexpr double kMuscleCurveConditionTolerance = 1e-12;

struct MuscleCurveCase {
  std::string name;
  CurveDefinition definition;
  const PiecewiseCubic* cubic;
  std::function<CurveValue(double)> curve;
};

std::vector<MuscleCurveCase> muscleCurveCases() {
  return {{"passive force-length", passiveForceLengthDefinition(), &passiveForceLengthCubic(), passiveForceLength},
          {"active force-length", activeForceLengthDefinition(), &activeForceLengthCubic(), activeForceLength},
          {"force-velocity", forceVelocityDefinition(), &forceVelocityCubic(), forceVelocity}};
}

// d^k/dx^k of a x^3 + b x^2 + c x + d written out term by term (independent of the engine's Horner form).
double muscleCurvePolynomial(const std::array<double, 4>& k, int derivative, double x) {
  if (derivative == 0) return k[0] * std::pow(x, 3) + k[1] * std::pow(x, 2) + k[2] * x + k[3];
  if (derivative == 1) return 3.0 * k[0] * std::pow(x, 2) + 2.0 * k[1] * x + k[2];
  return 6.0 * k[0] * x + 2.0 * k[1];
}

std::vector<double> muscleCurveGrid(double from, double to, double step) {
  std::vector<double> xs;
  for (int i = 0; from + i * step <= to + 1e-12; ++i) xs.push_back(from + i * step);
  return xs;
}

bool muscleCurveNearBreakpoint(const PiecewiseCubic& cubic, double x, double margin) {
  for (int i = 0; i <= cubic.segmentCount; ++i) {
    if (std::abs(x - cubic.breakpoints[i]) < margin) return true;
  }
  return false;
}

TEST(MuscleCurves, EachCurveMeetsEachDefiningCondition) {
  for (const MuscleCurveCase& c : muscleCurveCases()) {
    const CurveDefinition& def = c.definition;
    ASSERT_EQ(c.cubic->segmentCount, def.segmentCount) << c.name;
    for (int k = 0; k < 4 * def.segmentCount; ++k) {
      const CurveCondition& cond = def.conditions[k];
      const double lhs = muscleCurvePolynomial(c.cubic->coefficients[cond.segment], cond.derivative, cond.x);
      if (cond.otherSegment >= 0) {
        const double rhs = muscleCurvePolynomial(c.cubic->coefficients[cond.otherSegment], cond.derivative, cond.x);
        EXPECT_NEAR(lhs - rhs, 0.0, kMuscleCurveConditionTolerance) << c.name << " condition " << k;
      } else {
        EXPECT_NEAR(lhs, cond.y, kMuscleCurveConditionTolerance) << c.name << " condition " << k;
      }
      // The engine's evaluator agrees with the written-out polynomial.
      EXPECT_NEAR(evaluateCubicSegment(*c.cubic, cond.segment, cond.derivative, cond.x), lhs, 1e-12) << c.name;
    }
  }
}

// The values stated in the notes, typed here from the text, on the public curves.
TEST(MuscleCurves, ReferencePointsFromTheNotes) {
  EXPECT_NEAR(activeForceLength(1.0).value, 1.0, 1e-12);
  EXPECT_NEAR(activeForceLength(1.0).slope, 0.0, 1e-12);
  EXPECT_NEAR(activeForceLength(0.7).value, 0.767020368396388, 1e-12);
  EXPECT_NEAR(activeForceLength(1.2).value, 0.89, 1e-12);
  EXPECT_NEAR(forceVelocity(0.0).value, 1.0, 1e-12);
  EXPECT_NEAR(forceVelocity(0.0).slope, 5.0, 1e-12);
  EXPECT_NEAR(forceVelocity(1.0).value, 1.4, 1e-12);
  EXPECT_NEAR(forceVelocity(-1.0).value, 0.0, 1e-12);
  EXPECT_NEAR(passiveForceLength(1.3).value, 0.126110265892917, 1e-12);
  EXPECT_NEAR(passiveForceLength(1.3).slope, 1.07051016402631, 1e-12);
  EXPECT_NEAR(passiveForceLength(1.7).value, 1.0, 1e-12);
  EXPECT_NEAR(passiveForceLength(1.7).slope, 2.85714285714286, 1e-12);
}

// The coefficients printed in the notes (eq 1.42, 1.44, 1.46), which the code does not use.
TEST(MuscleCurves, SolvedCoefficientsMatchThePrintedOnes) {
  const std::vector<std::array<double, 4>> passive = {
      {2.55305620081729, -7.02386028610914, 6.38855196976641, -1.91774788447456},
      {-2.76122280853939, 14.6587935048229, -23.0429533092186, 11.3749950550874}};
  const std::vector<std::array<double, 4>> active = {
      {-39.881247949014, 68.3443204612586, -35.5324573534802, 5.83029153632759},
      {-0.322674853252855, -1.71744046959073, 4.40290549894003, -1.36279017609645},
      {4.85118460831817, -20.9908796589089, 28.3080866793169, -11.2356843095252}};
  const std::vector<std::array<double, 4>> velocity = {
      {0.915253473864379, 2.74576042159314, 2.74576042159314, 0.915253473864378},
      {-453.333333333333, -8.78048780487805, 5.0, 1.0},
      {0.266648649866, -0.799945949598001, 0.799945949598001, 1.133351350134}};
  const std::vector<std::pair<const PiecewiseCubic*, std::vector<std::array<double, 4>>>> all = {
      {&passiveForceLengthCubic(), passive}, {&activeForceLengthCubic(), active}, {&forceVelocityCubic(), velocity}};
  for (const auto& [cubic, printed] : all) {
    ASSERT_EQ(cubic->segmentCount, static_cast<int>(printed.size()));
    for (std::size_t i = 0; i < printed.size(); ++i) {
      for (int j = 0; j < 4; ++j) {
        EXPECT_NEAR(cubic->coefficients[i][j], printed[i][j], 1e-10 * std::max(1.0, std::abs(printed[i][j])))
            << "segment " << i << " coefficient " << j;
      }
    }
  }
  // The printed passive cubic ends at 1.7 with value 1; the "f_2(1.8) = 1" of the notes' text
  // and matrix does not hold for it.
  EXPECT_GT(std::abs(evaluateCubicSegment(passiveForceLengthCubic(), 1, 0, 1.8) - 1.0), 0.1);
}

TEST(MuscleCurves, SlopesMatchCentralDifferences) {
  constexpr double h = 1e-6;
  for (const MuscleCurveCase& c : muscleCurveCases()) {
    int checked = 0;
    for (double x : muscleCurveGrid(-2.0, 4.0, 0.00731)) {
      if (muscleCurveNearBreakpoint(*c.cubic, x, 1e-4)) continue;
      const double fd = (c.curve(x + h).value - c.curve(x - h).value) / (2.0 * h);
      const double slope = c.curve(x).slope;
      EXPECT_NEAR(slope, fd, 1e-6 * std::max(1.0, std::abs(slope))) << c.name << " at " << x;
      // Second derivative of the cubics against differences of their slopes.
      const double fd2 = (evaluatePiecewiseCubic(*c.cubic, 1, x + h) - evaluatePiecewiseCubic(*c.cubic, 1, x - h)) / (2.0 * h);
      const double second = evaluatePiecewiseCubic(*c.cubic, 2, x);
      EXPECT_NEAR(second, fd2, 1e-6 * std::max(1.0, std::abs(second))) << c.name << " at " << x;
      ++checked;
    }
    EXPECT_GT(checked, 700) << c.name;
  }
}

TEST(MuscleCurves, NoNegativeForceAnywhere) {
  for (double x : muscleCurveGrid(-2.0, 4.0, 1e-4)) {
    EXPECT_GE(activeForceLength(x).value, 0.0) << x;
    EXPECT_GE(passiveForceLength(x).value, 0.0) << x;
    EXPECT_GE(forceVelocity(x).value, 0.0) << x;
    if (x <= 1.0) {
      EXPECT_EQ(passiveForceLength(x).value, 0.0) << x;
      EXPECT_EQ(passiveForceLength(x).slope, 0.0) << x;
    }
  }
  // Right next to the ends where a curve touches zero.
  for (int k = 1; k <= 16; ++k) {
    const double e = std::pow(10.0, -k);
    EXPECT_GE(activeForceLength(0.4 + e).value, 0.0);
    EXPECT_GE(activeForceLength(1.81 - e).value, 0.0);
    EXPECT_GE(passiveForceLength(1.0 + e).value, 0.0);
    EXPECT_GE(forceVelocity(-1.0 + e).value, 0.0);
  }
}

// The cubics themselves (without the clamp of the public curves) stay >= 0 inside their domains.
TEST(MuscleCurves, NoCubicDipsBelowZeroInsideItsDomain) {
  for (const MuscleCurveCase& c : muscleCurveCases()) {
    const PiecewiseCubic& cubic = *c.cubic;
    double lowest = 1e300;
    for (double x : muscleCurveGrid(cubic.breakpoints[0], cubic.breakpoints[cubic.segmentCount], 1e-5)) {
      lowest = std::min(lowest, evaluatePiecewiseCubic(cubic, 0, x));
    }
    EXPECT_GE(lowest, -1e-13) << c.name;
  }
}

// Force-velocity and passive force-length never decrease; the active curve rises to its peak at 1.
TEST(MuscleCurves, ShapeOfTheCurves) {
  double previousV = -1.0, previousP = -1.0;
  for (double x : muscleCurveGrid(-2.0, 4.0, 1e-3)) {
    EXPECT_GE(forceVelocity(x).value, previousV - 1e-15) << x;
    EXPECT_GE(passiveForceLength(x).value, previousP - 1e-15) << x;
    previousV = forceVelocity(x).value;
    previousP = passiveForceLength(x).value;
    EXPECT_LE(activeForceLength(x).value, 1.0 + 1e-12) << x;
  }
  EXPECT_EQ(activeForceLength(0.3).value, 0.0);
  EXPECT_EQ(activeForceLength(1.9).value, 0.0);
  EXPECT_EQ(forceVelocity(-1.5).value, 0.0);
  EXPECT_EQ(forceVelocity(2.0).value, forceVelocity(1.0).value);
  EXPECT_EQ(forceVelocity(2.0).slope, 0.0);
  // Linear continuation of the passive curve: value 1 + 2.857 (l~ - 1.7).
  EXPECT_NEAR(passiveForceLength(2.5).value, 1.0 + 2.85714285714286 * 0.8, 1e-12);
  EXPECT_NEAR(passiveForceLength(2.5).slope, 2.85714285714286, 1e-12);
}

TEST(MuscleCurves, ContinuousValueAndSlopeAtEveryBreakpoint) {
  for (const MuscleCurveCase& c : muscleCurveCases()) {
    const PiecewiseCubic& cubic = *c.cubic;
    // Inner breakpoints, exactly: left and right cubic agree in value and slope.
    for (int i = 1; i < cubic.segmentCount; ++i) {
      const double x = cubic.breakpoints[i];
      for (int d = 0; d <= 1; ++d) {
        EXPECT_NEAR(evaluateCubicSegment(cubic, i - 1, d, x), evaluateCubicSegment(cubic, i, d, x), 1e-12)
            << c.name << " at " << x << " derivative " << d;
      }
    }
    // Every breakpoint including the domain ends, through the public curve with its extension:
    // one-sided limits agree (the jump over 2 delta is bounded by delta times the largest second
    // derivative, about 1e-8 * 200).
    for (int i = 0; i <= cubic.segmentCount; ++i) {
      const double x = cubic.breakpoints[i];
      const double delta = 1e-8;
      const CurveValue left = c.curve(x - delta), right = c.curve(x + delta);
      EXPECT_NEAR(left.value, right.value, 1e-7) << c.name << " at " << x;
      EXPECT_NEAR(left.slope, right.slope, 1e-5) << c.name << " at " << x;
    }
  }
  // The domain ends exactly: the extension's value and slope equal the end cubic's.
  const PiecewiseCubic& active = activeForceLengthCubic();
  for (int d = 0; d <= 1; ++d) {
    EXPECT_NEAR(evaluateCubicSegment(active, 0, d, 0.4), 0.0, 1e-12);
    EXPECT_NEAR(evaluateCubicSegment(active, 2, d, 1.81), 0.0, 1e-12);
    EXPECT_NEAR(evaluateCubicSegment(passiveForceLengthCubic(), 0, d, 1.0), 0.0, 1e-12);
  }
  const PiecewiseCubic& velocity = forceVelocityCubic();
  for (int d = 0; d <= 2; ++d) {  // C2 at both ends of force-velocity
    EXPECT_NEAR(evaluateCubicSegment(velocity, 0, d, -1.0), 0.0, 1e-12);
    EXPECT_NEAR(evaluateCubicSegment(velocity, 2, d, 1.0), d == 0 ? 1.4 : 0.0, 1e-12);
  }
  const CurveValue atEnd = passiveForceLength(1.7), pastEnd = passiveForceLength(1.7 + 1e-12);
  EXPECT_NEAR(atEnd.value, evaluateCubicSegment(passiveForceLengthCubic(), 1, 0, 1.7), 1e-12);
  EXPECT_NEAR(pastEnd.slope, evaluateCubicSegment(passiveForceLengthCubic(), 1, 1, 1.7), 1e-12);
}

TEST(MuscleCurves, FitRefusesSingularOrNonSquareConditions) {
  CurveDefinition def = passiveForceLengthDefinition();
  def.conditions[7] = def.conditions[6];  // a repeated condition
  EXPECT_THROW(fitPiecewiseCubic(def), std::invalid_argument);
  def = passiveForceLengthDefinition();
  def.segmentCount = 0;
  EXPECT_THROW(fitPiecewiseCubic(def), std::invalid_argument);
}

}  // namespace
}  // namespace articulab
