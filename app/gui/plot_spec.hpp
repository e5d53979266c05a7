// What a plot shows: which channels of a TimeSeries, in which colours, under which title.
// The on-screen widget and the file exporter both draw from the same PlotSpec.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/gui/axis_ticks.hpp"
#include "app/gui/time_series.hpp"

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

// The standard channels recorded by the simulation, in CSV column order.
enum SampleChannel : std::size_t {
  kTime = 0,
  kKinetic,
  kPotential,
  kTotal,
  kDriftPosition,
  kDriftRotation,
  kChannelCount,
  // With a comparison run, the same quantities of the second back-end follow.
  kCompareTotal = kChannelCount,
  kCompareDriftPosition,
  kCompareDriftRotation,
  kComparedChannelCount,
};

// The standard channels; with compareBackend (not empty) also the comparison run's channels
// total_<backend>, drift_position_<backend>, drift_rotation_<backend>.
std::vector<Channel> sampleChannels(const std::string& compareBackend = "");
// The energy plot (kinetic, potential, total) and the constraint drift plot. With a
// comparison run, the total energy and position drift of both back-ends, named in the legend.
std::vector<PlotSpec> standardPlots(const std::string& backend = "", const std::string& compareBackend = "");

// "kinetic [J]": the column header and legend text of a channel.
std::string channelHeader(const Channel& channel);
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
