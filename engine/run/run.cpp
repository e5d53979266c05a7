#include "engine/run/run.hpp"

#include <limits>
#include <new>
#include <sstream>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/constraints/loop_closing.hpp"
#include "engine/contact/contact_rows.hpp"
#include "engine/forces/muscle_readings.hpp"
#include "engine/multibody/coordinate_check.hpp"
#include "engine/run/step_stability.hpp"
#include "engine/run/time_text.hpp"

namespace articulab {

namespace {

using Clock = std::chrono::steady_clock;

// The muscles' power at the state with other activations (swapped in and back: no copy).
double musclePowerWith(const Model& model, State& state, VectorX& activations) {
  state.activations.swap(activations);
  double power = 0.0;
  for (std::size_t m = 0; m < model.muscles.size(); ++m) power += readMuscle(model, state, m).power;
  state.activations.swap(activations);
  return power;
}

// A step that throws (a solver's internal error) is a failed step; running out of memory is not
// the step's fault and goes to the caller.
StepStatus guardedStep(Solver& solver, const Model& model, State& state, double dt) {
  try {
    return solver.step(model, state, dt);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    return {false, std::string("the step failed: ") + e.what()};
  }
}

}  // namespace

Run::Run(std::shared_ptr<const Model> model, const RunRequest& request) {
  model = withInitialCoordinates(std::move(model), request);
  RunPlan plan = resolveRun(*model, request);
  install(std::move(model), std::move(plan));
  state_ = makeInitialState(*model_);
  monitor_.start(*model_, state_);
  checkStepSize();
}

Run::Run(Run&&) noexcept = default;
Run& Run::operator=(Run&&) noexcept = default;
Run::~Run() = default;

void Run::install(std::shared_ptr<const Model> model, RunPlan plan) {
  std::unique_ptr<Solver> solver = plan.backend->create(*model, plan.options);
  model_ = std::move(model);
  plan_ = std::move(plan);
  solver_ = std::move(solver);
  solver_->watchCancel(cancel_);
  qdd_ = VectorX::Zero(model_->nq);
  canMakeContact_ = contact::canMakeContact(*model_);
  const std::size_t kept = canMakeContact_ ? static_cast<std::size_t>(model_->bodyCount()) : 0;
  posesBefore_.assign(kept, Matrix4::Identity());  // steps copy, not allocate
  twistsBefore_.assign(kept, Vector6::Zero());
  limitedJoints_ = limitedJoints(*model_);
}

void Run::checkStepSize() {
  plan_.unstableStep.clear();
  if (!plan_.request.checkStepStability) return;
  plan_.unstableStep = unstableStepText(plan_, checkStepStability(plan_, *model_, makeInitialState(*model_)));
}

void Run::watchCancel(const CancelFlag* flag) {
  cancel_ = flag;
  solver_->watchCancel(flag);
}

bool Run::step() {
  cancelled_ = false;
  if (failed()) return false;
  const bool muscles = !model_->muscles.empty();
  if (muscles) heldActivations_ = state_.activations;  // allocates only when the size changes
  if (cancel_) stateBefore_ = state_;  // allocates only when a size changes
  const bool contactWork = takesContactWork();
  if (contactWork) posesBefore_ = state_.E_0i, twistsBefore_ = state_.phi;  // likewise
  const Clock::time_point before = Clock::now();
  StepStatus status;
  try {
    status = guardedStep(*solver_, *model_, state_, plan_.dt);
  } catch (const StepCancelled&) {
    std::swap(state_, stateBefore_);
    cancelled_ = true;
    return false;
  }
  state_.outputs.stepSeconds = std::chrono::duration<double>(Clock::now() - before).count();
  stepWall_ += state_.outputs.stepSeconds;
  ++stepsTaken_;
  std::string problem = status.message;
  if (status.ok && !plan_.request.watchEnergy) problem = coordinateDivergence(state_);
  else if (status.ok) {
    const EnergyReport energy = computeEnergy(*model_, state_);
    const double heldPower = muscles ? musclePowerWith(*model_, state_, heldActivations_) : 0.0;
    const bool trusted = monitor_.blowUp.empty();
    const double work = contactWork ? contactStepWork(state_, posesBefore_, twistsBefore_, plan_.dt) : 0.0;
    problem = monitor_.afterStep(*model_, state_, energy, heldPower, work, limitedJoints_);
    if (problem.empty() && trusted && !monitor_.blowUp.empty() && plan_.request.stopOnBlowUp) problem = monitor_.blowUp;
  }
  if (problem.empty()) {
    if (recorder_ && (stepsTaken_ - recordFrom_) % recordEvery_ == 0) recordRow();
    return true;
  }
  failure_ = plan_.backend->name + " (" + plan_.integrator.name() + ") at step " + std::to_string(state_.step) +
             " (t = " + formatTime(state_.t, plan_.dt) + " s): " + problem;
  failureReason_ = std::move(problem);
  return false;
}

long Run::advance(long steps, const std::function<void(const Run&)>& afterEach) {
  long taken = 0;
  while (taken < steps && !failed()) {
    step();
    if (cancelled()) break;
    ++taken;
    if (afterEach) afterEach(*this);
  }
  return taken;
}

bool Run::controlsDrift() const { return solver_->controlsDrift(); }

const VectorX& Run::forwardDynamics() {
  solver_->forwardDynamics(*model_, state_, qdd_);
  return qdd_;
}

void Run::record(const RecorderColumns& columns, long every) {
  recorder_ = std::make_unique<TimeSeriesRecorder>(*model_, columns);
  recordAccelerations_ = columns.has("qdd");
  recordEvery_ = std::max(1L, every);
  recordFrom_ = stepsTaken_;
  recordRow();
}

void Run::finishRecording() {
  if (recorder_ && (stepsTaken_ - recordFrom_) % recordEvery_ != 0) recordRow();
}

void Run::recordRow() {
  if (recordAccelerations_) forwardDynamics();
  const double work = monitor_.work.known() && plan_.request.watchEnergy ? monitor_.work.total()
                                                                        : std::numeric_limits<double>::quiet_NaN();
  recorder_->record(*model_, state_, &qdd_, work);
  monitor_.sampleDrift(*model_, state_);
}

void Run::reconfigure(const RunRequest& request) {
  RunPlan plan = resolveRun(*model_, request);
  const bool otherBackend = plan.backend != plan_.backend;
  install(model_, std::move(plan));
  checkStepSize();
  if (!otherBackend) return;
  // The outputs of the last step belong to the other back-end.
  state_.outputs.contactCount = 0;
  state_.outputs.iterations = -1;
  state_.outputs.residual = 0.0;
}

void Run::replaceModel(std::shared_ptr<const Model> model) {
  RunPlan plan = resolveRun(*model, plan_.request);
  install(std::move(model), std::move(plan));
  checkStepSize();
  monitor_.work.unknown |= kOutsideWork;
}

void Run::reset() {
  const Perturbation pull = state_.perturbation;
  state_ = makeInitialState(*model_);
  state_.perturbation = pull;
  monitor_.start(*model_, state_);
  failure_.clear();
  failureReason_.clear();
  stepsTaken_ = 0;
  stepWall_ = 0.0;
}

void Run::restore(const State& state, const RunMonitor& monitor) {
  state_ = state;
  monitor_ = monitor;
  failure_.clear();
  failureReason_.clear();
}

}  // namespace articulab

namespace articulab {

namespace {

// A held coordinate outside its joint's limits, as "coordinate 3 = 0.9 is outside the limits
// [-0.5, 0.5] of joint 'knee'"; "" when none is.
std::string heldOutsideLimits(const Model& model, const VectorX& q, const std::vector<bool>& held) {
  for (const Joint& joint : model.joints) {
    if (!joint.hasLimits) continue;
    for (int c = 0; c < joint.nq; ++c) {
      const int i = joint.qIndex + c;
      if (!held[static_cast<std::size_t>(i)] || (q[i] >= joint.lower[c] && q[i] <= joint.upper[c])) continue;
      std::ostringstream text;
      text << "coordinate " << i << " = " << q[i] << " is outside the limits [" << joint.lower[c] << ", "
           << joint.upper[c] << "] of joint '" << joint.name << "'";
      return text.str();
    }
  }
  return "";
}

}  // namespace

void Run::setCoordinates(VectorX q, const VectorX& qd, const std::vector<bool>& held) {
  if (q.size() != model_->nq || qd.size() != model_->nq || held.size() != static_cast<std::size_t>(model_->nq))
    throw RunRefusal("q", "expected " + std::to_string(model_->nq) + " coordinates and velocities");
  if (!q.allFinite() || !qd.allFinite()) throw RunRefusal("q", "the coordinates and velocities must be finite numbers");
  if (std::string outside = heldOutsideLimits(*model_, q, held); !outside.empty()) throw RunRefusal("q", outside);
  std::string reason;
  if (!model_->loops.empty() && !constraints::closeLoops(*model_, held, constraints::kLoopClosingTolerance, q, reason))
    throw RunRefusal("q", reason);
  if (std::string problem = checkGeneralJointCoordinates(*model_, q); !problem.empty()) throw RunRefusal("q", problem);
  State posed = state_;  // t, step, activations, mouse pull and the outputs of the last step stay
  posed.q = std::move(q);
  posed.qd = qd;
  posed.qdd.setZero();
  TreeKinematics kinematics(*model_);
  computeKinematics(*model_, posed.q, posed.qd, kinematics);
  copyWorldMotion(kinematics, posed.E_0i, posed.phi);
  posed.history = {};
  RunMonitor monitor;
  monitor.start(*model_, posed);
  restore(posed, monitor);
}

}  // namespace articulab
