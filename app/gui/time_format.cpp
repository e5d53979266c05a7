#include "app/gui/time_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace articulab::gui {

std::string formatTime(double t, double dt) {
  const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(dt) - 1e-9)), 0, 9);
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, t);
  return text;
}

}  // namespace articulab::gui
