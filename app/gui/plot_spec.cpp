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

}  // namespace

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
  const std::string name = muscleQuantityName(q);
  PlotSpec spec{"Muscle " + name, name + " [" + muscleQuantityUnit(q) + "]", {}};
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
