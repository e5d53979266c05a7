// One run of a model (DESIGN.md, "Who drives the engine"): a resolved plan (run_plan.hpp), the
// back-end's solver, the state, and what is watched around each step (run_monitor.hpp): the
// energy against its start, the work of the forces, the largest drift, divergence, and the recorded
// channels. The CLI's run, record, the app's session, the benchmarks and the Python module all
// step through Run::step, so that every way of running a scene gives the same numbers bitwise.
//
// What happens around one step (Run::step):
//   1. hold the muscle activations the step uses (their power at the end is taken with them),
//   2. Solver::step(model, state, dt): the back-end's step, timed into state.outputs.stepSeconds,
//   3. the energy at the new state, the work of the forces over the step (the muscles', the
//      dampers', and on a model that can make contact the contact forces' from the bodies
//      before and after it), divergence (a failed step, a state that is
//      not finite, an energy beyond the scene's bound, a blow-up) named with back-end, step and
//      quantity (with RunRequest::watchEnergy off: only coordinates that are not finite),
//   4. a recorded row (and the drift of that state) every `every` steps when recording.
// A step allocates nothing once the run is set up (tests/alloc).
// A run that watches a CancelFlag (watchCancel, the app's Cancel step) keeps a copy of the state
// before each step: a cancelled step puts it back, so the run goes on from the last state it
// committed, and the trajectory is the one it would have been without the cancel.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "engine/diagnostics/recorder.hpp"
#include "engine/run/run_monitor.hpp"
#include "engine/run/run_plan.hpp"
#include "engine/solvers/step_cancel.hpp"

namespace articulab {

class Run {
 public:
  // Resolves the request on the model (withInitialCoordinates, resolveRun) and creates the
  // back-end's solver at the model's initial state. Throws RunRefusal or SceneError.
  explicit Run(std::shared_ptr<const Model> model, const RunRequest& request = {});
  Run(Run&&) noexcept;
  Run& operator=(Run&&) noexcept;
  ~Run();

  // One step of plan().dt. False when it failed or diverged (failure() says how); a failed run
  // takes no further step until reset().
  bool step();
  // Whether the last step() was cancelled (watchCancel): the state, the monitor and the counts
  // are those before it; the run is not failed.
  bool cancelled() const { return cancelled_; }
  // Steps check `flag` (step_cancel.hpp) from now on, also after reconfigure; nullptr: they do
  // not. The flag outlives the run.
  void watchCancel(const CancelFlag* flag);
  // Steps until `steps` more were taken or the run failed, calling afterEach (when set) after
  // every step taken. Returns the steps taken, the failed one included; a cancelled step ends it
  // and is not counted.
  long advance(long steps, const std::function<void(const Run&)>& afterEach = {});

  const Model& model() const { return *model_; }
  const std::shared_ptr<const Model>& sharedModel() const { return model_; }
  const RunPlan& plan() const { return plan_; }
  const BackendInfo& backend() const { return *plan_.backend; }
  const Solver& solver() const { return *solver_; }
  const State& state() const { return state_; }
  const RunMonitor& monitor() const { return monitor_; }
  // Whether the drift control of the options acts on this model (Solver::controlsDrift).
  bool controlsDrift() const;
  // Whether the steps take the contact forces' work: the energy watch is on and the model can
  // make contact (contact::canMakeContact). Only then is each body's pose and twist kept before
  // a step (for contactStepWork).
  bool takesContactWork() const { return plan_.request.watchEnergy && canMakeContact_; }
  long stepsTaken() const { return stepsTaken_; }
  double stepWallSeconds() const { return stepWall_; }  // wall time inside Solver::step since the start
  bool failed() const { return !failure_.empty(); }
  // "redmax (semi-implicit) at step 12 (t = 0.012 s): total energy ... exceeded the bound ...".
  const std::string& failure() const { return failure_; }
  // What failed or diverged, without back-end and step: "total energy ... exceeded the bound ...".
  const std::string& failureReason() const { return failureReason_; }

  // The back-end's joint accelerations at the current state.
  const VectorX& forwardDynamics();

  // Records a row of the channel groups at the current state and then every `every` steps from
  // here (sampling the drift of those states); finishRecording adds the current state when it is
  // not the last row; takeRecording ends the recording and hands it over.
  void record(const RecorderColumns& columns, long every);
  void finishRecording();
  const TimeSeriesRecorder* recorder() const { return recorder_.get(); }
  std::unique_ptr<TimeSeriesRecorder> takeRecording() { return std::move(recorder_); }

  // Changes between steps (the app). Each keeps the state, and refuses (RunRefusal) leaving the
  // run as it was.
  // Another back-end, integrator, step size or settings.
  void reconfigure(const RunRequest& request);
  // An edited model (same coordinates), under the current request. The edit did work on the
  // mechanism, so the monitor's blow-up test ends until a reset.
  void replaceModel(std::shared_ptr<const Model> model);
  // Back to the model's initial state, the monitor restarted and the failure cleared; the mouse
  // pull is kept.
  void reset();
  // A state from elsewhere (a keyframe of the history, a pose set by hand) with the monitor it
  // had; clears the failure.
  void restore(const State& state, const RunMonitor& monitor);
  void setPerturbation(const Perturbation& perturbation) { state_.perturbation = perturbation; }
  // A pose set by hand (the app's joint sliders, Python's q and qd): the coordinates not `held`
  // move as little as they must to close the loops (constraints::closeLoops), the poses and
  // twists follow from the kinematics, and the run starts again from there: the monitor
  // restarted, the integrator history dropped (the back-end starts it from (q, qdot)), the
  // failure cleared. Throws RunRefusal("q", why) for a held coordinate outside its joint's
  // limits, a general joint's coordinate outside its range, or loops that cannot close; the run
  // is unchanged then.
  void setCoordinates(VectorX q, const VectorX& qd, const std::vector<bool>& held);

 private:
  void install(std::shared_ptr<const Model> model, RunPlan plan);
  // RunPlan::unstableStep of the plan on the model from its start (step_stability.hpp), where
  // the request asks for it (RunRequest::checkStepStability).
  void checkStepSize();
  void recordRow();

  std::shared_ptr<const Model> model_;
  RunPlan plan_;
  std::unique_ptr<Solver> solver_;
  State state_;
  RunMonitor monitor_;
  std::string failure_, failureReason_;
  long stepsTaken_ = 0;
  double stepWall_ = 0.0;
  VectorX heldActivations_;  // the activations a step holds, for the muscles' work
  bool canMakeContact_ = false;       // contact::canMakeContact(model)
  std::vector<Matrix4> posesBefore_;  // the bodies at the start of the running step, for the contact work
  std::vector<Vector6> twistsBefore_;
  std::vector<int> limitedJoints_;  // limitedJoints(model), for the monitor's limit test
  VectorX qdd_;
  std::unique_ptr<TimeSeriesRecorder> recorder_;
  long recordEvery_ = 1;
  long recordFrom_ = 0;  // stepsTaken_ when the recording started
  bool recordAccelerations_ = false;
  const CancelFlag* cancel_ = nullptr;
  State stateBefore_;  // the state before the running step, while cancel_ is set
  bool cancelled_ = false;
};

}  // namespace articulab
