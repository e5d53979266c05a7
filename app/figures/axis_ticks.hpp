// Tick positions and labels for a plot axis ("nice numbers": steps of 1, 2 or 5 times a power
// of ten), shared by the on-screen plot widget and the cairo exporter.
#pragma once

#include <string>
#include <vector>

namespace articulab::figures {

struct AxisRange {
  double lo = 0.0;
  double hi = 1.0;
};

struct Tick {
  double value;
  std::string label;
};

// About targetCount ticks inside [range.lo, range.hi], labelled with just enough digits to tell
// neighbours apart (scientific notation for very large or small magnitudes).
std::vector<Tick> axisTicks(const AxisRange& range, int targetCount);

// The smallest range holding every finite value, widened by a margin fraction on each side;
// a single value or an empty set gets a range of its own magnitude around it.
AxisRange paddedRange(double lo, double hi, double margin);

}  // namespace articulab::figures
