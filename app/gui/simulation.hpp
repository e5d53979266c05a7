// The running simulation: the GUI's own copy of the model, the state, the solver, and the
// physics thread that steps them in real time (times a speed multiplier).
// The physics thread steps a working copy of the state without holding the lock and publishes
// it after each step (a double buffer swapped under a short lock), so the UI never waits for a
// step: it copies the latest published Snapshot. Commands (play, edit, switch back-end, load)
// take the lock briefly; those that touch the solver or the state wait in a queue while a step
// runs and take effect right after it (command_queue.hpp).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/gui/command_queue.hpp"
#include "app/gui/edit_history.hpp"
#include "app/gui/model_edits.hpp"
#include "app/gui/state_history.hpp"
#include "app/gui/time_series.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab::gui {

class ChannelRecording;

struct SimulationStats {
  double stepSeconds = 0.0;     // mean wall time of one step over the last window, s
  double stepsPerSecond = 0.0;  // steps taken per wall-clock second
  double realTimeFactor = 0.0;  // simulated seconds per wall-clock second
  int iterations = -1;          // solver iterations of the last step; -1 when the back-end does not iterate
  double residual = 0.0;        // final residual of that iterative solve (State::outputs)
  int contactIterations = 0;    // staggered-projection iterations of the last step (0: no friction solve)
  double contactChange = 0.0;   // their last relative change of the contact force
  double lastStepSeconds = 0.0;  // wall time of the last step taken by the physics thread, s
};

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

// What the UI draws and shows; copied under the lock.
struct Snapshot {
  std::shared_ptr<const Model> model;
  std::shared_ptr<const Model> sceneModel;  // the model as the scene file gave it, before any edit
  std::uint64_t modelVersion = 0;  // changes when the model is replaced or edited
  State state;
  std::string scenePath;
  std::string backend;
  Integrator integrator = Integrator::LinearlyImplicitEuler;
  std::vector<IntegratorOffer> integrators;  // what the current back-end offers
  double dt = 1e-3;
  double speed = 1.0;
  bool running = false;
  SimulationStats stats;
  std::string failure;  // why the simulation paused itself; empty when it did not
  std::vector<std::string> backendWarnings;
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

class Simulation {
 public:
  Simulation();
  ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  // Loads a scene; on failure returns false with the loader's message and keeps the current
  // scene running. preferredBackend (if not empty) is used instead of the scene's default.
  // The model and its solver are built on the calling thread; while a step runs, the new scene
  // replaces the old one right after it.
  bool load(const std::string& path, const ParameterOverrides& overrides, const std::string& preferredBackend,
            std::string& error);
  // The size limits of every scene load() opens (set once, before the first load).
  void setSceneLimits(const SceneLimits& limits) { sceneLimits_ = limits; }
  // Loads the current scene file again (discarding live edits).
  bool reload(std::string& error);
  // load() on a thread of its own, so that the window keeps drawing while a big model's solver
  // is built (seconds for thousands of bodies); takeLoadResult() gives the outcome. False (with
  // the reason) while another scene is still being opened.
  bool loadInBackground(const std::string& path, const ParameterOverrides& overrides, std::string& error);
  // True once after a background load ended, with its error (empty when the scene opened).
  bool takeLoadResult(std::string& error);
  bool hasModel() const;

  void startThread();
  // Stops the physics thread after its current step. When that step has not ended within
  // graceSeconds the thread is detached and false returned: the caller must then keep this
  // object alive (see Workbench::stopSimulation).
  bool stopThread(double graceSeconds = -1.0);
  // Test hook: each step of the physics thread takes at least this much longer (s), so that
  // tests of the live app get a slow step without a huge model.
  void setTestStepDelay(double seconds);

  // Play/pause. Refuses to play (returns false) after a failure until reset().
  bool setRunning(bool running, std::string& error);
  // One step while paused (taken by the physics thread when it runs, else now).
  bool stepOnce(std::string& error);
  // Back to the model's initial state (with the current edits), clearing the recorded series.
  void reset();
  // Steps n times now, on the calling thread (scripted sessions; waits for a running step of
  // the physics thread to end first); false after a failure.
  bool advance(long steps, std::string& error);

  bool setSpeed(double multiplier, std::string& error);
  bool setStepSize(double seconds, std::string& error);
  bool setBackend(const std::string& name, std::string& error);
  // Runs a second simulation of the same scene on another back-end in lockstep (same step
  // size, integrator, edits and mouse pull), restarting both from the initial state, so that
  // their energy and drift share the plots. "" or "off" ends it. False (with the reason) when
  // the back-end is unknown or cannot run the scene.
  bool setComparison(const std::string& backend, std::string& error);
  // Switches the integrator; refused (with the reason, naming the offered ones) when the
  // back-end does not offer it or cannot use it on the scene. A comparison back-end that does
  // not offer it keeps its own with a note. Empty on success.
  std::string setIntegrator(Integrator integrator);
  std::string editJoint(int joint, JointField field, double value, int coordinate = 0);
  std::string editBodyMass(int body, double mass);
  std::string editForce(int element, ForceField field, double value, int coordinate = 0);
  std::string editGravity(const Vector3& gravity);
  std::string editGroundFriction(double mu);
  std::string editBodyFriction(int body, double mu);
  std::string editDriftControl(DriftControl drift, double alpha, double beta);
  // A setting of the running back-end (registry), e.g. "gmres-tolerance".
  std::string editSolverSetting(const std::string& name, double value);
  // The muscle's excitation becomes the constant u in [0, 1] from the next step on (refused
  // outside it); announce: say in the log when it waits for the running step (off for a slider
  // being dragged).
  std::string editMuscleExcitation(int muscle, double excitation, bool announce = true);
  // Back to the excitation schedule of the scene file.
  std::string restoreMuscleSchedule(int muscle);
  // Joint sliders of a paused run: coordinate `coordinate` of joint `joint` becomes `value` (rad
  // or m), the loops re-closed by moving the other coordinates as little as they must
  // (engine/constraints/loop_closing.hpp), and the run goes on from that pose at rest. Refused
  // with the reason while playing, while a keyframe is shown, outside the joint's limits, or
  // where the loops cannot close.
  std::string setJointCoordinate(int joint, int coordinate, double value);
  static constexpr double kLoopClosingTolerance = 1e-12;  // m (rad for hinge rows)
  // Takes back the last edit of the model (any of the edit* above) or does the last undone one
  // again; the state goes on from where it is. "nothing to undo" / "nothing to redo" otherwise.
  std::string undoEdit();
  std::string redoEdit();

  // Mouse pull; body -1 releases it.
  void setPerturbation(const Perturbation& perturbation);

  // History (simulation_history.cpp). Shows the keyframe at or before time t instead of the
  // live state, pausing the run; false (with the reason) without a history.
  bool viewHistory(double t, std::string& error);
  // Shows the live state again.
  void viewLive();
  // Continues the run from the keyframe shown: the state, the comparison run and the muscle work
  // as they were then; the keyframes and samples after it are dropped. False when none is shown.
  bool resumeFromHistory(std::string& error);
  // Memory cap (MB, > 0) and length (s, 0: the whole run); clears the history.
  bool setHistoryLimits(double megabytes, double seconds, std::string& error);

  void snapshot(Snapshot& out) const;
  // Copies the samples recorded since the last call into dest (see TimeSeries::appendNewRows).
  void copySamples(TimeSeries& dest, std::uint64_t& consumed, std::uint64_t& generation) const;
  // Copies the whole recorded history.
  TimeSeries samples() const;
  // The series of the run before the last Reset (Reset keeps it for the plots until cleared;
  // opening a scene clears it); empty when there is none.
  TimeSeries previousRun() const;
  void clearPreviousRun();
  // Evaluates the recording's channels at the keyframes it has not seen yet (all of them after a
  // Reset, a resume, another scene or a change of its channels; simulation_channels.cpp).
  void updateChannels(ChannelRecording& recording) const;

 private:
  static constexpr double kSamplePeriod = 1e-3;  // s of simulated time between recorded samples (at least one step)

  // What one step of both runs gave: computed without the lock on the physics thread.
  struct StepOutcome {
    StepStatus status;
    EnergyReport energy;
    std::string problem;         // why the main run diverged; empty when it did not
    std::string compareProblem;  // the same for the comparison run
    bool compareFailed = false;  // the comparison's step itself reported failure
    // The muscles' power at the end of the step with the activations the step held (those
    // before it): with the power at its start, the trapezoidal rule of the work it did.
    double heldMusclePower = 0.0;
  };
  // A prepared scene: the model with its back-end, integrator and solver, built before the lock.
  struct PreparedScene;

  void physicsLoop();
  void runBatch(std::unique_lock<std::mutex>& lock, double wallSeconds);
  // One step on the physics thread: steps copies of the states without the lock, publishes them,
  // then runs the commands that came meanwhile. False when the step diverged.
  bool stepUnlocked(std::unique_lock<std::mutex>& lock);
  // Steps the state (and the comparison's) by dt with the current solvers; no member changes.
  StepOutcome stepStates(State& state, State& compareState, double dt) const;
  bool finishStepLocked(const StepOutcome& outcome);
  std::string divergenceLocked(const StepStatus& status, const State& state, const EnergyReport& energy) const;
  void stopComparisonLocked(const std::string& why);
  // Runs the command now when no step is running (returning its error), else after the step
  // (its error then goes to the log; announce says in the log that it waits).
  std::string commandLocked(const std::string& what, std::function<std::string()> command, bool announce = true);
  void installSceneLocked(PreparedScene& scene);
  void refreshSlowWarningLocked();
  // The integrator in use if the back-end offers it and runs the model with it, else the
  // back-end's default with a warning; and the back-end's support.
  SceneIntegratorChoice choiceLocked(const BackendInfo& info) const;
  void refreshOffersLocked();
  // A solver for the comparison back-end on the current model; false (with a note) if it cannot.
  bool createComparisonLocked();
  void restartLocked();
  void recordSampleLocked(const EnergyReport& energy);
  // The channels of the recorded series: standard, the comparison's while there is one, the muscles'.
  std::vector<Channel> channelsLocked() const;
  void resetReferenceEnergyLocked();
  void updateStatsLocked(double wallSeconds, double simSeconds, long steps, double stepWallSeconds);
  static const BackendInfo* chooseBackend(const Model& model, const std::string& backend, std::string& error);
  static std::string prepareScene(std::shared_ptr<Model> model, const std::string& backend, PreparedScene& out);
  std::string editModelLocked(const std::function<std::string(Model&)>& edit, const std::string& what, bool merge);
  std::string installModelLocked(std::shared_ptr<const Model> model);
  void setPoseLocked(const VectorX& q);
  std::string travelEdits(bool forward);
  std::string editModel(const std::string& what, std::function<std::string(Model&)> edit, bool announce = true);
  // The muscle work W (integral of the muscle power, trapezoidal rule over the steps) after a step.
  void accumulateMuscleWorkLocked(const StepOutcome& outcome);
  void recordKeyframeLocked();
  void resumeLocked(std::size_t keyframe);
  void restartChannelsLocked(ChannelRecording& recording) const;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable stepEnded_;  // a step of the physics thread ended, or the thread did
  std::thread thread_;
  bool quit_ = false;
  bool threadDone_ = true;
  CommandQueue commands_;
  State work_, compareWork_;  // what the physics thread steps while a step runs
  mutable VectorX heldActivations_;  // the activations a step holds (stepStates: one step at a time)
  std::chrono::steady_clock::time_point stepStarted_;
  int stepRequests_ = 0;  // single steps asked for while paused
  double testStepDelay_ = 0.0;
  std::uint64_t sceneVersion_ = 0;
  std::string slowWarning_;
  std::thread loader_;         // loadInBackground's thread
  std::string loadingPath_;    // non-empty while it runs
  bool loadFinished_ = false;  // its result waits for takeLoadResult
  std::string loadError_;

  std::shared_ptr<const Model> model_;
  std::shared_ptr<const Model> sceneModel_;  // model_ as loaded, before the edits
  EditHistory edits_;                        // undo and redo of the edits since the load
  std::uint64_t modelVersion_ = 0;
  std::unique_ptr<Solver> solver_;
  const BackendInfo* backendInfo_ = nullptr;
  State state_;
  std::string scenePath_;
  ParameterOverrides overrides_;
  SceneLimits sceneLimits_;
  Integrator integrator_ = Integrator::LinearlyImplicitEuler;
  Integrator compareIntegrator_;  // the comparison run's: integrator_ when its back-end offers it
  std::vector<IntegratorOffer> offers_;
  double dt_ = 1e-3;
  double speed_ = 1.0;
  bool running_ = false;
  std::string failure_;
  std::vector<std::string> warnings_;

  // The comparison run: a second back-end on the same model, stepped after the main one.
  const BackendInfo* compareInfo_ = nullptr;
  std::unique_ptr<Solver> compareSolver_;  // null once the run stopped (compareNote_ says why)
  State compareState_;
  std::string compareNote_;

  double debt_ = 0.0;  // simulated seconds owed to the wall clock
  double referenceEnergy_ = 0.0, energyScale_ = 1.0;
  long sampleEvery_ = 1;
  TimeSeries series_;
  TimeSeries previous_{{{"t", "s", "t"}}, 1};  // the run before the last Reset (one time channel: none)
  std::uint64_t previousVersion_ = 0;
  std::vector<double> sampleRow_;  // one row of series_, reused
  MuscleWorkTally muscleWork_;     // J since the last restart, and the power at the last step
  StateHistory history_;
  long keyframeEvery_ = 1;         // steps between keyframes (keyframeEvery(dt))
  long viewing_ = -1;              // the keyframe shown instead of the live state; -1: live
  SimulationStats stats_;
  double windowWall_ = 0.0, windowSim_ = 0.0, windowStepWall_ = 0.0;
  long windowSteps_ = 0;
};

}  // namespace articulab::gui
