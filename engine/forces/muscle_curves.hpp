// Dimensionless muscle curves of the rigid-tendon Hill model (sueda 1.9.4, after Millard et al.
// 2013): active force-length f_L, passive force-length f_P and force-velocity f_V, each a
// piecewise cubic (eq 1.40) whose coefficients are solved once from the conditions of eq 1.41,
// 1.43 and 1.45. Outside its domain each curve is extended so that it never goes negative.
#pragma once

#include <array>

namespace articulab {

struct CurveValue {
  double value = 0.0;
  double slope = 0.0;  // d value / d argument
};

// f_L(l~), l~ = normalized fiber length (eq 1.47); zero outside [0.4, 1.81].
CurveValue activeForceLength(double lengthNormalized);
// f_P(l~); zero for l~ <= 1, continued linearly with the end slope past its last breakpoint.
CurveValue passiveForceLength(double lengthNormalized);
// f_V(v~), v~ = normalized fiber velocity (eq 1.49), > 0 lengthening; zero for v~ <= -1 (maximum
// shortening speed), 1.4 for v~ >= 1.
CurveValue forceVelocity(double velocityNormalized);

// The definition of a curve: segment i covers [breakpoints[i], breakpoints[i + 1]]; condition k
// reads f_segment^(derivative)(x) = y, or, when otherSegment >= 0, the continuity condition
// f_segment^(derivative)(x) - f_otherSegment^(derivative)(x) = 0 (y is then 0).
constexpr int kMaxCurveSegments = 3;
constexpr int kMaxCurveConditions = 4 * kMaxCurveSegments;

struct CurveCondition {
  int segment = 0;
  int derivative = 0;  // 0, 1 or 2
  double x = 0.0;
  double y = 0.0;
  int otherSegment = -1;
};

struct CurveDefinition {
  int segmentCount = 0;  // the conditions are exactly 4 * segmentCount (a square system)
  std::array<double, kMaxCurveSegments + 1> breakpoints{};
  std::array<CurveCondition, kMaxCurveConditions> conditions{};
};

CurveDefinition passiveForceLengthDefinition();  // eq 1.41 (right end at 1.7, see the .cpp)
CurveDefinition activeForceLengthDefinition();   // eq 1.43
CurveDefinition forceVelocityDefinition();       // eq 1.45

// A piecewise cubic, f_i(x) = a_i x^3 + b_i x^2 + c_i x + d_i (eq 1.40); coefficients[i] = {a, b, c, d}.
struct PiecewiseCubic {
  int segmentCount = 0;
  std::array<double, kMaxCurveSegments + 1> breakpoints{};
  std::array<std::array<double, 4>, kMaxCurveSegments> coefficients{};
};

// Solves the square system of a definition (throws std::invalid_argument if it is not square or
// singular). No heap allocation.
PiecewiseCubic fitPiecewiseCubic(const CurveDefinition& definition);
// The three curves' cubics, solved at first use.
const PiecewiseCubic& passiveForceLengthCubic();
const PiecewiseCubic& activeForceLengthCubic();
const PiecewiseCubic& forceVelocityCubic();

// Derivative 0, 1 or 2 of one segment's cubic at x (any x: the cubic itself, not the curve).
double evaluateCubicSegment(const PiecewiseCubic& cubic, int segment, int derivative, double x);
// Derivative 0, 1 or 2 of the piecewise cubic at x: the segment containing x (the first or last
// segment's cubic outside the breakpoints; no extension rule).
double evaluatePiecewiseCubic(const PiecewiseCubic& cubic, int derivative, double x);

}  // namespace articulab
