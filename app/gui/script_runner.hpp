// Runs a scripted session (articulab gui --script FILE) on an open Workbench. Scripted time is
// deterministic: each rendered frame advances the simulation by steps-per-frame steps of dt,
// whatever the wall clock does, so two runs of a script give the same numbers.
#pragma once

#include <string>
#include <vector>

#include "app/gui/script.hpp"
#include "app/gui/workbench.hpp"

namespace articulab::gui {

class ScriptRunner {
 public:
  explicit ScriptRunner(Workbench& app) : app_(app) {}
  // Runs the commands in order; stops at the first failure (false, error "FILE:LINE: command: why")
  // or at quit.
  bool run(const std::vector<ScriptCommand>& commands, const std::string& fileName, std::string& error);

 private:
  bool execute(const ScriptCommand& command, std::string& error);
  // One handler per command (see scriptCommands() for the syntax).
  bool load(const ScriptCommand& c, std::string& error);
  bool expectError(const ScriptCommand& c, std::string& error);
  bool reload(const ScriptCommand& c, std::string& error);
  bool backend(const ScriptCommand& c, std::string& error);
  bool compare(const ScriptCommand& c, std::string& error);
  // Comparison runs (script_compare.cpp).
  bool compareAdd(const ScriptCommand& c, std::string& error);
  bool compareRemove(const ScriptCommand& c, std::string& error);
  bool compareMute(const ScriptCommand& c, std::string& error);
  bool compareGhost(const ScriptCommand& c, std::string& error);
  bool compareColour(const ScriptCommand& c, std::string& error);
  bool compareReference(const ScriptCommand& c, std::string& error);
  bool energyView(const ScriptCommand& c, std::string& error);
  bool exportComparison(const ScriptCommand& c, std::string& error);
  // The view of comparison run N (1: the first; with main, 0: the main run), or an error.
  RunView* comparisonView(const std::string& text, bool main, std::string& error);
  bool integrator(const ScriptCommand& c, std::string& error);
  bool driftControl(const ScriptCommand& c, std::string& error);
  bool stepSize(const ScriptCommand& c, std::string& error);
  bool setStepsPerFrame(const ScriptCommand& c, std::string& error);
  bool runFrames(const ScriptCommand& c, std::string& error);
  bool expectDivergence(const ScriptCommand& c, std::string& error);
  bool reset(const ScriptCommand& c, std::string& error);
  bool setJoint(const ScriptCommand& c, std::string& error);
  bool setBody(const ScriptCommand& c, std::string& error);
  bool setCoordinate(const ScriptCommand& c, std::string& error);
  bool setForce(const ScriptCommand& c, std::string& error);
  bool setGravity(const ScriptCommand& c, std::string& error);
  bool setGroundFriction(const ScriptCommand& c, std::string& error);
  bool setMuscle(const ScriptCommand& c, std::string& error);
  bool history(const ScriptCommand& c, std::string& error);
  bool viewable(double seconds, std::string& error);
  bool select(const ScriptCommand& c, std::string& error);
  bool bodyAtPixel(const ScriptCommand& c, std::string& error, double& x, double& y, int& body, std::string& what);
  bool click(const ScriptCommand& c, std::string& error);
  bool hover(const ScriptCommand& c, std::string& error);
  bool exportInspection(const ScriptCommand& c, std::string& error);
  bool muscleColour(const ScriptCommand& c, std::string& error);
  bool setSolverSetting(const ScriptCommand& c, std::string& error);
  bool pull(const ScriptCommand& c, std::string& error);
  bool release(const ScriptCommand& c, std::string& error);
  bool plotWindow(const ScriptCommand& c, std::string& error);
  bool plotAdd(const ScriptCommand& c, std::string& error);  // script_plots.cpp
  bool plotRemove(const ScriptCommand& c, std::string& error);
  bool exportChannels(const ScriptCommand& c, std::string& error);
  bool plotScale(const ScriptCommand& c, std::string& error);
  bool plotExport(const ScriptCommand& c, std::string& error);
  bool overlay(const ScriptCommand& c, std::string& error);
  bool panels(const ScriptCommand& c, std::string& error);
  bool uiScale(const ScriptCommand& c, std::string& error);  // script_layout.cpp
  bool sceneBrowser(const ScriptCommand& c, std::string& error);
  bool exportLayout(const ScriptCommand& c, std::string& error);
  bool camera(const ScriptCommand& c, std::string& error);
  bool cameraPreset(const ScriptCommand& c, std::string& error);
  bool cameraFollow(const ScriptCommand& c, std::string& error);
  bool frame(const ScriptCommand& c, std::string& error);
  bool exportCsv(const ScriptCommand& c, std::string& error);
  bool exportPlots(const ScriptCommand& c, std::string& error);
  bool screenshot(const ScriptCommand& c, std::string& error);
  bool screenshotWindow(const ScriptCommand& c, std::string& error);
  bool quit(const ScriptCommand& c, std::string& error);
  bool record(const ScriptCommand& c, std::string& error);
  bool recordHistory(const video::RecordSettings& settings, std::string& error);
  // Real-time commands (script_live.cpp): the live app with its physics thread.
  bool play(const ScriptCommand& c, std::string& error);
  bool pause(const ScriptCommand& c, std::string& error);
  bool drawFrames(const ScriptCommand& c, std::string& error);
  bool waitSteps(const ScriptCommand& c, std::string& error);
  bool expectBackend(const ScriptCommand& c, std::string& error);
  bool testStepDelay(const ScriptCommand& c, std::string& error);
  // The file dialog and the recent scenes (script_files.cpp).
  bool browse(const ScriptCommand& c, std::string& error);
  bool recent(const ScriptCommand& c, std::string& error);
  bool saveScene(const ScriptCommand& c, std::string& error);
  bool undo(const ScriptCommand& c, std::string& error);
  bool redo(const ScriptCommand& c, std::string& error);

  bool open(const ScriptCommand& c, bool expectFailure, std::string& error);
  bool playFrames(long frames, bool expectDivergence, std::string& error);
  bool frameCount(const std::string& word, long& frames, std::string& error);
  bool capture(const std::string& path, bool withPanels, std::string& error);
  bool onOff(const std::string& word, bool& target, std::string& error);
  long stepsPerFrame() const;

  Workbench& app_;
  long stepsPerFrame_ = 0;  // 0: round(1 / (60 dt))
  bool quit_ = false;
};

}  // namespace articulab::gui
