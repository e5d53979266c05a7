// Script commands of the window's layout: the UI scale (View > UI scale), the scene browser
// (File > Browse scenes...) and the areas the panels take, for the layout checks.
#include <imgui.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "app/gui/panel_geometry.hpp"
#include "app/gui/script_runner.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

void writeRect(std::ostream& out, const char* name, const ViewRegion& r, float width, float height) {
  char line[256];
  std::snprintf(line, sizeof line,
                "  \"%s\": {\"x\": %.0f, \"y\": %.0f, \"width\": %.0f, \"height\": %.0f, \"width_share\": %.4f, "
                "\"height_share\": %.4f}",
                name, r.x, r.y, r.width, r.height, r.width / width, r.height / height);
  out << line;
}

std::string rectJson(const ScreenRect& r) {
  char text[160];
  std::snprintf(text, sizeof text, "{\"x\": %.0f, \"y\": %.0f, \"width\": %.0f, \"height\": %.0f}", r.min.x, r.min.y,
                r.max.x - r.min.x, r.max.y - r.min.y);
  return text;
}

// Each plot pane as drawn: the pane, its title, its graph (inside the axes) and the box around
// its tick labels and axis titles.
void writePanes(std::ostream& out, const std::vector<PaneRects>& panes) {
  out << "  \"plot_panes\": [";
  for (std::size_t i = 0; i < panes.size(); ++i) {
    const PaneRects& p = panes[i];
    out << (i ? ",\n" : "\n") << "    {\"pane\": " << rectJson(p.pane) << ", \"title\": " << rectJson(p.title)
        << ",\n     \"graph\": " << rectJson(p.graph) << ", \"labels\": " << rectJson(p.labels) << "}";
  }
  out << "\n  ]";
}

}  // namespace

bool ScriptRunner::uiScale(const ScriptCommand& c, std::string& error) {
  double scale = 0.0;
  if (c.args[0] == "monitor") {
    app_.ui().uiScale = 0.0f;
    return true;
  }
  if (!parseScriptNumber(c.args[0], scale) || scale < kMinUiScale || scale > kMaxUiScale) {
    error = "expected 'monitor' or a scale in [0.5, 3], got '" + c.args[0] + "'";
    return false;
  }
  app_.ui().uiScale = static_cast<float>(scale);
  return true;
}

bool ScriptRunner::sceneBrowser(const ScriptCommand& c, std::string& error) {
  if (!onOff(c.args[0], app_.ui().showSceneBrowser, error)) return false;
  std::string search;
  for (std::size_t i = 1; i < c.args.size(); ++i) search += (i > 1 ? " " : "") + c.args[i];
  if (search.size() >= sizeof app_.ui().sceneSearch) {
    error = "the search text is longer than the field (" +
            std::to_string(sizeof app_.ui().sceneSearch - 1) + " characters)";
    return false;
  }
  std::snprintf(app_.ui().sceneSearch, sizeof app_.ui().sceneSearch, "%s", search.c_str());
  return true;
}

// The areas of the last frame drawn (pixels and shares of the window) and the plot panes in
// the plots area, as JSON.
bool ScriptRunner::exportLayout(const ScriptCommand& c, std::string& error) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const UiState& ui = app_.ui();
  const float top = ui.showPanels ? ImGui::GetFrameHeight() : 0.0f;
  PanelRects rects = panelRects(ui.layout, display.x, display.y, top);
  if (!ui.showPanels) rects = {{0.0f, 0.0f, display.x, display.y}, {}, {}};
  std::ofstream out(c.args[0]);
  char head[160];
  std::snprintf(head, sizeof head, "{\n  \"window\": [%.0f, %.0f],\n  \"menu_height\": %.0f,\n  \"ui_scale\": %.3f,\n",
                display.x, display.y, top, ui.layout.scale);
  out << head;
  writeRect(out, "view", rects.view, display.x, display.y);
  out << ",\n";
  writeRect(out, "plots", rects.plots, display.x, display.y);
  out << ",\n";
  writeRect(out, "controls", rects.controls, display.x, display.y);
  out << ",\n";
  writePanes(out, ui.showPanels ? ui.plotPanes : std::vector<PaneRects>{});
  out << "\n}\n";
  out.close();
  if (out) return true;
  error = "cannot write " + c.args[0];
  return false;
}

}  // namespace articulab::gui
