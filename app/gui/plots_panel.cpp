#include <imgui.h>

#include <filesystem>
#include <system_error>

#include "app/gui/channel_panes_ui.hpp"
#include "app/gui/panels.hpp"
#include "app/gui/session_names.hpp"
#include "app/gui/validated_field.hpp"

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
  ImGui::SetNextItemWidth(-90.0f);
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
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", description.c_str());
}

}  // namespace

void drawPlotControls(Workbench& app) {
  UiState& ui = app.ui();
  ImGui::SetNextItemWidth(80.0f);
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

// The plots stacked in the band, sharing its height.
void drawPlotsPanel(Workbench& app) {
  drawEnergyBehaviour(app);
  drawMusclePlotChooser(app);
  drawChannelPaneControls(app);
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
    plotWidget(plots[i].title.c_str(), data, plots[i], ui.plotViews[i], ui.plotWindow, ImVec2(avail.x, height),
               &app.previousRun());
  }
  drawChannelPanes(app, height);
  if (scrolling) ImGui::EndChild();
}

}  // namespace articulab::gui
