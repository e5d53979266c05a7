#include "engine/multibody/parameter_range.hpp"

#include <sstream>

namespace articulab {

std::string formatParameter(double value) {
  std::ostringstream out;
  out.precision(6);
  out << value;
  return out.str();
}

std::string parameterOutside(const char* name, double value, double lo, double hi, const char* where) {
  if (value >= lo && value <= hi) return {};
  return std::string(name) + " = " + formatParameter(value) + " is outside " + where + " [" + formatParameter(lo) +
         ", " + formatParameter(hi) + "]";
}

}  // namespace articulab
