// The plots panel: the energy, drift (and comparison or muscle) plots and the user's channel
// panes stacked over one time axis, every graph an equal share of the band's height.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <system_error>

#include "app/gui/channel_panes_ui.hpp"
#include "app/gui/panels.hpp"
#include "app/gui/session_names.hpp"
#include "app/gui/validated_field.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

// The export base as the user typed it, made absolute for the status line.
std::string absoluteBase(const char* base) {
  std::error_code ec;
  const std::filesystem::path path = std::filesystem::absolute(base, ec);
  return ec ? std::string(base) : path.lexically_normal().string();
}

void drawExportBar(Workbench& app) {
  UiState& ui = app.ui();
  std::string base = absoluteBase(ui.exportBase), error;
  ImGui::SetNextItemWidth(uiPixels(-90.0f));
  ImGui::InputText("##export", ui.exportBase, sizeof ui.exportBase);
  ImGui::SameLine();
  if (ImGui::Button("Export to...")) app.openBrowser(BrowseMode::ExportPlots);
  if (ImGui::Button("CSV"))
    ui.exportStatus = app.exportCsv(base + ".csv", error) ? "wrote " + base + ".csv" : error;
  ImGui::SameLine();
  if (ImGui::Button("PNG+SVG+PDF"))
    ui.exportStatus = app.exportPlots(base, error) ? "wrote " + base + ".png, .svg and .pdf" : error;
  ImGui::SameLine();
  if (ImGui::Button("Screenshot")) {
    app.requestScreenshot(base + "_view.png");
    ui.exportStatus = "screenshot of the 3D view: " + base + "_view.png";
  }
  drawPaneChannelsExport(app);
  if (!ui.exportStatus.empty()) ImGui::TextWrapped("%s", ui.exportStatus.c_str());
}

// What the integrator does to the energy, so that a falling curve is not taken for a bug: its
// registry description (dissipative, symplectic, accurate reference), for the energy title.
std::string energyBehaviour(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  const BackendInfo* backend = findBackend(snap.backend);
  const IntegratorInfo* info = backend ? backend->findIntegrator(snap.integrator.name()) : nullptr;
  if (!info) return "";
  return std::string("energy with ") + snap.integrator.name() + " on " + snap.backend + ": " + info->description;
}

// The energy plot's view: absolute kinetic, potential and total energy, E - E0 (symmetric log) or
// |E - E0| relative to the largest kinetic energy (log; the default while comparing runs).
void drawEnergyViewChooser(Workbench& app, float width) {
  UiState& ui = app.ui();
  const EnergyView shown = app.plots().empty() || app.plots()[0].source == PlotSource::Samples ? EnergyView::Absolute
                           : app.plots()[0].scale == AxisScale::SymLog                       ? EnergyView::Change
                                                                                             : EnergyView::Relative;
  const char* names[] = {"absolute", "E - E0", "|E - E0| / K_max"};
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo("##energy view", names[static_cast<int>(shown)])) {
    for (EnergyView view : {EnergyView::Absolute, EnergyView::Change, EnergyView::Relative})
      if (ImGui::Selectable(names[static_cast<int>(view)], shown == view)) {
        ui.energyView = view;
        ui.energyViewChosen = true;
      }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("energy: absolute (kinetic, potential, total), E - E0 or |E - E0| / K_max (while comparing)");
}

// The runs of the comparison plots (colour, then back-end, integrator, dt), named once inside
// the top comparison graph; the comparison plots carry no legend of their own.
std::vector<LegendEntry> runsLegend(Workbench& app) {
  std::vector<LegendEntry> entries;
  for (const ComparedRunStyle& run : app.runStyles())
    if (run.shown) entries.push_back({run.label, run.colour});
  return entries;
}

// The graph height that shares the band's height among the panes, and whether it is the least
// one (the band then scrolls).
float sharedGraphHeight(float height, std::size_t panes, std::size_t labelRows, bool& scrolling) {
  const PaneChrome c = paneChrome();
  const float n = static_cast<float>(std::max<std::size_t>(panes, 1));
  const float fixed = n * (c.header + c.top + c.bottom) + static_cast<float>(labelRows) * c.timeLabels + (n - 1.0f) * c.gap;
  const float shared = std::floor((height - fixed) / n);
  scrolling = shared < minGraphHeight();
  return std::max(shared, minGraphHeight());
}

}  // namespace

void drawPlotControls(Workbench& app) {
  UiState& ui = app.ui();
  ImGui::SetNextItemWidth(uiPixels(80.0f));
  validatedField("window [s]", "plot.window", ui.plotWindow, [&](double v) {
    std::string reason = checkPlotWindow(v);
    if (reason.empty()) ui.plotWindow = v;
    return reason;
  }, ui, "%.3g");
  ImGui::SameLine();
  ImGui::Checkbox("pause plots", &ui.plotsPaused);
  ImGui::SameLine();
  if (ImGui::Button("Autoscale"))
    for (PlotView& view : ui.plotViews) view = PlotView{};
  if (app.previousRun().size() > 0) {
    ImGui::SameLine();
    if (ImGui::Button("Clear previous run")) app.session().clearPreviousRun();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the run before the last Reset, drawn faded on the plots");
  }
  drawExportBar(app);
}

float beginPane(PaneStack& stack) {
  if (stack.next > 0) ImGui::Dummy(ImVec2(0.0f, paneChrome().gap));
  return ImGui::GetCursorScreenPos().y;
}

void endPane(PaneStack& stack, float top, PaneRects& rects) {
  const ImVec2 start(ImGui::GetItemRectMin().x, top);
  rects.pane = {start, ImVec2(start.x + stack.width, ImGui::GetItemRectMax().y)};
  stack.drawn.push_back(rects);
  ++stack.next;
}

void drawTimeGraph(PaneStack& stack, const char* id, const TimeSeries& data, const PlotSpec& spec, PlotView& view,
                   GraphOptions options, PaneRects& rects) {
  options.timeLabels = stack.next == stack.timeLabelsAt;
  const PaneChrome c = paneChrome();
  const float height = c.top + stack.graphHeight + c.bottom + (options.timeLabels ? c.timeLabels : 0.0f);
  const PlotView before = view;
  plotWidget(id, data, spec, view, stack.windowSeconds, ImVec2(stack.width, height), options, rects);
  if (timeMovedByUser(before, view)) stack.moved = &view;
  stack.timeViews.push_back(&view);
}

// The plots stacked in the band, sharing its height and the time axis.
void drawPlotsPanel(Workbench& app) {
  drawMusclePlotChooser(app);
  UiState& ui = app.ui();
  const std::vector<PlotSpec>& plots = app.plots();
  const std::vector<PlotPane>& channelPanes = app.channelPanes().panes();
  PaneStack stack;
  stack.windowSeconds = ui.plotWindow;
  std::size_t phasePanes = 0;
  stack.timeLabelsAt = plots.size() - 1;
  for (std::size_t i = 0; i < channelPanes.size(); ++i) {
    if (channelPanes[i].x.empty())
      stack.timeLabelsAt = plots.size() + i;
    else
      ++phasePanes;
  }
  const std::size_t count = plots.size() + channelPanes.size();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  bool scrolling = false;
  stack.graphHeight = sharedGraphHeight(avail.y, count, phasePanes + 1, scrolling);
  if (scrolling) ImGui::BeginChild("plots scroll", avail);
  stack.width = ImGui::GetContentRegionAvail().x;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, 0.0f));
  const TimeSeries& data = app.plotData();
  const HistoryView& history = app.snapshot().history;
  const std::vector<LegendEntry> runs = runsLegend(app);
  bool runsNamed = false;
  for (std::size_t i = 0; i < plots.size(); ++i) {
    const float top = beginPane(stack);
    const bool samples = plots[i].source == PlotSource::Samples;
    const TimeSeries& series = samples ? data : app.comparisonData();
    PaneRects rects;
    const float chooser = i == 0 ? uiPixels(130.0f) : 0.0f;
    const float x = ImGui::GetCursorPosX();
    paneTitle(plotTitle(series, plots[i]), stack.width - chooser - ImGui::GetStyle().ItemSpacing.x, rects,
              i == 0 ? energyBehaviour(app) : "");
    if (i == 0) {
      ImGui::SameLine(x + stack.width - chooser);
      drawEnergyViewChooser(app, chooser);
    }
    ui.plotViews[i].cursor = history.viewing ? history.viewTime : -1.0;  // the moment the 3D view shows
    GraphOptions options;
    options.previous = samples ? &app.previousRun() : nullptr;
    options.legend = samples;
    ImGui::PushID(static_cast<int>(i));
    drawTimeGraph(stack, "plot", series, plots[i], ui.plotViews[i], options, rects);
    ImGui::PopID();
    if (!samples && !runsNamed) drawLegendInside(rects.graph.min, rects.graph.max, runs);
    runsNamed = runsNamed || !samples;
    endPane(stack, top, rects);
  }
  drawChannelPanes(app, stack);
  ImGui::PopStyleVar(2);
  if (stack.moved)
    for (PlotView* view : stack.timeViews)
      if (view != stack.moved) shareTimeAxis(*stack.moved, *view);
  ui.plotPanes = stack.drawn;
  if (scrolling) ImGui::EndChild();
}

}  // namespace articulab::gui
