#include "engine/run/time_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace articulab {

std::string formatTime(double t, double dt) {
  const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(dt) - 1e-9)), 0, 9);
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, t);
  return text;
}

}  // namespace articulab
