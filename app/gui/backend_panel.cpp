#include <imgui.h>

#include "app/gui/panels.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab::gui {

namespace {

// A second run of the same scene on another back-end, in lockstep, on the same plots.
void drawComparison(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  const char* current = snap.compareBackend.empty() ? "off" : snap.compareBackend.c_str();
  ImGui::SetNextItemWidth(140.0f);
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
        ImGui::SetTooltip("%s", support.reason.c_str());
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Runs the scene a second time on another back-end, in lockstep with the same step size,\n"
                      "integrator, edits and mouse pull; both restart from the initial state and their total\n"
                      "energy and position drift share the plots (and the CSV).");
  if (snap.compareNote.empty()) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.2f, 1.0f), "%s", snap.compareNote.c_str());
  ImGui::PopTextWrapPos();
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
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", info.description.c_str());
    if (!support.ok) {
      ImGui::SameLine();
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("unavailable: %s", support.reason.c_str());
      ImGui::PopTextWrapPos();
    }
  }
  drawComparison(app);
  for (const std::string& warning : snap.backendWarnings) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f), "warning: %s", warning.c_str());
    ImGui::PopTextWrapPos();
  }
}

}  // namespace articulab::gui
