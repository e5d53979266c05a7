#include "app/figures/axis_scale.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace articulab::figures {

namespace {

std::string powerLabel(double v) {
  char text[32];
  const double decade = std::round(std::log10(std::abs(v)));
  const double mantissa = std::abs(v) / std::pow(10.0, decade);
  if (std::abs(mantissa - 1.0) < 1e-6) std::snprintf(text, sizeof text, "%s1e%+03d", v < 0 ? "-" : "", static_cast<int>(decade));
  else std::snprintf(text, sizeof text, "%.3g", v);
  return text;
}

// Powers of ten (and 2, 5 times them when fewer than two decades show) inside lo..hi (log10).
std::vector<Tick> logTicks(const AxisRange& axis, int targetCount) {
  std::vector<Tick> ticks;
  const double first = std::ceil(axis.lo - 1e-9), last = std::floor(axis.hi + 1e-9);
  const double decades = last - first + 1.0;
  if (decades < 2.0) {
    for (double d = std::floor(axis.lo); d <= axis.hi; d += 1.0)
      for (double m : {1.0, 2.0, 5.0}) {
        const double u = d + std::log10(m);
        if (u >= axis.lo - 1e-9 && u <= axis.hi + 1e-9) ticks.push_back({u, powerLabel(std::pow(10.0, u))});
      }
    return ticks;
  }
  const double every = std::max(1.0, std::ceil(decades / std::max(1, targetCount)));
  for (double d = std::ceil(first / every) * every; d <= last; d += every) ticks.push_back({d, powerLabel(std::pow(10.0, d))});
  return ticks;
}

// 0 and +-10^k, k from the threshold's decade up, every few decades to keep about targetCount.
std::vector<Tick> symlogTicks(const ValueScale& scale, const AxisRange& axis, int targetCount) {
  const double vlo = scale.fromAxis(axis.lo), vhi = scale.fromAxis(axis.hi);
  const double top = std::log10(std::max(std::abs(vlo), std::abs(vhi)));
  const double bottom = std::ceil(std::log10(scale.threshold) - 1e-9);
  std::vector<double> decades;
  for (double d = bottom; d <= top + 1e-9; d += 1.0) decades.push_back(d);
  const int sides = (vlo < 0.0) + (vhi > 0.0);
  const double every =
      std::max(1.0, std::ceil(static_cast<double>(decades.size()) * sides / std::max(1, targetCount - 1)));
  std::vector<Tick> ticks;
  if (vlo <= 0.0 && vhi >= 0.0) ticks.push_back({0.0, "0"});
  for (std::size_t i = 0; i < decades.size(); ++i) {
    if (std::fmod(decades.size() - 1 - i, every) != 0.0) continue;  // keep the largest decade
    const double v = std::pow(10.0, decades[i]);
    for (double signedV : {v, -v}) {
      const double u = scale.toAxis(signedV);
      if (u >= axis.lo - 1e-12 && u <= axis.hi + 1e-12) ticks.push_back({u, powerLabel(signedV)});
    }
  }
  std::sort(ticks.begin(), ticks.end(), [](const Tick& a, const Tick& b) { return a.value < b.value; });
  return ticks;
}

}  // namespace

const char* axisScaleName(AxisScale scale) {
  switch (scale) {
    case AxisScale::Linear: return "linear";
    case AxisScale::Log: return "log";
    case AxisScale::SymLog: return "symlog";
  }
  return "?";
}

bool parseAxisScale(const std::string& name, AxisScale& scale) {
  for (AxisScale s : {AxisScale::Linear, AxisScale::Log, AxisScale::SymLog})
    if (name == axisScaleName(s)) {
      scale = s;
      return true;
    }
  return false;
}

double ValueScale::toAxis(double v) const {
  switch (kind) {
    case AxisScale::Linear: return v;
    case AxisScale::Log: return std::log10(std::max(v, kLogAxisFloor));
    case AxisScale::SymLog: return std::copysign(std::log10(1.0 + std::abs(v) / threshold), v);
  }
  return v;
}

double ValueScale::fromAxis(double u) const {
  switch (kind) {
    case AxisScale::Linear: return u;
    case AxisScale::Log: return std::pow(10.0, u);
    case AxisScale::SymLog: return std::copysign(threshold * (std::pow(10.0, std::abs(u)) - 1.0), u);
  }
  return u;
}

std::vector<Tick> scaleTicks(const ValueScale& scale, const AxisRange& axis, int targetCount) {
  if (!(axis.hi > axis.lo) || !std::isfinite(axis.hi - axis.lo)) return {};
  switch (scale.kind) {
    case AxisScale::Linear: return axisTicks(axis, targetCount);
    case AxisScale::Log: return logTicks(axis, targetCount);
    case AxisScale::SymLog: return symlogTicks(scale, axis, targetCount);
  }
  return {};
}

void ValueExtent::add(double v) {
  if (!std::isfinite(v)) return;
  lo = any ? std::min(lo, v) : v;
  hi = any ? std::max(hi, v) : v;
  any = true;
  if (v > 0.0) smallestPositive = smallestPositive > 0.0 ? std::min(smallestPositive, v) : v;
  const double m = std::abs(v);
  if (m > 0.0) smallestMagnitude = smallestMagnitude > 0.0 ? std::min(smallestMagnitude, m) : m;
  largestMagnitude = std::max(largestMagnitude, m);
}

ValueAxis fitValueAxis(AxisScale kind, const ValueExtent& extent, double margin, double floor, double minSpan) {
  ValueAxis axis;
  axis.scale.kind = kind;
  if (kind == AxisScale::Log) {
    if (extent.smallestPositive <= 0.0) {  // nothing positive: the floor's decades, or 1e-16..1
      const double top = floor > 0.0 ? std::log10(floor) + 2.0 : 0.0;
      axis.range = {top - (floor > 0.0 ? 3.0 : 16.0), top};
      return axis;
    }
    double lo = std::log10(extent.smallestPositive), hi = std::log10(extent.hi);
    if (floor > 0.0 && lo < std::log10(floor) + 3.0) lo = std::min(lo, std::log10(floor));
    if (hi - lo < 1.0) {  // at least a decade, about the values
      const double middle = 0.5 * (hi + lo);
      lo = middle - 0.5;
      hi = middle + 0.5;
    }
    const double pad = margin * (hi - lo);
    axis.range = {lo - pad, hi + pad};
    return axis;
  }
  if (kind == AxisScale::SymLog) {
    axis.scale.threshold = extent.largestMagnitude > 0.0
                               ? std::max(extent.smallestMagnitude, 1e-6 * extent.largestMagnitude)
                               : 1.0;
    const double lo = axis.scale.toAxis(std::min(extent.lo, 0.0)), hi = axis.scale.toAxis(std::max(extent.hi, 0.0));
    const double span = std::max(hi - lo, 1e-12);
    axis.range = {lo - margin * span, hi + margin * span};
    return axis;
  }
  if (!extent.any) return axis;
  double lo = extent.lo, hi = extent.hi;
  if (hi - lo < minSpan) hi = lo + minSpan;
  axis.range = paddedRange(lo, hi, margin);
  return axis;
}

}  // namespace articulab::figures
