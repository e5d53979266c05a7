// What the panels remember between frames: text fields, rejected values, plot views, the
// error banner. Owned by the Workbench, edited by the panels.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "app/gui/file_browser.hpp"
#include "app/gui/plot_widget.hpp"
#include "engine/forces/muscle_readings.hpp"
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

// The right-hand column: plots and log on top, controls below. Its width and the plots' height
// are shares of the window, so both grow with it (panel_geometry.hpp fits them each frame); the
// user changes them by dragging the column's left edge or the plots' bottom edge, and the shares
// are kept between sessions (preferences.hpp). At 1280x720 and 1920x1080: a 420 px column (the
// controls' minimum), plots of 370 and 561 px; the 3D view has 860 x 699 px at 1280x720.
struct PanelLayout {
  float columnShare = 0.21875f;  // of the window's width
  float plotsShare = 0.53f;      // of the height below the menu bar
  float scale = 1.0f;            // the UI scale in use: the minimum sizes grow with it
  float columnWidth = -1.0f;     // pixels this frame (-1: not fitted yet)
  float plotsHeight = -1.0f;     // pixels this frame
  // What the fit set last; a width or height that differs was dragged (or asked for) since.
  float fittedColumnWidth = -1.0f, fittedPlotsHeight = -1.0f;
};

// The plots of a scene with muscles: the energy plot (with the muscle work and E - W), the
// drift plot when asked for, and the muscle plot of one quantity for the muscles not hidden.
struct MusclePlotChoice {
  MusclePlot plot = MusclePlot::Force;
  std::vector<bool> hidden;  // per muscle; entries past the end are shown
  bool showDrift = false;    // the constraint drift plot as well
};

// Playing the history back: direction -1 (backwards), 0 (still) or +1, at speed times real time.
struct HistoryPlayback {
  int direction = 0;
  double speed = 1.0;
};

// The record window (record_panel.cpp): its fields, kept while it is closed.
struct RecordForm {
  bool open = false;
  char path[512] = "";    // empty: the default, SCENE_YYYYMMDD-HHMMSS.mp4 in the current directory
  char pngDir[512] = "";  // with png: the directory of the PNG sequence
  int fps = 30;
  int width = 0, height = 0;  // 0: the view's (or window's) size rounded down to even
  bool wholeWindow = false;
  bool png = false;           // a PNG sequence instead of the video
};

// How a run of a comparison is shown (ComparisonView::id; 0: the main run): its colour in every
// plot, legend, figure and ghost; muted runs are left out of the plots, legends and the 3D view
// (they keep running); a ghost is drawn over the main run's bodies.
struct RunView {
  Colour colour{0.0f, 0.0f, 0.0f};
  bool muted = false;
  bool ghost = true;
};

// The comparison panel's form for another run (run_spec.hpp).
struct ComparisonForm {
  char spec[160] = "";
  std::string error;
};

struct UiState {
  std::vector<SceneEntry> scenes;
  std::string scenesDir;
  int selectedScene = -1;
  char openPath[512] = "";
  char overrides[256] = "";
  std::string banner;  // error shown at the top of the window until dismissed
  std::string notice;  // what the app changed by itself (Snapshot::notice), shown the same way in amber
  std::map<std::string, FieldEdit> fields;
  char exportBase[512] = "articulab_export";
  std::string exportStatus;
  std::vector<PlotView> plotViews;
  std::vector<PaneRects> plotPanes;  // where the plots panel drew each pane last frame (export-layout)
  double plotWindow = 10.0;  // s
  bool plotsPaused = false;
  MusclePlotChoice musclePlot;
  std::map<std::uint64_t, RunView> runViews;  // by ComparisonView::id (0: the main run)
  ComparisonForm comparisonForm;
  // The energy plot's view: absolute (kinetic, potential, total), E - E0 or |E - E0| / K_max;
  // until chosen, relative while comparing and absolute otherwise.
  bool energyViewChosen = false;
  EnergyView energyView = EnergyView::Absolute;
  std::vector<MuscleReading> muscleReadings;  // the Muscles panel's, kept to reuse the storage
  bool showPanels = true;
  PanelLayout layout;
  float uiScale = 0.0f;  // View > UI scale: fonts and widgets; 0 is the monitor's content scale
  bool showSceneBrowser = false;  // File > Browse scenes...
  char sceneSearch[128] = "";     // its search field: words found in a scene's name or description
  bool showHelp = false;
  bool logAutoScroll = true;
  render::Overlays overlays;
  HistoryPlayback playback;
  RecordForm record;
  std::vector<int> treeDepths;  // the model tree's, kept to reuse the storage
  FileBrowser browser;          // File > Open... and Export to...
  std::string browserError;     // why the dialog's last choice was refused
  char browserDirectory[512] = "";  // the dialog's directory field
  char browserName[256] = "";       // its file name field
  std::string browserShown;         // the directory those fields were filled from
  std::string poseRefusal;          // why the inspector's last joint slider edit was refused
  bool saveFromCurrentPose = false;  // File > Save scene as: the current q, qdot become q0, qd0
  std::string overwriteAsked;        // the existing file Save was pressed on once; a second press overwrites it
};

}  // namespace articulab::gui
