#include "app/figures/axis_ticks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace articulab::figures {

namespace {

double niceStep(double span, int targetCount) {
  double raw = span / std::max(1, targetCount);
  double power = std::pow(10.0, std::floor(std::log10(raw)));
  double fraction = raw / power;
  double nice = fraction < 1.5 ? 1.0 : fraction < 3.0 ? 2.0 : fraction < 7.0 ? 5.0 : 10.0;
  return nice * power;
}

std::string formatTick(double value, double step, double magnitude) {
  char text[48];
  if (std::abs(value) < step * 1e-6) return "0";
  bool scientific = magnitude >= 1e5 || (magnitude < 1e-3 && magnitude > 0.0);
  if (scientific) {
    int digits = std::clamp(static_cast<int>(std::ceil(std::log10(magnitude / step))), 0, 6);
    std::snprintf(text, sizeof text, "%.*e", digits, value);
  } else {
    int decimals = std::clamp(static_cast<int>(-std::floor(std::log10(step) + 1e-9)), 0, 8);
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
  }
  return text;
}

}  // namespace

std::vector<Tick> axisTicks(const AxisRange& range, int targetCount) {
  std::vector<Tick> ticks;
  double span = range.hi - range.lo;
  if (!(span > 0.0) || !std::isfinite(span)) return ticks;
  double step = niceStep(span, targetCount);
  double magnitude = std::max(std::abs(range.lo), std::abs(range.hi));
  double first = std::ceil(range.lo / step - 1e-9) * step;
  for (int i = 0; i < 4 * targetCount + 2; ++i) {
    double value = first + i * step;
    if (value > range.hi + step * 1e-9) break;
    ticks.push_back({value, formatTick(value, step, magnitude)});
  }
  return ticks;
}

AxisRange paddedRange(double lo, double hi, double margin) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || lo > hi) return {-1.0, 1.0};
  double span = hi - lo;
  if (span <= 1e-12 * std::max(1.0, std::abs(hi))) {
    double half = std::abs(hi) > 0.0 ? 0.1 * std::abs(hi) : 1.0;
    return {lo - half, hi + half};
  }
  return {lo - margin * span, hi + margin * span};
}

}  // namespace articulab::figures
