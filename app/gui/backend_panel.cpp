#include <imgui.h>

#include "app/gui/panels.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab::gui {

void drawBackendPanel(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  if (!snap.model) return;
  for (const BackendInfo& info : backends()) {
    SolverSupport support = info.supports(*snap.model);
    ImGui::BeginDisabled(!support.ok);
    if (ImGui::RadioButton(info.name.c_str(), info.name == snap.backend) && info.name != snap.backend) {
      std::string error;
      if (!app.simulation().setBackend(info.name, error)) app.showError(error);
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
  for (const std::string& warning : snap.backendWarnings) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f), "warning: %s", warning.c_str());
    ImGui::PopTextWrapPos();
  }
}

}  // namespace articulab::gui
