// What the UI draws and shows of a live session, copied under its lock (Session::snapshot):
// published copies of the runs' states, never the runs themselves, so the UI never waits for a
// step.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/session/state_history.hpp"
#include "app/session/step_statistics.hpp"
#include "engine/multibody/state.hpp"
#include "engine/solvers/solver.hpp"

namespace articulab::session {

// An integrator of the current back-end, for the integrator box: why it cannot be chosen on
// this scene (empty when it can).
struct IntegratorOffer {
  Integrator integrator;
  std::string description;
  std::string unavailable;
};

// The history's extent, and the keyframe shown while the user scrubs it (state_history.hpp).
struct HistoryView {
  std::size_t keyframes = 0;
  double firstTime = 0.0, lastTime = 0.0;  // s
  double megabytes = 0.0;                  // held
  double capMegabytes = kDefaultHistoryMegabytes, capSeconds = kDefaultHistorySeconds;
  bool viewing = false;                    // the snapshot's state is the keyframe at viewTime
  double viewTime = 0.0;                   // s
};

struct Snapshot {
  std::shared_ptr<const Model> model;
  std::shared_ptr<const Model> sceneModel;  // the model as the scene file gave it, before any edit
  std::uint64_t modelVersion = 0;  // changes when the model is replaced or edited
  State state;
  std::string scenePath;
  std::string backend;
  Integrator integrator = Integrator::LinearlyImplicitEuler;
  std::vector<IntegratorOffer> integrators;  // what the current back-end offers
  BackendSettings solverSettings;  // the running back-end's settings (the scene's and the edits)
  std::vector<SettingValue> sceneSettings;  // every back-end's, as a saved scene states them (sceneSettingValues)
  double dt = 1e-3;
  double speed = 1.0;
  bool running = false;
  SessionStats stats;
  std::string failure;  // why the simulation paused itself; empty when it did not
  std::vector<std::string> backendWarnings;
  // What the app changed by itself (a back-end that cannot run the scene replaced on opening
  // it, an integrator a back-end switch or a comparison could not keep), for the banner; the
  // latest, and a count that changes with each.
  std::string notice;
  std::uint64_t noticeVersion = 0;
  std::string compareBackend;  // back-end of the comparison run; empty when there is none
  std::string compareNote;     // why the comparison run stopped; empty while it runs
  std::vector<Vector3> contactPoints;  // where the last step pressed bodies on the ground, m (State::outputs)
  bool compareRunning = false;  // compareState holds the comparison run's state
  State compareState;
  std::uint64_t sceneVersion = 0;     // changes when another scene (or the same file again) is opened
  double stepInProgressSeconds = 0.0;  // how long the running step has taken so far; 0 between steps
  std::size_t queuedCommands = 0;      // commands waiting for the running step to end
  std::string slowStepWarning;         // estimated slow step (slowStepWarning()); empty when it is not
  std::string loadingPath;             // the scene being opened in the background; empty when none
  HistoryView history;
  std::uint64_t previousRunVersion = 0;  // changes when Reset keeps a finished run or it is cleared
  std::string undoLabel, redoLabel;      // the edit Undo / Redo would take back or do again; empty: none
};

}  // namespace articulab::session
