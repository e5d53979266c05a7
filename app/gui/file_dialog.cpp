// File > Open..., Save scene as... and Export to...: a small file dialog (Debian's ImGui 1.86 has none) over the
// FileBrowser model: the directory (typed, or Up), its subdirectories and files, a name field,
// and the button that opens the scene, saves it or writes the export.
#include <imgui.h>

#include <cstdio>

#include "app/gui/panels.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

// Refills the text fields when the dialog moved to another directory.
void syncFields(UiState& ui) {
  if (ui.browserShown == ui.browser.directory()) return;
  ui.browserShown = ui.browser.directory();
  std::snprintf(ui.browserDirectory, sizeof ui.browserDirectory, "%s", ui.browser.directory().c_str());
  std::snprintf(ui.browserName, sizeof ui.browserName, "%s", ui.browser.name.c_str());
}

void drawDirectoryRow(UiState& ui) {
  if (ImGui::Button("Up")) ui.browser.enter("..");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::InputText("##directory", ui.browserDirectory, sizeof ui.browserDirectory, ImGuiInputTextFlags_EnterReturnsTrue))
    ui.browser.goTo(ui.browserDirectory);
}

// Returns true when a file was double-clicked (choose it).
bool drawEntries(UiState& ui) {
  bool chosen = false;
  const float height = ImGui::GetContentRegionAvail().y - 2.2f * ImGui::GetFrameHeightWithSpacing();
  if (!ImGui::BeginListBox("##entries", ImVec2(-1.0f, height))) return false;
  std::string enter;
  for (const BrowserEntry& entry : ui.browser.entries()) {
    const std::string label = entry.directory ? entry.name + "/" : entry.name;
    if (entry.directory) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.55f, 0.75f, 1.0f, 1.0f));
    if (ImGui::Selectable(label.c_str(), !entry.directory && ui.browser.name == entry.name,
                          ImGuiSelectableFlags_AllowDoubleClick)) {
      const bool twice = ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
      if (entry.directory && twice) enter = entry.name;
      if (!entry.directory) {
        ui.browser.name = entry.name;
        std::snprintf(ui.browserName, sizeof ui.browserName, "%s", entry.name.c_str());
        chosen = twice;
      }
    }
    if (entry.directory) ImGui::PopStyleColor();
  }
  ImGui::EndListBox();
  if (!enter.empty()) ui.browser.enter(enter);
  return chosen;
}

}  // namespace

void drawFileDialog(Workbench& app) {
  UiState& ui = app.ui();
  if (!ui.browser.isOpen()) return;
  syncFields(ui);
  const bool opening = ui.browser.mode() == BrowseMode::OpenScene;
  const bool saving = ui.browser.mode() == BrowseMode::SaveScene;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(uiPixels(600.0f), uiPixels(440.0f)), ImGuiCond_Appearing);
  bool open = true;
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.09f, 0.10f, 0.12f, 1.0f));  // opaque over the 3D view
  const char* title = opening ? "Open scene" : saving ? "Save scene as" : "Export plots and CSV to";
  if (ImGui::Begin(title, &open, ImGuiWindowFlags_NoSavedSettings)) {
    drawDirectoryRow(ui);
    bool accept = drawEntries(ui);
    ImGui::SetNextItemWidth(uiPixels(-110.0f));
    if (ImGui::InputTextWithHint("##name", opening || saving ? "scene.json" : "base name: BASE.csv, .png, .svg, .pdf",
                                 ui.browserName, sizeof ui.browserName, ImGuiInputTextFlags_EnterReturnsTrue))
      accept = true;
    ui.browser.name = ui.browserName;
    ImGui::SameLine();
    accept |= ImGui::Button(opening ? "Open" : saving ? "Save" : "Export", ImVec2(-1.0f, 0.0f));
    std::string error;
    if (accept) app.acceptBrowser(opening, error);  // a scene loads in the background
    if (ImGui::Button("Cancel")) ui.browser.close();
    if (saving) {
      ImGui::SameLine();
      ImGui::Checkbox("start from the current pose", &ui.saveFromCurrentPose);
    }
    const std::string& problem = !ui.browser.error().empty() ? ui.browser.error() : ui.browserError;
    if (!problem.empty()) {
      ImGui::SameLine();
      ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.45f, 1.0f), "%s", problem.c_str());
    }
  }
  ImGui::End();
  ImGui::PopStyleColor();
  if (!open) ui.browser.close();
}

}  // namespace articulab::gui
