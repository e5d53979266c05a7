// A phase plot: one channel of a TimeSeries against another (e.g. qd against q), the whole
// recorded trajectory as a curve with both axes autoscaled on one scale (linear, log or symlog,
// axis_scale.hpp), and a dot at the cursor's time (the
// history keyframe shown) or at the newest sample.
#pragma once

#include <imgui.h>

#include <string>

#include "app/gui/figure_names.hpp"
#include "app/gui/plot_widget.hpp"

namespace articulab::gui {

constexpr std::size_t kMaxPhasePoints = 4000;  // longer trajectories are drawn with a stride

// Draws channel yChannel against xChannel of data in a region of size at the cursor, its x tick
// labels and axis title along the bottom (the margins of paneChrome, plot_widget.hpp); fills
// rects.graph and rects.labels. cursorTime < 0: mark the newest sample.
void phasePlotWidget(const char* id, const TimeSeries& data, std::size_t xChannel, std::size_t yChannel,
                     AxisScale scale, double cursorTime, ImVec2 size, PaneRects& rects);
// "y [unit]  against  x [unit]", the pane's title.
std::string phaseTitle(const TimeSeries& data, std::size_t xChannel, std::size_t yChannel);

}  // namespace articulab::gui
