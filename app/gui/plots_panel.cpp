#include <imgui.h>

#include <algorithm>
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
  if (!ui.exportStatus.empty()) ImGui::TextWrapped("%s", ui.exportStatus.c_str());
}

// What the integrator does to the energy, so that a falling curve is not taken for a bug: the
// last clause of its registry description (dissipative, symplectic, accurate reference).
void drawEnergyBehaviour(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  const BackendInfo* backend = findBackend(snap.backend);
  const IntegratorInfo* info = backend ? backend->findIntegrator(snap.integrator.name()) : nullptr;
  if (!info) return;
  const std::string description = info->description;
  const std::size_t colon = description.rfind(": ");
  const std::string behaviour = colon == std::string::npos ? description : description.substr(colon + 2);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("energy with %s on %s: %s", snap.integrator.name(), snap.backend.c_str(), behaviour.c_str());
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) wrappedTooltip(description);
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

// The energy plot's view: absolute kinetic, potential and total energy, E - E0 (symmetric log) or
// |E - E0| relative to the largest kinetic energy (log; the default while comparing runs).
void drawEnergyViewChooser(Workbench& app) {
  UiState& ui = app.ui();
  const EnergyView shown = app.plots().empty() || app.plots()[0].source == PlotSource::Samples ? EnergyView::Absolute
                           : app.plots()[0].scale == AxisScale::SymLog                       ? EnergyView::Change
                                                                                             : EnergyView::Relative;
  ImGui::TextUnformatted("energy:");
  for (EnergyView view : {EnergyView::Absolute, EnergyView::Change, EnergyView::Relative}) {
    ImGui::SameLine();
    const char* names[] = {"absolute", "E - E0", "|E - E0| / K_max"};
    if (ImGui::RadioButton(names[static_cast<int>(view)], shown == view)) {
      ui.energyView = view;
      ui.energyViewChosen = true;
    }
  }
}

// The runs of the comparison plots, named once above them (colour, then back-end, integrator,
// dt), wrapped to the panel's width; the comparison plots then carry no legend of their own.
bool drawRunsLegend(Workbench& app) {
  const std::vector<PlotSpec>& plots = app.plots();
  if (std::none_of(plots.begin(), plots.end(), [](const PlotSpec& p) { return p.source == PlotSource::Comparison; }))
    return false;
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  bool first = true;
  for (const ComparedRunStyle& run : app.runStyles()) {
    if (!run.shown) continue;
    const float width = 22.0f + ImGui::CalcTextSize(run.label.c_str()).x + 12.0f;
    if (!first) {
      ImGui::SameLine(0.0f, 12.0f);
      if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
    }
    first = false;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float middle = at.y + ImGui::GetTextLineHeight() * 0.5f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(at.x, middle), ImVec2(at.x + 18.0f, middle),
                                        ImGui::ColorConvertFloat4ToU32(ImVec4(run.colour.r, run.colour.g, run.colour.b, 1.0f)),
                                        2.5f);
    ImGui::Dummy(ImVec2(22.0f, ImGui::GetTextLineHeight()));
    ImGui::SameLine(0.0f, 0.0f);
    ImGui::TextUnformatted(run.label.c_str());
  }
  return true;
}

// The plots stacked in the band, sharing its height (and the time axis).
void drawPlotsPanel(Workbench& app) {
  drawEnergyBehaviour(app);
  drawEnergyViewChooser(app);
  drawMusclePlotChooser(app);
  drawChannelPaneControls(app);
  const bool runsLegend = drawRunsLegend(app);
  UiState& ui = app.ui();
  const TimeSeries& data = app.plotData();
  const std::vector<PlotSpec>& plots = app.plots();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  float spacing = ImGui::GetStyle().ItemSpacing.y;
  // The user's panes share the band; below kMinPlotHeight each the band scrolls.
  const std::size_t count = plots.size() + app.channelPanes().panes().size();
  float height = (avail.y - spacing * (count - 1)) / count;
  const bool scrolling = !app.channelPanes().panes().empty() && height < kMinPlotHeight;
  if (scrolling) {
    ImGui::BeginChild("plots scroll", avail);
    height = kMinPlotHeight;
    avail.x = ImGui::GetContentRegionAvail().x;
  }
  const HistoryView& history = app.snapshot().history;
  for (std::size_t i = 0; i < plots.size(); ++i) {
    ui.plotViews[i].cursor = history.viewing ? history.viewTime : -1.0;  // the moment the 3D view shows
    const bool samples = plots[i].source == PlotSource::Samples;
    plotWidget(plots[i].title.c_str(), samples ? data : app.comparisonData(), plots[i], ui.plotViews[i], ui.plotWindow,
               ImVec2(avail.x, height), samples ? &app.previousRun() : nullptr, samples || !runsLegend);
  }
  drawChannelPanes(app, height);
  if (scrolling) ImGui::EndChild();
}

}  // namespace articulab::gui
