#include <imgui.h>

#include <filesystem>

#include "app/gui/panels.hpp"
#include "app/gui/scene_catalog.hpp"

namespace articulab::gui {

namespace {

std::string browserEntryLabel(const SceneEntry& scene) {
  const std::string file = std::filesystem::path(scene.path).filename().string();
  return scene.loads ? scene.name + "  (" + file + ")" : file + "  (does not load)";
}

// The scenes the search field lets through, each selectable; a double click opens it.
void drawMatchingScenes(Workbench& app) {
  UiState& ui = app.ui();
  const float buttons = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  if (!ImGui::BeginChild("scene list", ImVec2(0.0f, -buttons), true)) {
    ImGui::EndChild();
    return;
  }
  int shown = 0;
  for (int i = 0; i < static_cast<int>(ui.scenes.size()); ++i) {
    const SceneEntry& scene = ui.scenes[i];
    if (!sceneMatches(scene, ui.sceneSearch)) continue;
    ++shown;
    if (!scene.loads) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.5f, 0.4f, 1.0f));
    if (ImGui::Selectable(browserEntryLabel(scene).c_str(), ui.selectedScene == i, ImGuiSelectableFlags_AllowDoubleClick)) {
      ui.selectedScene = i;
      if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) openWithPanelParameters(app, scene.path);
    }
    if (!scene.loads) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered() && !scene.description.empty()) wrappedTooltip(scene.description);
  }
  if (shown == 0) ImGui::TextDisabled("no scene's name or description holds \"%s\"", ui.sceneSearch);
  ImGui::EndChild();
}

}  // namespace

void drawSceneBrowser(Workbench& app) {
  UiState& ui = app.ui();
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.35f, viewport->WorkPos.y + viewport->WorkSize.y * 0.5f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(40.0f * ImGui::GetFontSize(), 0.6f * viewport->WorkSize.y), ImGuiCond_Appearing);
  if (!ImGui::Begin("Scenes", &ui.showSceneBrowser, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return;
  }
  ImGui::TextDisabled("%s", ui.scenesDir.c_str());
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputTextWithHint("##search", "search names and descriptions", ui.sceneSearch, sizeof ui.sceneSearch);
  drawMatchingScenes(app);
  const bool selected = ui.selectedScene >= 0 && ui.selectedScene < static_cast<int>(ui.scenes.size());
  ImGui::BeginDisabled(!selected);
  if (ImGui::Button("Open")) openWithPanelParameters(app, ui.scenes[ui.selectedScene].path);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Rescan")) app.rescanScenes();
  ImGui::SameLine();
  ImGui::TextDisabled("parameters from the Scene panel: %s", ui.overrides[0] ? ui.overrides : "none");
  ImGui::End();
}

}  // namespace articulab::gui
