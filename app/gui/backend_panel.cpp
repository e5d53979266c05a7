#include <imgui.h>

#include "app/gui/panels.hpp"
#include "engine/solvers/registry.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

// A second run of the same scene on another back-end, in lockstep, on the same plots.
void drawComparison(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  const char* current = snap.compareBackend.empty() ? "off" : snap.compareBackend.c_str();
  ImGui::SetNextItemWidth(uiPixels(140.0f));
  if (ImGui::BeginCombo("compare with", current)) {
    std::string error;
    if (ImGui::Selectable("off", snap.compareBackend.empty()) && !app.session().choices().setComparison("off", error))
      app.showError(error);
    for (const BackendInfo& info : backends()) {
      SolverSupport support = info.supports(*snap.model);
      ImGui::BeginDisabled(!support.ok);
      if (ImGui::Selectable(info.name.c_str(), info.name == snap.compareBackend) &&
          !app.session().choices().setComparison(info.name, error))
        app.showError(error);
      ImGui::EndDisabled();
      if (!support.ok && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        wrappedTooltip(support.reason);
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Runs the scene a second time on another back-end, in lockstep with the same step size,\n"
                      "integrator, edits and mouse pull; both restart from the initial state and their total\n"
                      "energy and position drift share the plots (and the CSV).");
}

// One row of the runs table: colour (click to recolour), name and label, ghost, mute, reference
// and remove; a stopped run's note under it.
void drawRunRow(Workbench& app, std::size_t run, std::uint64_t id, const std::string& name, const std::string& label,
                const std::string& note) {
  const Snapshot& snap = app.snapshot();
  RunView& view = app.runView(id, run);
  std::string error;
  ImGui::PushID(static_cast<int>(id));
  ImGui::ColorEdit3("##colour", &view.colour.r, ImGuiColorEditFlags_NoInputs);
  ImGui::SameLine();
  ImGui::Text("%s", name.c_str());
  if (ImGui::IsItemHovered()) wrappedTooltip(label);
  ImGui::SameLine(200.0f);
  if (ImGui::RadioButton("ref", snap.reference == run) && !app.session().choices().setReference(run, error))
    app.showError(error);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the run the differences are taken against");
  if (run > 0) {
    ImGui::SameLine();
    ImGui::Checkbox("ghost", &view.ghost);
    ImGui::SameLine();
    ImGui::Checkbox("mute", &view.muted);
    ImGui::SameLine();
    if (ImGui::SmallButton("x") && !app.session().choices().removeComparison(run - 1, error)) app.showError(error);
  }
  ImGui::TextDisabled("  %s", label.c_str());
  if (!note.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.2f, 1.0f), "%s", note.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::PopID();
}

// The comparison runs: each its own back-end, integrator, step and settings, added by a spec.
void drawComparisonRuns(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  UiState& ui = app.ui();
  ImGui::SetNextItemWidth(uiPixels(-60.0f));
  const bool entered = ImGui::InputTextWithHint("##spec", "redmax:rk4@dt=0.0005", ui.comparisonForm.spec,
                                                sizeof ui.comparisonForm.spec, ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("another run: BACKEND[:INTEGRATOR][@dt=SECONDS][@SETTING=VALUE]\n"
                      "(what is left out follows the main run); every run restarts from the initial state");
  ImGui::SameLine();
  if (ImGui::Button("add") || entered) {
    std::string error;
    ui.comparisonForm.error = app.session().choices().addComparison(ui.comparisonForm.spec, error) ? "" : error;
  }
  if (!ui.comparisonForm.error.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", ui.comparisonForm.error.c_str());
    ImGui::PopTextWrapPos();
  }
  if (snap.comparisons.empty()) return;
  drawRunRow(app, 0, 0, snap.mainName, snap.mainLabel + " (main run)", "");
  for (std::size_t c = 0; c < snap.comparisons.size(); ++c) {
    const ComparisonView& run = snap.comparisons[c];
    drawRunRow(app, c + 1, run.id, run.name, run.label, run.note);
  }
}

}  // namespace

void drawBackendPanel(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  if (!snap.model) return;
  for (const BackendInfo& info : backends()) {
    SolverSupport support = info.supports(*snap.model);
    ImGui::BeginDisabled(!support.ok);
    if (ImGui::RadioButton(info.name.c_str(), info.name == snap.backend) && info.name != snap.backend) {
      std::string error;
      if (!app.session().choices().setBackend(info.name, error)) app.showError(error);
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) wrappedTooltip(info.description);
    if (!support.ok) {
      ImGui::SameLine();
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("unavailable: %s", support.reason.c_str());
      ImGui::PopTextWrapPos();
    }
  }
  drawComparison(app);
  drawComparisonRuns(app);
  for (const std::string& warning : snap.backendWarnings) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f), "warning: %s", warning.c_str());
    ImGui::PopTextWrapPos();
  }
}

}  // namespace articulab::gui
