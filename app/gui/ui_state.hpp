// What the panels remember between frames: text fields, rejected values, plot views, the
// error banner. Owned by the Workbench, edited by the panels.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "app/gui/plot_widget.hpp"
#include "render/overlays.hpp"

namespace articulab::gui {

struct SceneEntry {
  std::string path;
  std::string name;         // from the file; empty when it does not load
  std::string description;  // or the loader's message when it does not load
  bool loads = false;
};

// A number field: the value being typed, and why the last committed value was refused.
struct FieldEdit {
  double pending = 0.0;
  bool active = false;
  std::string error;
};

// The right-hand column: plots and log on top, controls below; both sizes follow the mouse
// when the user drags the column's left edge or the plots' bottom edge. The 3D view gets the
// rest (at 1280x720: 860 x 699 pixels, 65 % of the window).
struct PanelLayout {
  float columnWidth = 420.0f;  // pixels
  float plotsHeight = 370.0f;  // pixels
};

struct UiState {
  std::vector<SceneEntry> scenes;
  std::string scenesDir;
  int selectedScene = -1;
  char openPath[512] = "";
  char overrides[256] = "";
  std::string banner;  // error shown at the top of the window until dismissed
  std::map<std::string, FieldEdit> fields;
  char exportBase[512] = "articulab_export";
  std::string exportStatus;
  std::vector<PlotView> plotViews;
  double plotWindow = 10.0;  // s
  bool plotsPaused = false;
  bool showPanels = true;
  PanelLayout layout;
  bool showHelp = false;
  bool logAutoScroll = true;
  render::Overlays overlays;
};

}  // namespace articulab::gui
