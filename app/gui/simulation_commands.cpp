// The simulation's commands from the UI (simulation.hpp). Each checks what it can at once and
// returns the refusal; what touches the solver or the state runs through commandLocked, so
// while a step runs it takes effect right after that step.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/gui/parameter_checks.hpp"
#include "app/gui/plot_spec.hpp"
#include "app/gui/simulation.hpp"
#include "app/gui/time_format.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/constraints/loop_closing.hpp"
#include "engine/diagnostics/energy.hpp"

namespace articulab::gui {

void Simulation::reset() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!model_) return;
  commandLocked("reset", [this] {
    if (series_.size() > 1) {  // the finished run stays on the plots, faded, until cleared
      previous_ = series_;
      ++previousVersion_;
    }
    restartLocked();
    spdlog::info("reset '{}' to its initial state", model_->name);
    return std::string();
  });
}

bool Simulation::setSpeed(double multiplier, std::string& error) {
  error = checkSpeed(multiplier);
  if (!error.empty()) return false;
  std::lock_guard<std::mutex> lock(mutex_);
  speed_ = multiplier;  // read by the physics thread between steps only
  return true;
}

bool Simulation::setStepSize(double secondsPerStep, std::string& error) {
  error = checkStepSize(secondsPerStep);
  if (!error.empty()) return false;
  std::lock_guard<std::mutex> lock(mutex_);
  dt_ = secondsPerStep;  // a running step keeps the dt it started with
  debt_ = 0.0;
  sampleEvery_ = std::max(1L, std::lround(kSamplePeriod / dt_));
  keyframeEvery_ = keyframeEvery(dt_);
  spdlog::info("step size set to {} s", dt_);
  return true;
}

// The new solver is built without the lock (a running step goes on meanwhile) and replaces the
// old one between steps, if the scene is still the one it was built for.
bool Simulation::setBackend(const std::string& name, std::string& error) {
  const BackendInfo* info = findBackend(name);
  if (!info) {
    error = "unknown back-end '" + name + "' (available: " + backendNames() + ")";
    return false;
  }
  std::shared_ptr<const Model> model;
  std::string wanted;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    model = model_;
    wanted = integrator_.name();
  }
  if (!model) {
    error = "no scene is loaded";
    return false;
  }
  const SceneIntegratorChoice choice = info->supports.choose(*model, wanted);
  if (!choice.support.ok) {
    error = "back-end " + name + " cannot run scene '" + model->name + "': " + choice.support.reason;
    return false;
  }
  auto solver = std::make_shared<std::unique_ptr<Solver>>();  // std::function needs a copyable command
  try {
    *solver = info->create(*model, sceneSolverOptions(*info, *model, choice.integrator));
  } catch (const std::exception& e) {
    error = "back-end " + name + " failed to start: " + e.what();
    return false;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  error = commandLocked("switching to back-end " + name, [this, info, choice, solver, model] {
    if (model_ != model) return std::string("dropped: another scene or an edit replaced the model meanwhile");
    solver_ = std::move(*solver);
    backendInfo_ = info;
    integrator_ = choice.integrator;
    warnings_ = choice.support.warnings;
    state_.outputs.contactCount = 0;  // the outputs of the last step belong to the other back-end
    state_.outputs.iterations = -1;
    state_.outputs.residual = 0.0;
    stats_.iterations = -1;
    refreshOffersLocked();
    for (const std::string& warning : choice.support.warnings) spdlog::warn("{}: {}", info->name, warning);
    for (const std::string& note : choice.support.notes) spdlog::info("{}: {}", info->name, note);
    series_.markSegment(state_.t, info->name);
    spdlog::info("switched to back-end {} at t = {} s, keeping the state", info->name, formatTime(state_.t, dt_));
    refreshSlowWarningLocked();
    return std::string();
  });
  return error.empty();
}

SceneIntegratorChoice Simulation::choiceLocked(const BackendInfo& info) const {
  return info.supports.choose(*model_, integrator_.name());
}

// What the current back-end offers, and why an entry cannot be chosen on this model.
void Simulation::refreshOffersLocked() {
  offers_.clear();
  if (!backendInfo_ || !model_) return;
  for (const IntegratorInfo& offered : backendInfo_->integrators) {
    const SolverSupport support = backendInfo_->supports(*model_, offered.integrator);
    offers_.push_back({offered.integrator, offered.description, support.ok ? "" : support.reason});
  }
}

bool Simulation::setComparison(const std::string& backend, std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!model_) {
    error = "no scene is loaded";
    return false;
  }
  if (backend.empty() || backend == "off") {
    error = commandLocked("ending the comparison", [this] {
      if (compareInfo_) spdlog::info("comparison run on {} ended", compareInfo_->name);
      compareInfo_ = nullptr;
      compareSolver_.reset();
      compareNote_.clear();
      series_.setChannels(channelsLocked());
      recordSampleLocked(computeEnergy(*model_, state_));
      return std::string();
    });
    return error.empty();
  }
  const BackendInfo* info = findBackend(backend);
  if (!info) {
    error = "unknown back-end '" + backend + "' (available: " + backendNames() + ", or off)";
    return false;
  }
  if (SolverSupport support = choiceLocked(*info).support; !support.ok) {
    error = "back-end " + info->name + " cannot run scene '" + model_->name + "': " + support.reason;
    return false;
  }
  error = commandLocked("comparing with " + info->name, [this, info] {
    compareInfo_ = info;
    restartLocked();
    if (!compareSolver_) return compareNote_;
    spdlog::info("comparing back-end {} with {} on '{}': both restarted from the initial state", backendInfo_->name,
                 info->name, model_->name);
    return std::string();
  });
  return error.empty();
}

bool Simulation::createComparisonLocked() {
  const std::string& name = compareInfo_->name;
  const SceneIntegratorChoice choice = choiceLocked(*compareInfo_);
  const SolverSupport& support = choice.support;
  if (!support.ok) {
    stopComparisonLocked("back-end " + name + " cannot run scene '" + model_->name + "': " + support.reason);
    return false;
  }
  compareIntegrator_ = choice.integrator;
  try {
    compareSolver_ = compareInfo_->create(*model_, sceneSolverOptions(*compareInfo_, *model_, compareIntegrator_));
  } catch (const std::exception& e) {
    stopComparisonLocked("back-end " + name + " failed to start: " + e.what());
    return false;
  }
  for (const std::string& warning : support.warnings) spdlog::warn("{} (comparison run): {}", name, warning);
  compareNote_.clear();
  return true;
}

std::string Simulation::setIntegrator(Integrator integrator) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!model_ || !backendInfo_) return "no scene is loaded";
  if (!backendInfo_->findIntegrator(integrator.name()))
    return integratorRefusal(backendInfo_->name, integrator, backendInfo_->integrators);
  const SolverSupport support = backendInfo_->supports(*model_, integrator);
  if (!support.ok) return "back-end " + backendInfo_->name + " cannot run scene '" + model_->name + "': " + support.reason;
  return commandLocked(std::string("integrator ") + integrator.name(), [this, integrator, support] {
    if (std::string refused = solver_->setIntegrator(*model_, integrator); !refused.empty()) return refused;
    integrator_ = integrator;
    warnings_ = support.warnings;
    if (compareSolver_) {
      const SceneIntegratorChoice choice = choiceLocked(*compareInfo_);
      if (!(choice.integrator == compareIntegrator_) && compareSolver_->setIntegrator(*model_, choice.integrator).empty())
        compareIntegrator_ = choice.integrator;
      for (const std::string& warning : choice.support.warnings)
        spdlog::warn("{} (comparison run): {}", compareInfo_->name, warning);
    }
    spdlog::info("integrator set to {}", integratorName(integrator));
    refreshSlowWarningLocked();
    return std::string();
  });
}

// Edits a copy of the model (drawing may still hold the old one) and rebuilds the solver for it.
std::string Simulation::editModelLocked(const std::function<std::string(Model&)>& edit, const std::string& what,
                                        bool merge) {
  if (!model_) return "no scene is loaded";
  auto edited = std::make_shared<Model>(*model_);
  std::string reason = edit(*edited);
  if (!reason.empty()) return reason;
  std::shared_ptr<const Model> before = model_;
  reason = installModelLocked(std::move(edited));
  if (reason.empty()) edits_.recorded(std::move(before), what, merge);
  return reason;
}

// The edited (or undone) model with a new solver on it; the state keeps t, q, qdot and the
// history (State::history). Refused, changing nothing, when the back-end cannot start on it.
std::string Simulation::installModelLocked(std::shared_ptr<const Model> model) {
  std::unique_ptr<Solver> solver;
  try {
    solver = backendInfo_->create(*model, sceneSolverOptions(*backendInfo_, *model, integrator_));
  } catch (const std::exception& e) {
    return "back-end " + backendInfo_->name + " failed to start on the edited model: " + e.what();
  }
  model_ = std::move(model);
  ++modelVersion_;
  solver_ = std::move(solver);
  refreshOffersLocked();
  if (compareSolver_) createComparisonLocked();  // the comparison carries on with the edited model
  resetReferenceEnergyLocked();
  return "";
}

namespace {

// Why coordinate `coordinate` of joint `joint` cannot be set to `value` ("" when it can).
std::string checkCoordinateEdit(const Model& model, int joint, int coordinate, double value) {
  if (joint < 0 || joint >= static_cast<int>(model.joints.size()))
    return fmt::format("joint {} does not exist (the model has {})", joint, model.joints.size());
  const Joint& j = model.joints[joint];
  if (coordinate < 0 || coordinate >= j.nq)
    return fmt::format("joint '{}' has no coordinate {} (it has {})", j.name, coordinate, j.nq);
  if (!std::isfinite(value)) return "the value must be a finite number";
  if (j.hasLimits && (value < j.lower(coordinate) || value > j.upper(coordinate)))
    return fmt::format("{:g} is outside the limits [{:g}, {:g}] of joint '{}'", value, j.lower(coordinate),
                       j.upper(coordinate), j.name);
  return "";
}

}  // namespace

std::string Simulation::setJointCoordinate(int joint, int coordinate, double value) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!model_) return "no scene is loaded";
  if (running_) return "pause the run first: the joint sliders set the pose of a paused run";
  if (viewing_ >= 0) return "a keyframe of the history is shown: resume from it (or go live) first";
  if (std::string reason = checkCoordinateEdit(*model_, joint, coordinate, value); !reason.empty()) return reason;
  return commandLocked("joint coordinate", [this, joint, coordinate, value] {
    const int index = model_->joints[joint].qIndex + coordinate;
    VectorX q = state_.q;
    q(index) = value;
    std::vector<bool> held(static_cast<std::size_t>(q.size()), false);
    held[static_cast<std::size_t>(index)] = true;
    std::string reason;
    if (!model_->loops.empty() && !constraints::closeLoops(*model_, held, kLoopClosingTolerance, q, reason))
      return "refused: " + reason;
    setPoseLocked(q);
    return std::string();
  });
}

// The run goes on from pose q at rest (velocities zero, so the loops' velocity rows hold too);
// the solver starts afresh from this state (its history no longer matches).
void Simulation::setPoseLocked(const VectorX& q) {
  State posed = state_;  // t, step, activations and perturbation stay
  posed.q = q;
  posed.qd.setZero();
  posed.qdd.setZero();
  TreeKinematics kin(*model_);
  computeKinematics(*model_, posed.q, posed.qd, kin);
  copyWorldMotion(kin, posed.E_0i, posed.phi);
  state_ = std::move(posed);
  failure_.clear();
  resetReferenceEnergyLocked();
}

std::string Simulation::undoEdit() { return travelEdits(false); }

std::string Simulation::redoEdit() { return travelEdits(true); }

// Undo (forward false) or redo: installs the model the edit history names and records the one it
// replaced on the other side.
std::string Simulation::travelEdits(bool forward) {
  std::lock_guard<std::mutex> lock(mutex_);
  const std::string nothing = forward ? "nothing to redo" : "nothing to undo";
  if (!(forward ? edits_.canRedo() : edits_.canUndo())) return nothing;
  const std::string what = (forward ? "redo " : "undo ") + (forward ? edits_.redoLabel() : edits_.undoLabel());
  return commandLocked(what, [this, forward, nothing] {
    if (!(forward ? edits_.canRedo() : edits_.canUndo())) return nothing;
    std::shared_ptr<const Model> current = model_;
    std::string reason = installModelLocked(forward ? edits_.redoTarget() : edits_.undoTarget());
    if (reason.empty() && forward) edits_.redone(std::move(current));
    if (reason.empty() && !forward) edits_.undone(std::move(current));
    return reason;
  });
}

// A refused value is reported at once (checked on a copy of the model); an accepted edit applies
// now, or right after the running step.
std::string Simulation::editModel(const std::string& what, std::function<std::string(Model&)> edit, bool announce) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!model_) return "no scene is loaded";
  if (commands_.stepping()) {
    Model trial = *model_;
    if (std::string reason = edit(trial); !reason.empty()) return reason;
  }
  // Edits that are not announced (a slider being dragged) join the last edit of the same kind.
  return commandLocked(what, [this, edit, what, announce] { return editModelLocked(edit, what, !announce); }, announce);
}

std::string Simulation::editJoint(int joint, JointField field, double value, int coordinate) {
  return editModel(fmt::format("joint {} edit", joint),
                   [=](Model& m) { return setJointField(m, joint, field, value, coordinate); });
}

std::string Simulation::editBodyMass(int body, double mass) {
  return editModel(fmt::format("body {} mass", body), [=](Model& m) { return setBodyMass(m, body, mass); });
}

std::string Simulation::editForce(int element, ForceField field, double value, int coordinate) {
  return editModel(fmt::format("force element {} edit", element),
                   [=](Model& m) { return setForceField(m, element, field, value, coordinate); });
}

std::string Simulation::editGravity(const Vector3& gravity) {
  return editModel("gravity edit", [=](Model& m) { return setGravity(m, gravity); });
}

std::string Simulation::editGroundFriction(double mu) {
  return editModel("ground friction edit", [=](Model& m) { return setGroundFriction(m, mu); });
}

std::string Simulation::editBodyFriction(int body, double mu) {
  return editModel(fmt::format("body {} friction", body), [=](Model& m) { return setBodyFriction(m, body, mu); });
}

std::string Simulation::editDriftControl(DriftControl drift, double alpha, double beta) {
  return editModel("drift control", [=](Model& m) { return setDriftControl(m, drift, alpha, beta); });
}

// The setting belongs to the back-end running when the edit applies (backendInfo_ is read
// under the lock by the edit).
std::string Simulation::editSolverSetting(const std::string& name, const std::string& value) {
  return editModel("solver setting " + name, [this, name, value](Model& m) {
    return setSolverSetting(m, settingValueFromText(backendInfo_->name, name, value));
  });
}

std::string Simulation::editMuscleExcitation(int muscle, double excitation, bool announce) {
  return editModel(fmt::format("muscle {} excitation", muscle),
                   [=](Model& m) { return setMuscleExcitation(m, muscle, excitation); }, announce);
}

// The schedule comes from the model as loaded (sceneModel_), which edits never change.
std::string Simulation::restoreMuscleSchedule(int muscle) {
  std::shared_ptr<const Model> scene;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    scene = sceneModel_;
  }
  if (!scene) return "no scene is loaded";
  return editModel(fmt::format("muscle {} schedule", muscle),
                   [=](Model& m) { return restoreMuscleExcitation(m, *scene, muscle); });
}

void Simulation::setPerturbation(const Perturbation& perturbation) {
  std::lock_guard<std::mutex> lock(mutex_);
  commandLocked("mouse pull", [this, perturbation] {
    state_.perturbation = perturbation;
    return std::string();
  }, false);
}

void Simulation::snapshot(Snapshot& out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  out.model = model_;
  out.sceneModel = sceneModel_;
  out.modelVersion = modelVersion_;
  out.sceneVersion = sceneVersion_;
  const bool viewing = viewing_ >= 0 && static_cast<std::size_t>(viewing_) < history_.size();
  const Keyframe* shown = viewing ? &history_.at(static_cast<std::size_t>(viewing_)) : nullptr;
  out.state = shown ? shown->state : state_;
  out.scenePath = scenePath_;
  out.backend = backendInfo_ ? backendInfo_->name : "";
  out.integrator = integrator_;
  out.integrators = offers_;
  out.dt = dt_;
  out.speed = speed_;
  out.running = running_;
  out.stats = stats_;
  out.failure = failure_;
  out.backendWarnings = warnings_;
  out.compareBackend = compareInfo_ ? compareInfo_->name : "";
  out.compareNote = compareNote_;
  out.contactPoints.clear();
  const StepOutputs& outputs = out.state.outputs;
  for (int c = 0; c < outputs.contactCount; ++c) out.contactPoints.push_back(outputs.contacts[c].point);
  out.compareRunning = compareSolver_ != nullptr;
  if (out.compareRunning) out.compareState = shown && shown->comparing ? shown->compareState : compareState_;
  out.stepInProgressSeconds =
      commands_.stepping() ? std::chrono::duration<double>(std::chrono::steady_clock::now() - stepStarted_).count() : 0.0;
  out.queuedCommands = commands_.pending();
  out.slowStepWarning = slowWarning_;
  out.loadingPath = loadingPath_;
  out.previousRunVersion = previousVersion_;
  out.undoLabel = edits_.undoLabel();
  out.redoLabel = edits_.redoLabel();
  out.history = {history_.size(), history_.firstTime(), history_.lastTime(), history_.bytes() / 1e6,
                 history_.megabytes(), history_.seconds(), viewing, shown ? shown->state.t : 0.0};
}

void Simulation::copySamples(TimeSeries& dest, std::uint64_t& consumed, std::uint64_t& generation) const {
  std::lock_guard<std::mutex> lock(mutex_);
  dest.appendNewRows(series_, consumed, generation);
}

TimeSeries Simulation::samples() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return series_;
}

TimeSeries Simulation::previousRun() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return previous_;
}

void Simulation::clearPreviousRun() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (previous_.size() == 0) return;
  previous_.clear();
  ++previousVersion_;
}

}  // namespace articulab::gui
