// The one plot widget of the app, drawn with ImGui draw lists: several series with a legend,
// axes with units and tick labels, autoscale, mouse zoom and pan, and a hover read-out.
//   wheel: zoom the time axis about the mouse      shift + wheel: zoom the value axis
//   left drag: pan both axes                       double-click: back to follow + autoscale
// The plots panel stacks panes of it over one time axis: each pane a header row (paneTitle and
// its choices) above its graph, the time tick labels and axis title under the bottom pane only.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

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

// A rectangle in screen pixels.
struct ScreenRect {
  ImVec2 min{0.0f, 0.0f}, max{0.0f, 0.0f};
  bool empty() const { return !(max.x > min.x && max.y > min.y); }
  void add(ImVec2 lo, ImVec2 hi);  // grows to hold lo..hi
};

// Where one pane of the plots panel drew (for the layout checks, script export-layout).
struct PaneRects {
  ScreenRect pane;    // header row, graph and the graph's labels
  ScreenRect title;   // the header's title
  ScreenRect graph;   // inside the axes
  ScreenRect labels;  // every tick label and axis title drawn
};

// The fixed sizes around a pane's graph in pixels at the UI scale in use (ui_scale.hpp), so
// that tick labels and titles fit at any font size.
struct PaneChrome {
  float header;      // the header row (title and choices), above the graph
  float left, right; // beside the graph: the value tick labels on the left
  float top, bottom; // above and below the graph inside the pane
  float timeLabels;  // under the bottom pane: the time tick labels and the axis title
  float gap;         // between two panes
};
PaneChrome paneChrome();
// The least graph height (pixels at the UI scale in use): below it the panes scroll.
float minGraphHeight();

// The legend drawn inside the graph lo..hi at its top right, over a translucent background,
// entries in rows up to three quarters of the graph wide (wider names cut with "..."); a hovered
// entry shows its whole name. Draws on the window's draw list.
void drawLegendInside(ImVec2 lo, ImVec2 hi, const std::vector<LegendEntry>& entries);

// The header's title: `text` on the current line, cut with "..." to `width` pixels (the whole
// text in a tooltip, and `tooltip` under it when given); its rectangle goes to rects.title.
void paneTitle(const std::string& text, float width, PaneRects& rects, const std::string& tooltip = "");
// A plot's title with its unit ("Energy [J]") or its value label.
std::string plotTitle(const TimeSeries& data, const PlotSpec& spec);

// Draws the graph of spec's series of data into a size region at the cursor (a spec whose
// source is the comparison series reads that: the caller passes the series the spec reads) and
// applies mouse interaction to view. previous (may be null): an earlier run with the same
// channels, drawn faded under data. legend: the series named inside the graph (false: the
// runs of a comparison, named once over the top pane). timeLabels: the time tick labels and
// axis title under the graph (the bottom pane of a stack; size includes them). Fills
// rects.graph and rects.labels.
struct GraphOptions {
  const TimeSeries* previous = nullptr;
  bool legend = true;
  bool timeLabels = true;
};
void plotWidget(const char* id, const TimeSeries& data, const PlotSpec& spec, PlotView& view, double windowSeconds,
                ImVec2 size, const GraphOptions& options, PaneRects& rects);

// The panes of a stack share the time axis: true when drawing changed view's time axis from
// `before` by the user's hand (zoom, pan, or a double-click back to following the data).
bool timeMovedByUser(const PlotView& before, const PlotView& after);
// Gives `to` the time axis of `from`.
void shareTimeAxis(const PlotView& from, PlotView& to);

}  // namespace articulab::gui
