// Muscle curves of sueda 1.9.4: the conditions of eq 1.41, 1.43, 1.45 solved for the cubics of
// eq 1.40 (an 8x8 or 12x12 system, once per curve, on the stack).
//
// The notes' passive force-length example (eq 1.41) is inconsistent about the right end: the
// text and the matrix put f_2 = 1 at l~ = 1.8 but f_2' = 2.857 at 1.7, the segment is said to end
// at 1.7, and the text calls it the active curve and puts the continuity at 1.0 (the matrix has
// it at 1.3). We follow the conditions with both end conditions at 1.7: f_2(1.7) = 1,
// f_2'(1.7) = 2.857; this is the only reading that reproduces the printed coefficients (eq 1.42)
// and the stated domain [1.0, 1.7] (value at 1.8 with slope at 1.7 gives a different cubic). The
// active and force-velocity conditions (eq 1.43, 1.45) reproduce eq 1.44 and 1.46 as printed.
// The coefficients are solved here, not copied; muscle_curves_test.cpp compares them with the
// printed ones.
//
// Extension outside the domains (never a negative force): f_L = 0 outside [0.4, 1.81] (C1: the
// end values and slopes are 0); f_P = 0 below 1 (C1) and linear with the end slope above 1.7
// (C1); f_V = 0 for v~ <= -1 and 1.4 for v~ >= 1 (C2: the end conditions set f, f', f'').
// None of the cubics dips below zero inside its domain (checked on a fine grid by the test);
// the values are still clamped at 0, which only removes roundoff of order 1e-15 next to the
// ends where a curve touches zero.
#include "engine/forces/muscle_curves.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <initializer_list>
#include <stdexcept>

namespace articulab {

namespace {

CurveDefinition muscleCurveDefinition(const std::array<double, kMaxCurveSegments + 1>& breakpoints, int segmentCount,
                                      std::initializer_list<CurveCondition> conditions) {
  CurveDefinition definition;
  definition.segmentCount = segmentCount;
  definition.breakpoints = breakpoints;
  if (static_cast<int>(conditions.size()) != 4 * segmentCount) {
    throw std::invalid_argument("muscle curve: need 4 conditions per cubic segment");
  }
  std::copy(conditions.begin(), conditions.end(), definition.conditions.begin());
  return definition;
}

// Row of d^k/dx^k (a x^3 + b x^2 + c x + d) in the unknowns (a, b, c, d), eq 1.40.
std::array<double, 4> muscleCubicDerivativeRow(int derivative, double x) {
  switch (derivative) {
    case 0: return {x * x * x, x * x, x, 1.0};
    case 1: return {3.0 * x * x, 2.0 * x, 1.0, 0.0};
    case 2: return {6.0 * x, 2.0, 0.0, 0.0};
    default: throw std::invalid_argument("muscle curve: derivative must be 0, 1 or 2");
  }
}

}  // namespace

// Passive force-length, eq 1.41 with the right end at 1.7 (see above).
CurveDefinition passiveForceLengthDefinition() {
  return muscleCurveDefinition({1.0, 1.3, 1.7}, 2,
                               {{0, 0, 1.0, 0.0},
                                {0, 0, 1.3, 0.126110265892917},
                                {1, 0, 1.7, 1.0},
                                {0, 1, 1.0, 0.0},
                                {0, 1, 1.3, 1.07051016402631},
                                {1, 1, 1.7, 2.85714285714286},
                                {0, 0, 1.3, 0.0, 1},
                                {0, 1, 1.3, 0.0, 1}});
}

// Active force-length, eq 1.43.
CurveDefinition activeForceLengthDefinition() {
  return muscleCurveDefinition({0.4, 0.7, 1.2, 1.81}, 3,
                               {{0, 0, 0.4, 0.0},
                                {0, 1, 0.4, 0.0},
                                {1, 0, 1.0, 1.0},
                                {1, 1, 1.0, 0.0},
                                {2, 0, 1.81, 0.0},
                                {2, 1, 1.81, 0.0},
                                {0, 0, 0.7, 0.0, 1},
                                {0, 1, 0.7, 0.0, 1},
                                {1, 0, 1.2, 0.0, 2},
                                {1, 1, 1.2, 0.0, 2},
                                {0, 0, 0.7, 0.767020368396388},
                                {1, 0, 1.2, 0.89}});
}

// Force-velocity, eq 1.45.
CurveDefinition forceVelocityDefinition() {
  return muscleCurveDefinition({-1.0, -0.05, 0.05, 1.0}, 3,
                               {{0, 0, -1.0, 0.0},
                                {0, 1, -1.0, 0.0},
                                {0, 2, -1.0, 0.0},
                                {2, 0, 1.0, 1.4},
                                {2, 1, 1.0, 0.0},
                                {2, 2, 1.0, 0.0},
                                {0, 0, -0.05, 0.0, 1},
                                {0, 1, -0.05, 0.0, 1},
                                {1, 0, 0.05, 0.0, 2},
                                {1, 1, 0.05, 0.0, 2},
                                {1, 0, 0.0, 1.0},
                                {1, 1, 0.0, 5.0}});
}

PiecewiseCubic fitPiecewiseCubic(const CurveDefinition& definition) {
  using SmallMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, kMaxCurveConditions,
                                    kMaxCurveConditions>;
  using SmallVector = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, kMaxCurveConditions, 1>;
  const int segments = definition.segmentCount;
  if (segments < 1 || segments > kMaxCurveSegments) throw std::invalid_argument("muscle curve: bad segment count");
  const int n = 4 * segments;
  SmallMatrix A = SmallMatrix::Zero(n, n);
  SmallVector b = SmallVector::Zero(n);
  for (int k = 0; k < n; ++k) {
    const CurveCondition& c = definition.conditions[k];
    if (c.segment < 0 || c.segment >= segments || c.otherSegment >= segments) {
      throw std::invalid_argument("muscle curve: condition names a missing segment");
    }
    const std::array<double, 4> row = muscleCubicDerivativeRow(c.derivative, c.x);
    for (int j = 0; j < 4; ++j) {
      A(k, 4 * c.segment + j) += row[j];
      if (c.otherSegment >= 0) A(k, 4 * c.otherSegment + j) -= row[j];
    }
    b(k) = c.otherSegment >= 0 ? 0.0 : c.y;
  }
  const Eigen::ColPivHouseholderQR<SmallMatrix> qr(A);
  if (qr.rank() < n) throw std::invalid_argument("muscle curve: the conditions do not determine the cubics");
  const SmallVector coefficients = qr.solve(b);
  PiecewiseCubic cubic;
  cubic.segmentCount = segments;
  cubic.breakpoints = definition.breakpoints;
  for (int i = 0; i < segments; ++i) {
    for (int j = 0; j < 4; ++j) cubic.coefficients[i][j] = coefficients(4 * i + j);
  }
  return cubic;
}

const PiecewiseCubic& passiveForceLengthCubic() {
  static const PiecewiseCubic cubic = fitPiecewiseCubic(passiveForceLengthDefinition());
  return cubic;
}

const PiecewiseCubic& activeForceLengthCubic() {
  static const PiecewiseCubic cubic = fitPiecewiseCubic(activeForceLengthDefinition());
  return cubic;
}

const PiecewiseCubic& forceVelocityCubic() {
  static const PiecewiseCubic cubic = fitPiecewiseCubic(forceVelocityDefinition());
  return cubic;
}

double evaluateCubicSegment(const PiecewiseCubic& cubic, int segment, int derivative, double x) {
  const std::array<double, 4>& k = cubic.coefficients[segment];
  switch (derivative) {
    case 0: return ((k[0] * x + k[1]) * x + k[2]) * x + k[3];
    case 1: return (3.0 * k[0] * x + 2.0 * k[1]) * x + k[2];
    case 2: return 6.0 * k[0] * x + 2.0 * k[1];
    default: return 0.0;
  }
}

double evaluatePiecewiseCubic(const PiecewiseCubic& cubic, int derivative, double x) {
  int segment = 0;
  while (segment + 1 < cubic.segmentCount && x >= cubic.breakpoints[segment + 1]) ++segment;
  return evaluateCubicSegment(cubic, segment, derivative, x);
}

namespace {

// Value clamped at 0 (roundoff next to a zero end only, see the top of the file).
CurveValue muscleCurveInside(const PiecewiseCubic& cubic, double x) {
  return {std::max(0.0, evaluatePiecewiseCubic(cubic, 0, x)), evaluatePiecewiseCubic(cubic, 1, x)};
}

}  // namespace

CurveValue activeForceLength(double lengthNormalized) {
  const PiecewiseCubic& cubic = activeForceLengthCubic();
  const double first = cubic.breakpoints[0], last = cubic.breakpoints[cubic.segmentCount];
  if (!(lengthNormalized > first && lengthNormalized < last)) return {};
  return muscleCurveInside(cubic, lengthNormalized);
}

CurveValue passiveForceLength(double lengthNormalized) {
  const PiecewiseCubic& cubic = passiveForceLengthCubic();
  const int lastSegment = cubic.segmentCount - 1;
  const double first = cubic.breakpoints[0], last = cubic.breakpoints[cubic.segmentCount];
  if (!(lengthNormalized > first)) return {};
  if (lengthNormalized >= last) {
    const double value = evaluateCubicSegment(cubic, lastSegment, 0, last);
    const double slope = evaluateCubicSegment(cubic, lastSegment, 1, last);
    return {std::max(0.0, value + slope * (lengthNormalized - last)), slope};
  }
  return muscleCurveInside(cubic, lengthNormalized);
}

CurveValue forceVelocity(double velocityNormalized) {
  const PiecewiseCubic& cubic = forceVelocityCubic();
  const double first = cubic.breakpoints[0], last = cubic.breakpoints[cubic.segmentCount];
  if (!(velocityNormalized > first)) return {};
  if (velocityNormalized >= last) return {evaluateCubicSegment(cubic, cubic.segmentCount - 1, 0, last), 0.0};
  return muscleCurveInside(cubic, velocityNormalized);
}

}  // namespace articulab
