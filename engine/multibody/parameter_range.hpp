// Messages for general joints whose coordinate leaves the range where their transform is
// defined: a finite curve or patch, a surface away from its poles (reported by
// checkCoordinates, never wrapped).
#pragma once

#include <string>

namespace articulab {

// Empty when lo <= value <= hi; otherwise e.g. "s = 1.03 is outside the curve [0, 1]".
// NaN is outside every range.
std::string parameterOutside(const char* name, double value, double lo, double hi, const char* where);

// A number as the messages print it (up to 6 significant digits).
std::string formatParameter(double value);

}  // namespace articulab
