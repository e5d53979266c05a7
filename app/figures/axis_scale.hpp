// Value axes that show differences (issue 32): linear, logarithmic for magnitudes (drift,
// |E - E0|, the difference between runs, residuals, iterations) and symmetric logarithmic for
// signed quantities that span decades (E - E0). An axis is drawn in its own units u: u = v
// (linear), u = log10 v (log), u = sign(v) log10(1 + |v| / c) (symlog, linear within c of zero),
// so that zoom, pan and tick spacing work on u alike; ticks are placed and labelled in v.
#pragma once

#include <string>
#include <vector>

#include "app/figures/axis_ticks.hpp"

namespace articulab::figures {

enum class AxisScale { Linear, Log, SymLog };
// "linear", "log", "symlog".
const char* axisScaleName(AxisScale scale);
// The scale named so (as the script and the menu name it); false when none is.
bool parseAxisScale(const std::string& name, AxisScale& scale);

// Values at or below this show at the bottom of a log axis (a zero drift).
inline constexpr double kLogAxisFloor = 1e-300;

struct ValueScale {
  AxisScale kind = AxisScale::Linear;
  double threshold = 1.0;  // symlog: c, the half-width of the linear part about zero
  double toAxis(double v) const;
  double fromAxis(double u) const;
};

// Ticks of the axis range lo..hi (in axis units) at about targetCount places: nice numbers on a
// linear axis, powers of ten on a log axis (every k-th decade when there are many; 2 and 5 times
// them within less than a decade), 0 and +-10^k on a symlog axis.
std::vector<Tick> scaleTicks(const ValueScale& scale, const AxisRange& axis, int targetCount);

// What autoscale sees of a plot's values: their finite extremes, the smallest positive value
// and the largest magnitude.
struct ValueExtent {
  double lo = 0.0, hi = 0.0;          // finite extremes
  double smallestPositive = 0.0;      // 0: none
  double smallestMagnitude = 0.0;     // the smallest non-zero |v|; 0: none
  double largestMagnitude = 0.0;
  bool any = false;
  void add(double v);
};

// The axis that fits the values: for log, from the smallest positive value (or the floor, when
// the values come within three decades of it) to the largest, padded by margin of the decades
// shown; for symlog, c from the smallest magnitude (at least 1e-6 of the largest); linear as
// paddedRange (at least minSpan wide).
struct ValueAxis {
  ValueScale scale;
  AxisRange range{-1.0, 1.0};  // axis units
};
ValueAxis fitValueAxis(AxisScale kind, const ValueExtent& extent, double margin, double floor, double minSpan);

}  // namespace articulab::figures
