// What a plot shows: which channels of a TimeSeries, in which colours, under which title.
// The on-screen widget and the file exporter both draw from the same PlotSpec.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/figures/axis_scale.hpp"
#include "app/figures/axis_ticks.hpp"
#include "app/figures/series_names.hpp"

namespace articulab::figures {

struct Colour {
  float r, g, b;
};

struct PlotSeries {
  std::size_t channel;  // column of the TimeSeries
  Colour colour;
  std::string label = {};  // legend text; empty: the channel's header
};

// Which series a plot reads: the sampled series (energy, drift, muscles) or the comparison
// series (app/session/comparison_series.hpp).
enum class PlotSource { Samples, Comparison };

struct PlotSpec {
  std::string title;   // "Energy"
  std::string yLabel;  // "energy [J]"
  std::vector<PlotSeries> series;
  // Smallest value span a linear autoscale shows.
  double minSpan = 0.0;
  // How the value axis is drawn (axis_scale.hpp): magnitudes on a log axis, so that drift at
  // 1e-13 m shows as a line at 1e-13 m, not as a flat line at zero.
  AxisScale scale = AxisScale::Linear;
  // The machine-precision floor of the plotted quantity (0: none): values below it are rounding,
  // drawn over a shaded band from the bottom of the axis up to it.
  double floor = 0.0;
  PlotSource source = PlotSource::Samples;
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

// The plotted channels' values over rows with time in [time.lo, time.hi].
ValueExtent valueExtent(const TimeSeries& data, const PlotSpec& plot, const AxisRange& time);
// The autoscaled value axis of the plot's scale (fitValueAxis), padded by margin.
ValueAxis autoscaleAxis(const TimeSeries& data, const PlotSpec& plot, const AxisRange& time, double margin);

}  // namespace articulab::figures
