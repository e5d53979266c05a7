// The ImGui panels of the app. Each draws one section and acts on the Workbench.
#pragma once

#include <vector>

#include "app/gui/workbench.hpp"

namespace articulab::gui {

// Menu bar, the control column (scene, simulation, back-end, parameters, statistics) and the
// bottom area (plots, log), laid out to the window size.
void drawPanels(Workbench& app);
// Tooltips wrap at this many font heights (about 70 characters).
constexpr float kTooltipWidthEm = 35.0f;
// The hovered item's tooltip, its text wrapped at kTooltipWidthEm (a scene's description, a
// back-end's reason): long single lines would run off the window.
void wrappedTooltip(const std::string& text);
// The error banner (scene that failed to open, diverged simulation) on top of everything; else
// the notice of what the app changed by itself (a back-end or an integrator it replaced).
void drawBanner(Workbench& app);
// Keyboard shortcuts of the 3D view: space play/pause, period single step, R reset,
// F frame the scene, H hide/show the panels.
void handleShortcuts(Workbench& app);

// The 3D view's part of a width x height window (window pixels, y down): the area below the
// menu bar left of the right-hand column (plots and log over the controls).
ViewRegion viewRegion(float width, float height, bool showPanels, const PanelLayout& layout = {});

// The current scene, "Browse scenes...", the scene parameters and a path to open.
void drawScenePanel(Workbench& app);
// File > Browse scenes...: the scenes directory's scenes, filtered by a search field (name and
// description), opened by a double click or "Open".
void drawSceneBrowser(Workbench& app);
// Opens a scene with the Scene panel's parameters, in the background (the window keeps drawing).
void openWithPanelParameters(Workbench& app, const std::string& path);
// The Scene panel's parameter field, "n=5 m=2", into overrides; false with a message on a
// malformed entry.
bool parseOverridesText(const std::string& text, ParameterOverrides& out, std::string& error);
// File > Open... and Export to...: the file dialog (ui().browser) as a modal window.
void drawFileDialog(Workbench& app);
void drawSimulationPanel(Workbench& app);
void drawBackendPanel(Workbench& app);
void drawParametersPanel(Workbench& app);
void drawStatisticsPanel(Workbench& app);
// Scenes with muscles: one excitation slider per muscle (held constant through the model-edit
// path, or back to the scene's schedule) and its activation, force, length and velocity.
void drawMusclesPanel(Workbench& app);
// Above the plots of a scene with muscles: which quantity and which muscles the muscle plot shows.
void drawMusclePlotChooser(Workbench& app);
// In the 3D view: what the muscles' colour (activation or f / f_opt), width and dots mean.
void drawMuscleLegend(Workbench& app);
// Along the bottom of the 3D view: the history timeline (scrub, play back and forth, step a
// keyframe, resume from the one shown, back to live), kTimelineHeight pixels tall at UI scale 1.
constexpr float kTimelineHeight = 34.0f;
inline float timelineHeight(const PanelLayout& layout) { return kTimelineHeight * layout.scale; }
void drawTimeline(Workbench& app);
// In the timeline: the record button (opens the record window; stops a running recording) and,
// while recording, the frames written (tooltip: the whole path).
void drawRecordButton(Workbench& app);
// The record window: frame rate, size, output path, view or whole window, video or PNG
// sequence; start and stop, the status line with the whole path, and errors.
void drawRecordWindow(Workbench& app);
// The selected body (click it in the 3D view, or pick it in the model tree): its mass,
// inertia, pose, twist, kinetic energy, the forces on it and its joint's coordinates.
void drawInspectorPanel(Workbench& app);
// Bodies (as the joint tree), loop closures, force elements and muscles; a body selects it.
void drawModelTree(Workbench& app);
void drawPlotsPanel(Workbench& app);
// Plot window, pause, autoscale and the export buttons.
void drawPlotControls(Workbench& app);
void drawLogPanel(Workbench& app);
void drawViewMenu(Workbench& app);
void drawHelpWindow(Workbench& app);

}  // namespace articulab::gui
