// A plot pane (channel_panes.hpp) as app/figures draws it: the spec its widget and its exported
// figure share, the figure over the whole recorded run (PNG, SVG, PDF through the exporter the
// energy and drift plots use) and its CSV (t and the pane's channels, with the headers and
// numbers of `articulab run --record`).
#pragma once

#include <cstddef>
#include <string>

#include "app/figures/xy_plot.hpp"
#include "app/gui/channel_panes.hpp"
#include "app/gui/figure_names.hpp"

namespace articulab::gui {

inline constexpr Colour kPaneColour{0.35f, 0.67f, 0.98f};

// The names a pane's figure carries: "four-bar" and "redmax, rk4, dt 0.001 s".
struct PaneFigureLabels {
  std::string scene, run;
};

// The time plot of a pane whose channel is column yColumn of the recording, on the pane's scale.
PlotSpec paneSpec(const PlotPane& pane, std::size_t yColumn);
// A time pane as a figure over the whole recorded run.
Figure paneFigure(const TimeSeries& series, const PlotPane& pane, std::size_t yColumn, const PaneFigureLabels& labels);
// A phase pane (column yColumn against xColumn) as a figure: the whole trajectory as one curve,
// both axes on the pane's scale.
figures::XYFigure phaseFigure(const TimeSeries& series, const PlotPane& pane, std::size_t xColumn, std::size_t yColumn,
                              const PaneFigureLabels& labels);
// t and the pane's channels (y, then x) of the recording, the rows and columns as recorded.
TimeSeries paneSeries(const ChannelRecording& recording, const PlotPane& pane);
// Writes BASE.png, BASE.svg, BASE.pdf and BASE.csv of the pane; false with the reason (naming
// the file, or the channel not in the model).
bool exportPane(const ChannelRecording& recording, const PlotPane& pane, const PaneFigureLabels& labels,
                const std::string& base, std::string& error);

}  // namespace articulab::gui
