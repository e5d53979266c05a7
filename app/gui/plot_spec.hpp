// What a plot shows: which channels of a TimeSeries, in which colours, under which title.
// The on-screen widget and the file exporter both draw from the same PlotSpec.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/gui/axis_ticks.hpp"
#include "app/gui/session_names.hpp"

namespace articulab::gui {

struct Colour {
  float r, g, b;
};

struct PlotSeries {
  std::size_t channel;  // column of the TimeSeries
  Colour colour;
  std::string label = {};  // legend text; empty: the channel's header
};

struct PlotSpec {
  std::string title;   // "Energy"
  std::string yLabel;  // "energy [J]"
  std::vector<PlotSeries> series;
  // Smallest value span autoscale shows, so rounding noise (1e-16 m of drift in reduced
  // coordinates) reads as a flat line instead of filling the plot.
  double minSpan = 0.0;
};

// What the muscle plot shows: one quantity of the chosen muscles, or the muscles' total power.
enum class MusclePlot { Activation, Excitation, Force, Length, Velocity, Power };
constexpr int kMusclePlotCount = 6;
// "activation", ..., "power (all muscles)": the entries of the plots panel's chooser.
const char* musclePlotName(MusclePlot plot);
// The muscle plot: the quantity of every muscle m but those with hidden[m] (entries past the end
// of hidden are shown), titled "Muscle force" and so on; the muscles' total power for
// MusclePlot::Power.
PlotSpec musclePlot(const SampleLayout& layout, MusclePlot plot, const std::vector<bool>& hidden);
// The muscles plotted when a scene opens: all of a rig with up to kDefaultPlottedMuscles, else
// the first kDefaultPlottedMuscles (a legend of 20 names leaves no room for the curves); the
// plots panel's "muscles..." chooser shows the others.
constexpr std::size_t kDefaultPlottedMuscles = 4;
std::vector<bool> defaultHiddenMuscles(std::size_t muscles);
// Adds the energy balance to the energy plot: the cumulative muscle work W and E - W.
void addMuscleEnergyBalance(PlotSpec& energy, const SampleLayout& layout);
// The energy plot (kinetic, potential, total) and the constraint drift plot. With a
// comparison run, the total energy and position drift of both back-ends, named in the legend.
std::vector<PlotSpec> standardPlots(const std::string& backend = "", const std::string& compareBackend = "");

// The legend text of a plotted series: its label, or its channel's header.
std::string seriesLabel(const TimeSeries& data, const PlotSeries& series);
// The unit every series of the plot shares when none has a label of its own ("J"), so the
// title can carry it and the legend can be short; empty otherwise.
std::string sharedUnit(const TimeSeries& data, const PlotSpec& plot);

// Minimum and maximum of the plotted channels over rows with time in [time.lo, time.hi];
// false when no finite sample lies in the window.
bool valueRange(const TimeSeries& data, const PlotSpec& plot, const AxisRange& time, double& lo, double& hi);
// The autoscaled value axis: valueRange widened to plot.minSpan and padded by margin.
AxisRange autoscaleRange(const TimeSeries& data, const PlotSpec& plot, const AxisRange& time, double margin);

}  // namespace articulab::gui
