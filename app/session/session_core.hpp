// What the parts of a live session (session.hpp: the physics thread, scene files, run choices,
// live edits, history) share, and the one lock that guards it. The runs (live_runs.hpp) belong
// to whoever holds the lock while no step runs, and to the physics thread between
// commands.beginStep() and endStep(), when it steps them without the lock; everyone else reads
// the copies published after each step and each change (published, setup), so the UI never
// waits for a step. Commands that touch the runs while a step runs wait in the command queue and
// run right after it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "app/session/command_queue.hpp"
#include "app/session/edit_history.hpp"
#include "app/session/live_runs.hpp"
#include "app/session/sampled_series.hpp"
#include "app/session/snapshot.hpp"
#include "app/session/state_history.hpp"
#include "engine/io/scene_loader.hpp"

namespace articulab::session {

// The main run's model and plan as the last change left them, with what the integrator box
// offers: read while a step runs (the run's own may not be).
struct PublishedSetup {
  std::shared_ptr<const Model> model;
  RunPlan plan;
  std::vector<IntegratorOffer> offers;
  bool controlsDrift = false;
  std::vector<std::string> names;                  // LiveRuns::names
  std::vector<std::string> comparisonLabels;       // runLabel of each comparison's plan ("" when it has none)
  std::vector<RunNameParts> comparisonParts;       // back-end, integrator and step of each comparison
};

struct SessionCore {
  // Everything below is guarded by mutex.
  mutable std::mutex mutex;
  std::condition_variable wake;       // for the physics thread: play, a single step, quit
  std::condition_variable stepEnded;  // a step ended, the physics thread did, or a background load
  CommandQueue commands;
  LiveRuns runs;
  PublishedSetup setup;
  State published;                    // the main run's state after the last step or change
  std::vector<State> publishedCompared;  // the comparison runs', in the runs' order
  ComparisonFloors floors;               // of the main run, after the last step

  SampledSeries samples;
  StateHistory history;
  long keyframeEvery = 1;  // steps between keyframes (keyframeEvery(dt))
  long viewing = -1;       // the keyframe shown instead of the live state; -1: live
  EditHistory edits;       // undo and redo of the edits since the scene was opened
  std::shared_ptr<const Model> sceneModel;  // the model as loaded, before the edits

  std::string scenePath;
  ParameterOverrides overrides;
  std::uint64_t sceneVersion = 0, modelVersion = 0;
  bool running = false;
  std::string failure;  // why the session paused itself; play is refused until Reset
  std::string notice;   // what the app changed by itself, last (Snapshot::notice)
  std::uint64_t noticeVersion = 0;
  bool blowUpNoticed = false;  // the main run's blow-up (RunMonitor::blowUp) is in a notice
  std::string slowWarning;
  std::vector<std::string> planNotes;  // the main run's RunPlan::notes last posted as a notice
  double speed = 1.0;
  double debt = 0.0;  // simulated seconds owed to the wall clock

  SessionStats stats;
  StatsWindow window;
  std::chrono::steady_clock::time_point stepStarted;
  double testStepDelay = 0.0;
  bool quit = false, threadDone = true;
  int stepRequests = 0;  // single steps asked for while paused

  std::string loadingPath;  // the scene being opened in the background; empty when none
  bool loadFinished = false;  // its result waits for takeLoadResult
  std::string loadError;

  // The helpers below take the lock as held.
  // Runs the command now when no step is running (returning its error), else after the step
  // (its error then goes to the log; announce says in the log that it waits). The published
  // state follows either way.
  std::string commandLocked(const std::string& what, std::function<std::string()> command, bool announce = true);
  // After a step (thrown: the exception a step threw, else empty): statistics, comparisons that
  // failed stopped, the keyframe and the sample due, and a divergence pauses the session with a
  // message naming the back-end, the integrator, the step and the quantity. False when it did.
  bool finishStepLocked(const std::string& thrown);
  // Steps the runs once on the calling thread; as finishStepLocked.
  bool stepHereLocked();
  // Every run back to its initial state, the series and the history started again.
  void restartLocked();
  void recordKeyframeLocked();
  void publishStatesLocked();
  // After the main run's plan or model changed: the published setup, the sample and keyframe
  // intervals of its dt, the slow-step warning, the plot segment and the app's notices.
  void publishSetupLocked();
  void noticeBlowUpLocked(const Run& main);
  void postNoticeLocked(const std::string& text);
  void postPlanNotesLocked(const RunPlan& plan);
  void snapshotLocked(Snapshot& out) const;
};

// Steps the runs; the message of an exception a step threw ("the step failed: ..."), else empty.
std::string stepRuns(LiveRuns& runs);

}  // namespace articulab::session
