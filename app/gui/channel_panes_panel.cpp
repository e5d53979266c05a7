// The plot panes of the plots panel: the channel picker with search, one pane per picked
// channel (against time or against another channel), their remove buttons and CSV export.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/channel_panes_ui.hpp"
#include "app/gui/pane_figures.hpp"
#include "app/gui/panels.hpp"
#include "app/gui/phase_plot_widget.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

constexpr std::size_t kMaxListed = 200;  // search results shown at once
constexpr float kPlotsHeaderHeight = 110.0f;  // px at 100 %: the tab bar and the rows of controls above the plots

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
  ImGui::BeginChild("matches", ImVec2(uiPixels(420.0f), uiPixels(260.0f)), true);
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

}  // namespace

void drawPlotPicker(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  if (!snap.model) return;
  if (ImGui::TabItemButton("+ plot...", ImGuiTabItemFlags_Trailing | ImGuiTabItemFlags_NoTooltip))
    ImGui::OpenPopup("channel picker");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("plot any channel the engine computes, against time or another channel");
  if (!ImGui::BeginPopup("channel picker")) return;
  PickerState& p = picker();
  const std::vector<ChannelDef>& catalog = app.channelPanes().catalog(*snap.model, snap.modelVersion);
  ImGui::SetNextItemWidth(uiPixels(300.0f));
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

namespace {

// Pane `index`'s header choices, right of its title: the axis scale (as the energy and drift
// plots have), its export and its removal.
void drawPaneControls(Workbench& app, std::size_t index, PlotPane& pane, bool& removed) {
  ImGui::SetNextItemWidth(uiPixels(80.0f));
  if (ImGui::BeginCombo("##scale", axisScaleName(pane.scale))) {
    for (AxisScale scale : {AxisScale::Linear, AxisScale::Log, AxisScale::SymLog})
      if (ImGui::Selectable(axisScaleName(scale), pane.scale == scale))
        app.channelPanes().setScale(static_cast<long>(index) + 1, axisScaleName(scale));
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("value axis: linear, log (magnitudes) or symlog (signed, over decades)");
  ImGui::SameLine();
  if (ImGui::SmallButton("export")) {
    const std::string base = paneExportBase(app.ui().exportBase, static_cast<long>(index) + 1);
    std::string error;
    app.ui().exportStatus =
        exportPaneFigures(app, static_cast<long>(index) + 1, base, error) ? "wrote " + base + ".png, .svg, .pdf and .csv" : error;
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("this pane over the whole run as PNG, SVG and PDF, and its channels as CSV (export base + _paneN)");
  ImGui::SameLine();
  removed = ImGui::SmallButton("remove");
}

// The width of drawPaneControls' row.
float paneControlsWidth() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float buttons = ImGui::CalcTextSize("export").x + ImGui::CalcTextSize("remove").x + 4.0f * style.FramePadding.x;
  return uiPixels(80.0f) + buttons + 2.0f * style.ItemSpacing.x;
}

// A phase pane's graph (its own x axis, labelled under it).
void drawPhaseGraph(PaneStack& stack, const ChannelRecording& recording, const PlotPane& pane, int x, int y,
                    double cursor, PaneRects& rects) {
  const PaneChrome c = paneChrome();
  const ImVec2 size(stack.width, c.top + stack.graphHeight + c.bottom + c.timeLabels);
  phasePlotWidget("phase", recording.series, static_cast<std::size_t>(x), static_cast<std::size_t>(y), pane.scale,
                  cursor, size, rects);
}

void drawPane(Workbench& app, PaneStack& stack, std::size_t index, PlotPane& pane, double cursor, bool& removed) {
  const ChannelRecording& recording = app.channelPanes().recording;
  const int y = recording.column(pane.y), x = pane.x.empty() ? 0 : recording.column(pane.x);
  ImGui::PushID(static_cast<int>(index));
  const float top = beginPane(stack);
  PaneRects rects;
  const float controls = paneControlsWidth(), start = ImGui::GetCursorPosX();
  std::string title = std::to_string(index + 1) + "  " + pane.y + ": not in this model";
  if (y >= 0 && x == 0) title = std::to_string(index + 1) + "  " + plotTitle(recording.series, paneSpec(pane, static_cast<std::size_t>(y)));
  if (y >= 0 && x > 0) title = std::to_string(index + 1) + "  " + phaseTitle(recording.series, static_cast<std::size_t>(x), static_cast<std::size_t>(y));
  paneTitle(title, stack.width - controls - ImGui::GetStyle().ItemSpacing.x, rects);
  ImGui::SameLine(start + stack.width - controls);
  drawPaneControls(app, index, pane, removed);
  if (y < 0 || x < 0) {
    ImGui::Dummy(ImVec2(stack.width, paneChrome().top + stack.graphHeight + paneChrome().bottom));
  } else if (x == 0) {
    pane.view.cursor = cursor;
    GraphOptions options;
    options.legend = false;  // one channel, named by the title
    drawTimeGraph(stack, "pane", recording.series, paneSpec(pane, static_cast<std::size_t>(y)), pane.view, options,
                  rects);
  } else {
    drawPhaseGraph(stack, recording, pane, x, y, cursor, rects);
  }
  endPane(stack, top, rects);
  ImGui::PopID();
}

}  // namespace

void drawPaneChannelsExport(Workbench& app) {
  if (app.channelPanes().panes().empty()) return;
  ImGui::SameLine();
  if (ImGui::Button("panes CSV")) {
    std::string error;
    const std::string path = std::string(app.ui().exportBase) + "_channels.csv";
    app.ui().exportStatus = exportPaneChannels(app, path, error) ? "wrote " + path : error;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("t and the panes' channels at every history keyframe, as `articulab run --csv`");
}

void drawChannelPanes(Workbench& app, PaneStack& stack) {
  ChannelPanes& panes = app.channelPanes();
  if (panes.panes().empty()) return;
  app.session().updateChannels(panes.recording);
  const HistoryView& history = app.snapshot().history;
  const double cursor = history.viewing ? history.viewTime : -1.0;
  for (std::size_t i = 0; i < panes.panes().size(); ++i) {
    bool removed = false;
    drawPane(app, stack, i, panes.panes()[i], cursor, removed);
    if (removed) {
      panes.remove(static_cast<long>(i) + 1);
      break;
    }
  }
}

void makeRoomForPanes(Workbench& app) {
  const std::size_t plots = app.plots().size() + app.channelPanes().panes().size();
  float& band = app.ui().layout.plotsHeight;  // the layout clamps it to the window
  band = std::max(band, uiPixels(kPlotsHeaderHeight + kMinPlotHeight * static_cast<float>(plots)));
}

std::string paneExportBase(const std::string& exportBase, long number) {
  return exportBase + "_pane" + std::to_string(number);
}

bool exportPaneFigures(Workbench& app, long number, const std::string& base, std::string& error) {
  ChannelPanes& panes = app.channelPanes();
  const PlotPane* pane = panes.pane(number, error);
  if (!pane) return false;
  app.session().updateChannels(panes.recording);
  Snapshot current;
  app.session().snapshot(current);
  char run[160];
  std::snprintf(run, sizeof run, "%s, %s, dt %g s", current.backend.c_str(), current.integrator.name(), current.dt);
  return exportPane(panes.recording, *pane, {current.model ? current.model->name : "", run}, base, error);
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
