// Reduces the samples of one channel inside a time window to at most four points per output
// column (first, minimum, maximum, last), so a plot of 10^5 samples keeps every peak but
// draws only a few thousand segments.
#pragma once

#include <cstddef>
#include <vector>

#include "app/gui/axis_ticks.hpp"
#include "app/gui/session_names.hpp"

namespace articulab::gui {

struct PlotPoint {
  double t, value;
};

// Points of `channel` with time in the window (plus one sample on each side, so lines reach the
// edges), reduced to `columns` buckets. Non-finite values break the line: they are returned as
// a point with a NaN value.
std::vector<PlotPoint> decimate(const TimeSeries& data, std::size_t channel, const AxisRange& time, int columns);

}  // namespace articulab::gui
