#include "app/gui/plot_spec.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::gui {

std::vector<Channel> sampleChannels(const std::string& compareBackend) {
  std::vector<Channel> channels = {
      {"t", "s", "time"},
      {"kinetic", "J", "kinetic"},
      {"potential", "J", "potential"},
      {"total", "J", "total"},
      {"drift_position", "m", "position drift"},
      {"drift_rotation", "rad", "rotation drift"},
  };
  if (compareBackend.empty()) return channels;
  const std::string& b = compareBackend;
  channels.push_back({"total_" + b, "J", "total (" + b + ")"});
  channels.push_back({"drift_position_" + b, "m", "position drift (" + b + ")"});
  channels.push_back({"drift_rotation_" + b, "rad", "rotation drift (" + b + ")"});
  return channels;
}

std::vector<PlotSpec> standardPlots(const std::string& backend, const std::string& compareBackend) {
  const Colour blue{0.12f, 0.47f, 0.71f}, orange{1.0f, 0.5f, 0.05f}, green{0.17f, 0.63f, 0.17f};
  const Colour red{0.84f, 0.15f, 0.16f}, purple{0.58f, 0.40f, 0.74f};
  std::vector<PlotSpec> plots = {
      {"Energy", "energy [J]", {{kKinetic, blue}, {kPotential, orange}, {kTotal, green}}},
      {"Constraint drift", "drift [m]", {{kDriftPosition, red}}, 1e-9},
  };
  if (compareBackend.empty()) return plots;
  const auto named = [](const char* quantity, const std::string& b, const char* unit) {
    return std::string(quantity) + ", " + b + " [" + unit + "]";
  };
  plots[0].series[2].label = named("total", backend, "J");
  plots[0].series.push_back({kCompareTotal, purple, named("total", compareBackend, "J")});
  plots[1].title = "Constraint drift: " + backend + " vs " + compareBackend;
  plots[1].series[0].label = named("position drift", backend, "m");
  plots[1].series.push_back({kCompareDriftPosition, purple, named("position drift", compareBackend, "m")});
  return plots;
}

std::string channelHeader(const Channel& channel) {
  return channel.unit.empty() ? channel.name : channel.name + " [" + channel.unit + "]";
}

std::string seriesLabel(const TimeSeries& data, const PlotSeries& series) {
  return series.label.empty() ? channelHeader(data.channels()[series.channel]) : series.label;
}

std::string sharedUnit(const TimeSeries& data, const PlotSpec& plot) {
  std::string unit;
  for (const PlotSeries& s : plot.series) {
    if (!s.label.empty() || s.channel >= data.channelCount()) return "";
    const std::string& u = data.channels()[s.channel].unit;
    if (u.empty() || (!unit.empty() && u != unit)) return "";
    unit = u;
  }
  return unit;
}

bool valueRange(const TimeSeries& data, const PlotSpec& plot, const AxisRange& time, double& lo, double& hi) {
  lo = INFINITY;
  hi = -INFINITY;
  std::size_t first = data.lowerBound(time.lo);
  for (std::size_t row = first; row < data.size() && data.time(row) <= time.hi; ++row) {
    for (const PlotSeries& series : plot.series) {
      if (series.channel >= data.channelCount()) continue;
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
