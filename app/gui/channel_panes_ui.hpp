// The plots panel's channel panes (channel_panes.hpp) in ImGui, and their export.
#pragma once

#include <string>

#include "app/gui/workbench.hpp"

namespace articulab::gui {

// The "+ plot..." button with the channel picker (search, x axis choice) and "panes CSV".
void drawChannelPaneControls(Workbench& app);
// The panes stacked, each paneHeight pixels tall; the channels evaluated up to the newest keyframe first.
void drawChannelPanes(Workbench& app, float paneHeight);
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
