// The one plot widget of the app, drawn with ImGui draw lists: several series with a legend,
// axes with units and tick labels, autoscale, mouse zoom and pan, and a hover read-out.
//   wheel: zoom the time axis about the mouse      shift + wheel: zoom the value axis
//   left drag: pan both axes                       double-click: back to follow + autoscale
#pragma once

#include <imgui.h>

#include "app/gui/figure_names.hpp"

namespace articulab::gui {

struct PlotView {
  AxisRange time{0.0, 10.0};   // s
  AxisRange values{-1.0, 1.0};  // in the scale's axis units (axis_scale.hpp)
  ValueScale scale;             // set by autoscale from the plot's scale
  bool followTime = true;   // the time axis shows the last window of data
  bool autoscaleValues = true;
  double cursor = -1.0;     // s: the history time shown (a vertical line); negative: none
};

// The time range shown when following the data: the last windowSeconds, or the first
// windowSeconds while there is less data than that.
AxisRange followedTimeRange(const TimeSeries& data, double windowSeconds);

// The last windowSeconds of data, or all of it when there is less (for exported figures).
AxisRange recordedTimeRange(const TimeSeries& data, double windowSeconds);

// Draws spec's series of data into a size x size region (a spec whose source is the comparison
// series reads that: the caller passes the series the spec reads) at the cursor and applies mouse
// interaction to view. previous (may be null): an earlier run with the same channels, drawn
// faded under data. legend false: no legend of its own (the runs of a comparison, named once
// above the plots).
void plotWidget(const char* id, const TimeSeries& data, const PlotSpec& spec, PlotView& view, double windowSeconds,
                ImVec2 size, const TimeSeries* previous = nullptr, bool legend = true);

}  // namespace articulab::gui
