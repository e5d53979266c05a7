#include "app/gui/plot_spec.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::gui {

namespace {

// A palette for the muscle plot's series (matplotlib's tab10), cycled.
const Colour kMusclePalette[] = {{0.12f, 0.47f, 0.71f}, {1.0f, 0.5f, 0.05f},  {0.17f, 0.63f, 0.17f}, {0.84f, 0.15f, 0.16f},
                                 {0.58f, 0.40f, 0.74f}, {0.55f, 0.34f, 0.29f}, {0.89f, 0.47f, 0.76f}, {0.50f, 0.50f, 0.50f},
                                 {0.74f, 0.74f, 0.13f}, {0.09f, 0.75f, 0.81f}};
const Colour kMuscleWorkColour{0.09f, 0.75f, 0.81f}, kEnergyBalanceColour{0.89f, 0.47f, 0.76f};

struct MuscleQuantityInfo {
  const char* name;  // channel suffix
  const char* unit;
  const char* title;  // of the muscle plot
};
const MuscleQuantityInfo kMuscleQuantities[kMuscleQuantityCount] = {
    {"excitation", "1", "Muscle excitation"}, {"activation", "1", "Muscle activation"}, {"force", "N", "Muscle force"},
    {"length", "m", "Muscle length"},         {"velocity", "m/s", "Muscle velocity"}};

std::vector<Channel> standardSampleChannels(const std::string& compareBackend) {
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

bool startsWith(const std::string& text, const std::string& prefix) { return text.compare(0, prefix.size(), prefix) == 0; }

}  // namespace

const char* muscleQuantityName(MuscleQuantity q) { return kMuscleQuantities[q].name; }

std::vector<Channel> sampleChannels(const std::string& compareBackend, const std::vector<std::string>& muscleNames) {
  std::vector<Channel> channels = standardSampleChannels(compareBackend);
  if (muscleNames.empty()) return channels;
  for (const std::string& muscle : muscleNames)
    for (const MuscleQuantityInfo& q : kMuscleQuantities) channels.push_back({muscle + "_" + q.name, q.unit, muscle});
  channels.push_back({"muscle_power", "W", "muscle power"});
  channels.push_back({"muscle_work", "J", "muscle work"});
  channels.push_back({"total_minus_muscle_work", "J", "total - muscle work"});
  return channels;
}

SampleLayout sampleLayout(const std::vector<Channel>& channels) {
  SampleLayout layout;
  layout.comparing = channels.size() >= kComparedChannelCount && startsWith(channels[kCompareTotal].name, "total_") &&
                     startsWith(channels[kCompareDriftPosition].name, "drift_position_") &&
                     startsWith(channels[kCompareDriftRotation].name, "drift_rotation_");
  const std::size_t base = layout.muscleBase();
  if (channels.size() >= base + 3 && channels.back().name == "total_minus_muscle_work")
    layout.muscles = (channels.size() - base - 3) / kMuscleQuantityCount;
  return layout;
}

const char* musclePlotName(MusclePlot plot) {
  switch (plot) {
    case MusclePlot::Activation: return "activation";
    case MusclePlot::Excitation: return "excitation";
    case MusclePlot::Force: return "force";
    case MusclePlot::Length: return "length";
    case MusclePlot::Velocity: return "velocity";
    case MusclePlot::Power: return "power (all muscles)";
  }
  return "?";
}

PlotSpec musclePlot(const SampleLayout& layout, MusclePlot plot, const std::vector<bool>& hidden) {
  if (plot == MusclePlot::Power) return {"Muscle power", "power [W]", {{layout.musclePower(), kMusclePalette[3]}}};
  const MuscleQuantity q = plot == MusclePlot::Activation ? kMuscleActivation
                           : plot == MusclePlot::Excitation ? kMuscleExcitation
                           : plot == MusclePlot::Force      ? kMuscleForce
                           : plot == MusclePlot::Length     ? kMuscleLength
                                                            : kMuscleVelocity;
  const MuscleQuantityInfo& info = kMuscleQuantities[q];
  PlotSpec spec{info.title, std::string(info.name) + " [" + info.unit + "]", {}};
  const std::size_t colours = sizeof kMusclePalette / sizeof kMusclePalette[0];
  for (std::size_t m = 0; m < layout.muscles; ++m)
    if (m >= hidden.size() || !hidden[m]) spec.series.push_back({layout.muscleChannel(m, q), kMusclePalette[m % colours]});
  return spec;
}

std::vector<bool> defaultHiddenMuscles(std::size_t muscles) {
  std::vector<bool> hidden(muscles, false);
  for (std::size_t m = kDefaultPlottedMuscles; m < muscles; ++m) hidden[m] = true;
  return hidden;
}

void addMuscleEnergyBalance(PlotSpec& energy, const SampleLayout& layout) {
  if (layout.muscles == 0) return;
  energy.series.push_back({layout.muscleWork(), kMuscleWorkColour});
  energy.series.push_back({layout.energyBalance(), kEnergyBalanceColour});
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
