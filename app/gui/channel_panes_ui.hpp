// The plots panel's channel panes (channel_panes.hpp) in ImGui, and their export.
#pragma once

#include <string>
#include <vector>

#include "app/gui/workbench.hpp"

namespace articulab::gui {

// The plots band's trailing "+ plot..." tab button and its channel picker (search, x axis choice).
void drawPlotPicker(Workbench& app);
// "panes CSV": t and the panes' channels at every keyframe, with the other exports.
void drawPaneChannelsExport(Workbench& app);

// The plots panel's panes while it draws them stacked: their width, the height every graph
// gets, the pane under which the shared time axis is labelled, and the time axis the user
// zoomed or panned in one pane (the others take it after the stack is drawn).
struct PaneStack {
  float width = 0.0f, graphHeight = 0.0f;  // px
  double windowSeconds = 10.0;             // the time window followed
  std::size_t timeLabelsAt = 0;            // place in the stack (from 0) of the last pane against time
  std::size_t next = 0;                    // the next pane's place
  std::vector<PlotView*> timeViews;        // the panes against time drawn so far
  PlotView* moved = nullptr;               // the one whose time axis the user moved this frame
  std::vector<PaneRects> drawn;            // where each pane went (UiState::plotPanes)
};
// A pane's start (the gap after the pane above) and end: the pane's rectangle from `top`
// (beginPane's) to the graph drawn last joins stack.drawn.
float beginPane(PaneStack& stack);
void endPane(PaneStack& stack, float top, PaneRects& rects);
// A pane's graph against time, stack.graphHeight tall, labelled with the time axis when it is
// the stack's last pane against time.
void drawTimeGraph(PaneStack& stack, const char* id, const TimeSeries& data, const PlotSpec& spec, PlotView& view,
                   GraphOptions options, PaneRects& rects);
// The channel panes under the standard plots.
void drawChannelPanes(Workbench& app, PaneStack& stack);
// After a pane is added: the plot band grows (as far as the window lets it) so that every plot
// gets kMinPlotHeight; beyond that the band scrolls.
constexpr float kMinPlotHeight = 150.0f;  // px: below this a plot's axes crowd out its curves
void makeRoomForPanes(Workbench& app);
// Where pane `number`'s files go: the export base + "_pane" + number.
std::string paneExportBase(const std::string& exportBase, long number);
// Pane `number` (1 is the first) over the whole run as BASE.png, .svg and .pdf, and its channels
// as BASE.csv (pane_figures.hpp); false with the reason.
bool exportPaneFigures(Workbench& app, long number, const std::string& base, std::string& error);
// t and the panes' channels at every keyframe of the history, as CSV; false with the reason.
bool exportPaneChannels(Workbench& app, const std::string& path, std::string& error);

}  // namespace articulab::gui
