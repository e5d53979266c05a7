// The plot panes of the plots panel: the channel picker with search, one pane per picked
// channel (against time or against another channel), their remove buttons and CSV export.
#include <imgui.h>

#include <algorithm>

#include "app/gui/channel_panes_ui.hpp"
#include "app/gui/panels.hpp"
#include "app/gui/phase_plot_widget.hpp"

namespace articulab::gui {

namespace {

constexpr std::size_t kMaxListed = 200;
constexpr float kPlotsHeaderHeight = 110.0f;  // px: the tab bar and the rows of controls above the plots  // search results shown at once
const Colour kPaneColour{0.35f, 0.67f, 0.98f};

struct PickerState {
  char search[96] = "";
  std::string xAxis;  // empty: time
  std::string error;
};

PickerState& picker() {
  static PickerState state;  // one picker in the app
  return state;
}

void drawMatches(Workbench& app, const std::vector<ChannelDef>& catalog, PickerState& p) {
  const std::vector<int> matches = searchChannels(catalog, p.search);
  ImGui::TextDisabled("%zu channels; click one to plot it, 'x' to make it the x axis", matches.size());
  ImGui::BeginChild("matches", ImVec2(420.0f, 260.0f), true);
  for (std::size_t i = 0; i < matches.size() && i < kMaxListed; ++i) {
    const ChannelDef& channel = catalog[matches[i]];
    ImGui::PushID(matches[i]);
    if (ImGui::SmallButton("x")) p.xAxis = channel.name;
    ImGui::SameLine();
    const std::string label = channel.header() + "   (" + channel.group + ")";
    if (ImGui::Selectable(label.c_str())) {
      p.error = app.channelPanes().add(catalog, channel.name, p.xAxis);
      if (p.error.empty()) {
        makeRoomForPanes(app);
        ImGui::CloseCurrentPopup();
      }
    }
    ImGui::PopID();
  }
  if (matches.size() > kMaxListed) ImGui::TextDisabled("... type more of the name to see the rest");
  ImGui::EndChild();
}

void drawPicker(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  if (!snap.model) return;
  if (ImGui::Button("+ plot...")) ImGui::OpenPopup("channel picker");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("plot any channel the engine computes, against time or another channel");
  if (!ImGui::BeginPopup("channel picker")) return;
  PickerState& p = picker();
  const std::vector<ChannelDef>& catalog = app.channelPanes().catalog(*snap.model, snap.modelVersion);
  ImGui::SetNextItemWidth(300.0f);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::InputTextWithHint("##search", "search, e.g. q link1 / momentum / body vx", p.search, sizeof p.search);
  ImGui::Text("x axis: %s", p.xAxis.empty() ? "time" : p.xAxis.c_str());
  if (!p.xAxis.empty()) {
    ImGui::SameLine();
    if (ImGui::SmallButton("use time")) p.xAxis.clear();
  }
  drawMatches(app, catalog, p);
  if (!p.error.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", p.error.c_str());
  ImGui::EndPopup();
}

void drawPane(Workbench& app, std::size_t index, PlotPane& pane, ImVec2 size, double cursor, bool& removed) {
  const ChannelRecording& recording = app.channelPanes().recording;
  const int y = recording.column(pane.y), x = pane.x.empty() ? 0 : recording.column(pane.x);
  ImGui::PushID(static_cast<int>(index));
  ImGui::Text("%zu", index + 1);
  ImGui::SameLine();
  removed = ImGui::SmallButton("remove");
  const float line = ImGui::GetFrameHeightWithSpacing();
  size.y = std::max(size.y - line, 60.0f);
  if (y < 0 || x < 0) {
    ImGui::TextDisabled("%s: not in this model", pane.y.c_str());
  } else if (x == 0) {
    const PlotSpec spec{pane.y, "", {{static_cast<std::size_t>(y), kPaneColour}}};
    pane.view.cursor = cursor;
    plotWidget("pane", recording.series, spec, pane.view, app.ui().plotWindow, size);
  } else {
    phasePlotWidget("phase", recording.series, static_cast<std::size_t>(x), static_cast<std::size_t>(y), cursor, size);
  }
  ImGui::PopID();
}

}  // namespace

void drawChannelPaneControls(Workbench& app) {
  drawPicker(app);
  if (app.channelPanes().panes().empty()) return;
  ImGui::SameLine();
  if (ImGui::Button("panes CSV")) {
    std::string error;
    const std::string path = std::string(app.ui().exportBase) + "_channels.csv";
    app.ui().exportStatus = exportPaneChannels(app, path, error) ? "wrote " + path : error;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("t and the panes' channels at every history keyframe, as `articulab run --csv`");
}

void drawChannelPanes(Workbench& app, float paneHeight) {
  ChannelPanes& panes = app.channelPanes();
  if (panes.panes().empty()) return;
  app.session().updateChannels(panes.recording);
  const HistoryView& history = app.snapshot().history;
  const double cursor = history.viewing ? history.viewTime : -1.0;
  const float width = ImGui::GetContentRegionAvail().x;
  for (std::size_t i = 0; i < panes.panes().size(); ++i) {
    bool removed = false;
    drawPane(app, i, panes.panes()[i], ImVec2(width, paneHeight), cursor, removed);
    if (removed) {
      panes.remove(static_cast<long>(i) + 1);
      break;
    }
  }
}

void makeRoomForPanes(Workbench& app) {
  const std::size_t plots = app.plots().size() + app.channelPanes().panes().size();
  float& band = app.ui().layout.plotsHeight;  // the layout clamps it to the window
  band = std::max(band, kPlotsHeaderHeight + kMinPlotHeight * static_cast<float>(plots));
}

bool exportPaneChannels(Workbench& app, const std::string& path, std::string& error) {
  ChannelPanes& panes = app.channelPanes();
  if (panes.panes().empty()) {
    error = "no plot panes to export: add one with '+ plot...' (script: plot-add CHANNEL)";
    return false;
  }
  app.session().updateChannels(panes.recording);
  return writeChannelsCsv(panes.recording, path, error);
}

}  // namespace articulab::gui
