#include <imgui.h>

#include <sstream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/gui/panels.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

void openWithPanelParameters(Workbench& app, const std::string& path) {
  ParameterOverrides overrides;
  std::string error;
  if (!parseOverridesText(app.ui().overrides, overrides, error)) {
    app.showError(error);
    return;
  }
  app.openSceneInBackground(path, overrides);  // the window keeps drawing while a big model loads
}

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
  if (ImGui::Button("Browse scenes...")) ui.showSceneBrowser = true;
  ImGui::SameLine();
  if (ImGui::Button("Reload from disk")) {
    std::string error;
    app.reloadScene(error);
  }
  ImGui::SameLine();
  if (ImGui::Button("Rescan")) app.rescanScenes();
  ImGui::SetNextItemWidth(uiPixels(-90.0f));  // room for the label at any UI scale
  ImGui::InputTextWithHint("parameters", "n=5 m=2", ui.overrides, sizeof ui.overrides);
  ImGui::SetNextItemWidth(uiPixels(-90.0f));  // room for the label at any UI scale
  bool enter = ImGui::InputTextWithHint("##path", "path/to/scene.json", ui.openPath, sizeof ui.openPath,
                                        ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Open file") || enter) && ui.openPath[0] != '\0') openWithPanelParameters(app, ui.openPath);
}

}  // namespace articulab::gui
