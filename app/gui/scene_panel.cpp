#include <imgui.h>

#include <filesystem>
#include <sstream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/gui/panels.hpp"

namespace articulab::gui {

namespace {

void open(Workbench& app, const std::string& path) {
  ParameterOverrides overrides;
  std::string error;
  if (!parseOverridesText(app.ui().overrides, overrides, error)) {
    app.showError(error);
    return;
  }
  app.openSceneInBackground(path, overrides);  // the window keeps drawing while a big model loads
}

std::string entryLabel(const SceneEntry& scene) {
  std::string file = std::filesystem::path(scene.path).filename().string();
  return scene.loads ? scene.name + "  (" + file + ")" : file + "  (does not load)";
}

void drawSceneList(Workbench& app) {
  UiState& ui = app.ui();
  ImGui::TextDisabled("%s", ui.scenesDir.c_str());
  if (ImGui::BeginListBox("##scenes", ImVec2(-1.0f, 6.5f * ImGui::GetTextLineHeightWithSpacing()))) {
    for (int i = 0; i < static_cast<int>(ui.scenes.size()); ++i) {
      const SceneEntry& scene = ui.scenes[i];
      if (!scene.loads) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.5f, 0.4f, 1.0f));
      if (ImGui::Selectable(entryLabel(scene).c_str(), ui.selectedScene == i, ImGuiSelectableFlags_AllowDoubleClick)) {
        ui.selectedScene = i;
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) open(app, scene.path);
      }
      if (!scene.loads) ImGui::PopStyleColor();
      if (ImGui::IsItemHovered() && !scene.description.empty()) wrappedTooltip(scene.description);
    }
    ImGui::EndListBox();
  }
}

}  // namespace

bool parseOverridesText(const std::string& text, ParameterOverrides& out, std::string& error) {
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    try {
      cli::parseOverride(word, out);
    } catch (const std::exception& e) {
      error = std::string("scene parameters: ") + e.what();
      return false;
    }
  }
  return true;
}

void drawScenePanel(Workbench& app) {
  UiState& ui = app.ui();
  const Snapshot& snap = app.snapshot();
  if (snap.model) {
    ImGui::Text("Scene: %s", snap.model->name.c_str());
    ImGui::TextDisabled("%s", snap.scenePath.c_str());
  } else {
    ImGui::TextUnformatted("No scene is open.");
  }
  drawSceneList(app);
  bool selected = ui.selectedScene >= 0 && ui.selectedScene < static_cast<int>(ui.scenes.size());
  ImGui::BeginDisabled(!selected);
  if (ImGui::Button("Open selected")) open(app, ui.scenes[ui.selectedScene].path);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Reload from disk")) {
    std::string error;
    app.reloadScene(error);
  }
  ImGui::SameLine();
  if (ImGui::Button("Rescan")) app.rescanScenes();
  ImGui::SetNextItemWidth(-90.0f);
  ImGui::InputTextWithHint("parameters", "n=5 m=2", ui.overrides, sizeof ui.overrides);
  ImGui::SetNextItemWidth(-90.0f);
  bool enter = ImGui::InputTextWithHint("##path", "path/to/scene.json", ui.openPath, sizeof ui.openPath,
                                        ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Open file") || enter) && ui.openPath[0] != '\0') open(app, ui.openPath);
}

}  // namespace articulab::gui
