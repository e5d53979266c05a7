#include "app/gui/plot_spec.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::gui {

std::vector<Channel> sampleChannels() {
  return {
      {"t", "s", "time"},
      {"kinetic", "J", "kinetic"},
      {"potential", "J", "potential"},
      {"total", "J", "total"},
      {"drift_position", "m", "position drift"},
      {"drift_rotation", "rad", "rotation drift"},
  };
}

std::vector<PlotSpec> standardPlots() {
  const Colour blue{0.12f, 0.47f, 0.71f}, orange{1.0f, 0.5f, 0.05f}, green{0.17f, 0.63f, 0.17f};
  const Colour red{0.84f, 0.15f, 0.16f};
  return {
      {"Energy", "energy [J]", {{kKinetic, blue}, {kPotential, orange}, {kTotal, green}}},
      {"Constraint drift", "drift [m]", {{kDriftPosition, red}}, 1e-9},
  };
}

std::string channelHeader(const Channel& channel) {
  return channel.unit.empty() ? channel.name : channel.name + " [" + channel.unit + "]";
}

bool valueRange(const TimeSeries& data, const PlotSpec& plot, const AxisRange& time, double& lo, double& hi) {
  lo = INFINITY;
  hi = -INFINITY;
  std::size_t first = data.lowerBound(time.lo);
  for (std::size_t row = first; row < data.size() && data.time(row) <= time.hi; ++row) {
    for (const PlotSeries& series : plot.series) {
      double value = data.value(row, series.channel);
      if (!std::isfinite(value)) continue;
      lo = std::min(lo, value);
      hi = std::max(hi, value);
    }
  }
  return lo <= hi;
}

}  // namespace articulab::gui

namespace articulab::gui {

AxisRange autoscaleRange(const TimeSeries& data, const PlotSpec& plot, const AxisRange& time, double margin) {
  double lo, hi;
  if (!valueRange(data, plot, time, lo, hi)) return {-1.0, 1.0};
  if (hi - lo < plot.minSpan) hi = lo + plot.minSpan;
  return paddedRange(lo, hi, margin);
}

}  // namespace articulab::gui
