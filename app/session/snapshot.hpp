// What the UI draws and shows of a live session, copied under its lock (Session::snapshot):
// published copies of the runs' states, never the runs themselves, so the UI never waits for a
// step.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/session/comparison_series.hpp"
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

// A comparison run as the UI shows it (live_runs.hpp).
struct ComparisonView {
  std::uint64_t id = 0;   // the run's identity for its colour, ghost and mute (ComparisonRun::id)
  std::string name;       // in the comparison series' columns
  std::string label;      // "baraff semi-implicit, dt 0.001 s"
  std::string spec;       // as asked
  std::string backend, integrator;  // as it runs now
  double dt = 0.0;                  // s
  std::vector<Segment> stretches;   // what it ran with from when (ComparisonRun::stretches)
  std::string note;       // why it stopped; empty while it runs
  bool running = false;   // state holds its state
  State state;
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
  // Every comparison run (compareBackend, compareNote and compareState repeat the first's), the
  // main run's name and label, and the run the differences are taken against (0: the main run,
  // i + 1: comparisons[i]).
  std::vector<ComparisonView> comparisons;
  std::string mainName, mainLabel;
  std::size_t reference = 0;
  bool controlsDrift = false;  // the drift control acts on the main run (Run::controlsDrift)
  ComparisonFloors floors;     // the machine-precision floors of the main run (comparison_series.hpp)
  std::uint64_t sceneVersion = 0;     // changes when another scene (or the same file again) is opened
  double stepInProgressSeconds = 0.0;  // how long the running step has taken so far; 0 between steps
  std::vector<std::string> queuedCommands;  // what waits for the running step to end, in order
  std::string slowStepWarning;         // estimated slow step (slowStepWarning()); empty when it is not
  std::string loadingPath;             // the scene being opened in the background; empty when none
  HistoryView history;
  std::uint64_t previousRunVersion = 0;  // changes when Reset keeps a finished run or it is cleared
  std::string undoLabel, redoLabel;      // the edit Undo / Redo would take back or do again; empty: none
};

}  // namespace articulab::session
