#include <algorithm>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <spdlog/spdlog.h>

#include "app/gui/channel_panes_ui.hpp"
#include "app/gui/panel_geometry.hpp"
#include "app/gui/panels.hpp"

namespace articulab::gui {

namespace {

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                    ImGuiWindowFlags_NoSavedSettings;
// The column's windows are resized by their edges (the drag handles between the 3D view, the
// plots and the controls); the layout keeps what the user chose as shares of the window.
constexpr ImGuiWindowFlags kColumn = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBackground;  // see Workbench::clearPanelBackground

// File > Open recent: the scenes opened last (RecentFiles), most recent first.
void drawRecentMenu(Workbench& app) {
  const std::vector<std::string>& files = app.recentFiles().files();
  if (!ImGui::BeginMenu("Open recent", !files.empty())) return;
  for (const std::string& file : files) {
    if (ImGui::MenuItem(file.c_str())) openWithPanelParameters(app, file);
  }
  ImGui::EndMenu();
}

// Edit: undo and redo of the model edits (parameters, sliders), named by what they change.
void drawEditMenu(Workbench& app) {
  if (!ImGui::BeginMenu("Edit")) return;
  const Snapshot& snap = app.snapshot();
  const std::string undo = snap.undoLabel.empty() ? "Undo" : "Undo " + snap.undoLabel;
  const std::string redo = snap.redoLabel.empty() ? "Redo" : "Redo " + snap.redoLabel;
  std::string error;
  if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, !snap.undoLabel.empty())) error = app.session().edits().undo();
  if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, !snap.redoLabel.empty())) error = app.session().edits().redo();
  if (!error.empty()) app.showError(error);
  ImGui::EndMenu();
}

void drawMenuBar(Workbench& app) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) app.openBrowser(BrowseMode::OpenScene);
    if (ImGui::MenuItem("Browse scenes...")) app.ui().showSceneBrowser = true;
    drawRecentMenu(app);
    if (ImGui::MenuItem("Save scene as...")) app.openBrowser(BrowseMode::SaveScene);
    if (ImGui::MenuItem("Export plots and CSV to...")) app.openBrowser(BrowseMode::ExportPlots);
    ImGui::Separator();
    if (ImGui::MenuItem("Reload scene from disk")) {
      std::string error;
      app.reloadScene(error);
    }
    if (ImGui::MenuItem("Rescan scenes directory")) app.rescanScenes();
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) glfwSetWindowShouldClose(glfwGetCurrentContext(), GLFW_TRUE);
    ImGui::EndMenu();
  }
  drawEditMenu(app);
  drawViewMenu(app);
  if (ImGui::BeginMenu("Help")) {
    if (ImGui::MenuItem("Mouse and keys")) app.ui().showHelp = true;
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
}

void drawControls(Workbench& app, const ImVec2& display, float top) {
  PanelLayout& layout = app.ui().layout;
  const float y = top + layout.plotsHeight;
  ImGui::SetNextWindowPos(ImVec2(display.x - layout.columnWidth, y));
  ImGui::SetNextWindowSize(ImVec2(layout.columnWidth, display.y - y));
  if (ImGui::Begin("Controls", nullptr, kColumn | ImGuiWindowFlags_NoTitleBar)) {
    if (ImGui::CollapsingHeader("Scene", ImGuiTreeNodeFlags_DefaultOpen)) drawScenePanel(app);
    if (ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen)) drawSimulationPanel(app);
    const Snapshot& snap = app.snapshot();
    if (snap.model && !snap.model->muscles.empty() && ImGui::CollapsingHeader("Muscles", ImGuiTreeNodeFlags_DefaultOpen))
      drawMusclesPanel(app);
    if (ImGui::CollapsingHeader("Inspector", ImGuiTreeNodeFlags_DefaultOpen)) drawInspectorPanel(app);
    if (ImGui::CollapsingHeader("Model tree")) drawModelTree(app);
    if (ImGui::CollapsingHeader("Back-end", ImGuiTreeNodeFlags_DefaultOpen)) drawBackendPanel(app);
    if (ImGui::CollapsingHeader("Parameters")) drawParametersPanel(app);
    if (ImGui::CollapsingHeader("Statistics", ImGuiTreeNodeFlags_DefaultOpen)) drawStatisticsPanel(app);
    if (ImGui::CollapsingHeader("Plot window and export", ImGuiTreeNodeFlags_DefaultOpen)) drawPlotControls(app);
    layout.columnWidth = ImGui::GetWindowWidth();  // the user may have dragged the left edge
    layout.plotsHeight = ImGui::GetWindowPos().y - top;  // or the top edge
  }
  ImGui::End();
}

void drawPlotsBand(Workbench& app, const ImVec2& display, float top) {
  PanelLayout& layout = app.ui().layout;
  ImGui::SetNextWindowPos(ImVec2(display.x - layout.columnWidth, top));
  ImGui::SetNextWindowSize(ImVec2(layout.columnWidth, layout.plotsHeight));
  if (ImGui::Begin("Plots and log", nullptr, kColumn | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollWithMouse)) {
    app.ui().plotPanes.clear();
    if (ImGui::BeginTabBar("plots band")) {
      if (ImGui::BeginTabItem("Plots")) {
        drawPlotsPanel(app);
        ImGui::EndTabItem();
      }
      if (ImGui::BeginTabItem("Log")) {
        drawLogPanel(app);
        ImGui::EndTabItem();
      }
      drawPlotPicker(app);
      ImGui::EndTabBar();
    }
    layout.plotsHeight = ImGui::GetWindowHeight();  // the user may have dragged the bottom edge
    layout.columnWidth = ImGui::GetWindowWidth();
  }
  ImGui::End();
}

}  // namespace

ViewRegion viewRegion(float width, float height, bool showPanels, const PanelLayout& layout) {
  if (!showPanels) return {0.0f, 0.0f, width, height};
  const float top = ImGui::GetFrameHeight();
  return panelRects(fitLayout(layout, width, height, top), width, height, top).view;
}

void drawPanels(Workbench& app) {
  drawMenuBar(app);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  float top = ImGui::GetFrameHeight();
  app.ui().layout = fitLayout(app.ui().layout, display.x, display.y, top);
  drawPlotsBand(app, display, top);
  drawControls(app, display, top);
  if (app.ui().showHelp) drawHelpWindow(app);
  if (app.ui().showSceneBrowser) drawSceneBrowser(app);
}

void drawBanner(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  UiState& ui = app.ui();
  const bool error = !ui.banner.empty() || !snap.failure.empty();
  if (!error && ui.notice.empty()) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ViewRegion view = viewRegion(display.x, display.y, ui.showPanels, ui.layout);
  float width = std::min(640.0f, std::max(200.0f, view.width - 40.0f));
  ImGui::SetNextWindowPos(ImVec2(view.x + view.width * 0.5f, view.y + 20.0f), ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowSize(ImVec2(width, 0.0f));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, error ? ImVec4(0.45f, 0.07f, 0.07f, 0.95f) : ImVec4(0.45f, 0.3f, 0.03f, 0.95f));
  ImGui::Begin("##banner", nullptr, kFixed | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_AlwaysAutoResize);
  const std::string& message = !ui.banner.empty() ? ui.banner : error ? snap.failure : ui.notice;
  ImGui::PushTextWrapPos(width - 16.0f);
  ImGui::TextUnformatted(message.c_str());
  ImGui::PopTextWrapPos();
  if (!ui.banner.empty()) {
    if (ImGui::Button("Dismiss")) ui.banner.clear();
  } else if (!error) {
    if (ImGui::Button("Dismiss")) ui.notice.clear();
  } else if (ImGui::Button("Reset simulation")) {
    app.session().reset();
  }
  ImGui::End();
  ImGui::PopStyleColor();
}

void handleShortcuts(Workbench& app) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Q)) glfwSetWindowShouldClose(glfwGetCurrentContext(), GLFW_TRUE);
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_O, false)) app.openBrowser(BrowseMode::OpenScene);
  if (io.KeyCtrl && !io.WantTextInput && ImGui::IsKeyPressed(GLFW_KEY_Z, false)) {
    // Ctrl+Shift+Z redoes too; outside text fields, which have their own undo.
    const std::string error = io.KeyShift ? app.session().edits().redo() : app.session().edits().undo();
    if (!error.empty()) spdlog::info("{}", error);
  }
  if (io.KeyCtrl && !io.WantTextInput && ImGui::IsKeyPressed(GLFW_KEY_Y, false)) {
    const std::string error = app.session().edits().redo();
    if (!error.empty()) spdlog::info("{}", error);
  }
  if (io.WantCaptureKeyboard || io.KeyCtrl) return;
  std::string error;
  if (ImGui::IsKeyPressed(GLFW_KEY_F, false)) app.frameRecentMotion();
  const int presetKeys[] = {GLFW_KEY_1, GLFW_KEY_2, GLFW_KEY_3, GLFW_KEY_4};
  for (int k = 0; k < 4; ++k)
    if (ImGui::IsKeyPressed(presetKeys[k], false)) app.applyCameraPreset(render::kCameraPresets[k]);
  if (ImGui::IsKeyPressed(GLFW_KEY_H, false)) app.ui().showPanels = !app.ui().showPanels;
  if (ImGui::IsKeyPressed(GLFW_KEY_R, false)) app.session().reset();
  if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false) && !app.session().setRunning(!app.snapshot().running, error))
    app.showError(error);
  if (ImGui::IsKeyPressed(GLFW_KEY_PERIOD, true) && !app.session().stepOnce(error)) app.showError(error);
}

void wrappedTooltip(const std::string& text) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * kTooltipWidthEm);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// Sized to its text (every line whole), inside the window.
void drawHelpWindow(Workbench& app) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), viewport->WorkSize);
  ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f,
                                 viewport->WorkPos.y + viewport->WorkSize.y * 0.5f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::Begin("Mouse and keys", &app.ui().showHelp,
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextUnformatted(
        "3D view\n"
        "  left drag                      orbit the camera\n"
        "  middle drag, shift + left drag pan\n"
        "  wheel                          zoom\n"
        "  ctrl + left drag, right drag   grab a body and pull it with a spring\n"
        "  F                              frame the last 3 s of motion\n"
        "  1 2 3 4                        camera front, side, top, iso\n"
        "Simulation\n"
        "  space   play / pause     .   single step     R   reset\n"
        "  Esc     cancel the running step (while \"stepping\" shows)\n"
        "Window\n"
        "  H       hide / show the panels     ctrl + Q   quit\n"
        "  ctrl + O   open a scene file\n"
        "  ctrl + Z   undo the last parameter edit\n"
        "  ctrl + Y, ctrl + shift + Z   redo\n"
        "Plots\n"
        "  wheel   zoom time        shift + wheel   zoom values\n"
        "  drag    pan              double-click    follow + autoscale again");
  }
  ImGui::End();
}

}  // namespace articulab::gui
