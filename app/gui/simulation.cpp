#include "app/gui/simulation.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "app/gui/parameter_checks.hpp"
#include "app/gui/plot_spec.hpp"
#include "engine/diagnostics/divergence.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"

namespace articulab::gui {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kSampleCapacity = 1 << 17;
constexpr double kSamplePeriod = 1e-3;    // s of simulated time between recorded samples (at least one step)
constexpr double kBatchBudget = 2e-3;     // s of wall time the physics thread holds the lock at most
constexpr double kMaxWallGap = 0.1;       // s; longer stalls are not caught up
constexpr double kStatsWindow = 0.5;      // s of wall time per statistics update

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

// Simulated time to the step's resolution: "1.234" at dt = 1 ms, not "1.2340000000000002".
std::string formatTime(double t, double dt) {
  const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(dt) - 1e-9)), 0, 9);
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, t);
  return text;
}

}  // namespace

Simulation::Simulation() : series_(sampleChannels(), kSampleCapacity) {}

Simulation::~Simulation() { stopThread(); }

bool Simulation::hasModel() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return model_ != nullptr;
}

bool Simulation::load(const std::string& path, const ParameterOverrides& overrides, const std::string& preferredBackend,
                      std::string& error) {
  std::shared_ptr<Model> model;
  try {
    model = std::make_shared<Model>(loadScene(path, overrides));
  } catch (const std::exception& e) {
    error = e.what();
    spdlog::error("cannot open scene: {}", error);
    return false;
  }
  try {
    validateSceneChoices(*model, preferredBackend.empty(), true);
  } catch (const std::exception& e) {
    error = e.what();
    spdlog::error("cannot open scene: {}", error);
    return false;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  std::string backend = preferredBackend.empty() ? model->defaults.backend : preferredBackend;
  error = replaceModelLocked(model, backend, model->defaults.dt);
  if (!error.empty()) {
    spdlog::error("cannot open scene: {}", error);
    return false;
  }
  scenePath_ = path;
  overrides_ = overrides;
  spdlog::info("opened scene '{}' from {} ({} bodies, back-end {}, {} integrator, dt = {} s)", model_->name, path,
               model_->bodyCount(), backendInfo_->name, integratorName(integrator_), dt_);
  return true;
}

bool Simulation::reload(std::string& error) {
  std::string path, backend;
  ParameterOverrides overrides;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (scenePath_.empty()) {
      error = "no scene file is open, so there is nothing to reload";
      return false;
    }
    path = scenePath_;
    overrides = overrides_;
    backend = backendInfo_ ? backendInfo_->name : "";
  }
  return load(path, overrides, backend, error);
}

// The requested back-end, or else the first one that supports the model.
const BackendInfo* Simulation::chooseBackend(const Model& model, const std::string& backend, std::string& error) {
  const BackendInfo* info = findBackend(backend);
  if (!info) {
    error = "unknown back-end '" + backend + "' (available: " + backendNames() + ")";
    return nullptr;
  }
  SolverSupport support = info->supports(model);
  if (support.ok) return info;
  error = "back-end " + info->name + " cannot run scene '" + model.name + "': " + support.reason;
  for (const BackendInfo& other : backends()) {
    if (!other.supports(model).ok) continue;
    spdlog::warn("{}; using back-end {} instead", error, other.name);
    return &other;
  }
  error += " (and no other back-end can: " + backendNames() + ")";
  return nullptr;
}

std::string Simulation::replaceModelLocked(std::shared_ptr<Model> model, const std::string& backend, double dt) {
  std::string error;
  const BackendInfo* info = chooseBackend(*model, backend, error);
  if (!info) return error;
  const SceneIntegratorChoice choice = info->supports.choose(*model);
  const SolverSupport& support = choice.support;
  const Integrator integrator = choice.integrator;
  std::unique_ptr<Solver> solver;
  try {
    solver = info->create(*model, solverOptionsFor(*model, integrator));
  } catch (const std::exception& e) {
    return "back-end " + info->name + " failed to start: " + e.what();
  }
  integrator_ = integrator;
  dt_ = dt;
  for (const std::string& warning : support.warnings) spdlog::warn("{}: {}", info->name, warning);
  for (const std::string& note : support.notes) spdlog::info("{}: {}", info->name, note);
  model_ = std::move(model);
  ++modelVersion_;
  solver_ = std::move(solver);
  backendInfo_ = info;
  warnings_ = support.warnings;
  state_ = makeInitialState(*model_);
  running_ = false;
  sampleEvery_ = std::max(1L, std::lround(kSamplePeriod / dt_));
  refreshOffersLocked();
  if (compareInfo_) spdlog::info("comparison run on {} ended: another scene was opened", compareInfo_->name);
  compareInfo_ = nullptr;  // a comparison belongs to the scene it was started on
  compareSolver_.reset();
  compareNote_.clear();
  restartLocked();
  return "";
}

// Both runs back to the model's initial state (the main run keeps its mouse pull), the
// recorded series cleared, with the comparison's channels while there is one.
void Simulation::restartLocked() {
  Perturbation pull = state_.perturbation;
  state_ = makeInitialState(*model_);
  state_.perturbation = pull;
  if (compareInfo_ && createComparisonLocked()) compareState_ = state_;  // a fresh solver: no history
  failure_.clear();
  debt_ = 0.0;
  series_.setChannels(sampleChannels(compareInfo_ ? compareInfo_->name : ""));
  resetReferenceEnergyLocked();
  recordSampleLocked(computeEnergy(*model_, state_));
}

void Simulation::startThread() {
  if (thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = false;
  }
  thread_ = std::thread(&Simulation::physicsLoop, this);
}

void Simulation::stopThread() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

// Steps to keep simulated time at speed x wall time, holding the lock for at most kBatchBudget
// at a time so the UI can always copy the state promptly.
void Simulation::physicsLoop() {
  Clock::time_point last = Clock::now();
  std::unique_lock<std::mutex> lock(mutex_);
  while (!quit_) {
    if (!running_ || !solver_) {
      wake_.wait_for(lock, std::chrono::milliseconds(50));
      last = Clock::now();
      continue;
    }
    Clock::time_point now = Clock::now();
    double wall = std::min(seconds(now - last), kMaxWallGap);
    last = now;
    runBatchLocked(wall);
    double owed = dt_ - debt_;
    auto pause = std::chrono::duration<double>(std::clamp(owed / speed_, 1e-4, 5e-3));
    lock.unlock();
    std::this_thread::sleep_for(pause);
    lock.lock();
  }
}

void Simulation::runBatchLocked(double wallSeconds) {
  debt_ += wallSeconds * speed_;
  Clock::time_point start = Clock::now();
  long steps = 0;
  double simulated = 0.0;
  while (running_ && debt_ >= dt_ && seconds(Clock::now() - start) < kBatchBudget) {
    StepStatus status = stepLocked();
    debt_ -= dt_;
    simulated += dt_;
    ++steps;
    if (!checkHealthLocked(status)) break;
  }
  double stepWall = seconds(Clock::now() - start);
  // Falling behind: drop what cannot be caught up, so the real-time factor shows it.
  debt_ = std::min(debt_, std::max(2.0 * dt_, 0.1 * speed_));
  updateStatsLocked(wallSeconds, simulated, steps, stepWall);
}

StepStatus Simulation::stepLocked() {
  StepStatus status = solver_->step(*model_, state_, dt_);
  stats_.iterations = state_.outputs.iterations;
  stats_.residual = state_.outputs.residual;
  stepComparisonLocked();
  return status;
}

// The comparison run takes the same step; when it fails or diverges it stops with a note and
// the main run goes on.
void Simulation::stepComparisonLocked() {
  if (!compareSolver_) return;
  compareState_.perturbation = state_.perturbation;
  const StepStatus status = compareSolver_->step(*model_, compareState_, dt_);
  const std::string problem = divergenceLocked(status, compareState_, computeEnergy(*model_, compareState_));
  if (problem.empty()) return;
  const std::string where = status.ok ? " at step " + std::to_string(compareState_.step) + " (t = " +
                                            formatTime(compareState_.t, dt_) + " s)"
                                      : "";  // a failed step's message says where
  stopComparisonLocked("comparison run on " + compareInfo_->name + " stopped" + where + ": " + problem +
                       "; Reset starts it again");
}

void Simulation::stopComparisonLocked(const std::string& why) {
  compareSolver_.reset();
  compareNote_ = why;
  spdlog::warn("{}", why);
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
    compareSolver_ = compareInfo_->create(*model_, solverOptionsFor(*model_, compareIntegrator_));
  } catch (const std::exception& e) {
    stopComparisonLocked("back-end " + name + " failed to start: " + e.what());
    return false;
  }
  for (const std::string& warning : support.warnings) spdlog::warn("{} (comparison run): {}", name, warning);
  compareNote_.clear();
  return true;
}

// Pauses with a message naming the back-end, the step and the quantity when the step failed,
// the state or the energy is not finite, or the total energy grew beyond its bound.
bool Simulation::checkHealthLocked(const StepStatus& status) {
  EnergyReport energy = computeEnergy(*model_, state_);
  std::string problem = divergenceLocked(status, state_, energy);
  if (state_.step % sampleEvery_ == 0 || !problem.empty()) recordSampleLocked(energy);
  if (problem.empty()) return true;
  running_ = false;
  failure_ = "Simulation diverged and was paused: back-end " + backendInfo_->name + " (" +
             integratorName(integrator_) + "), step " + std::to_string(state_.step) + " (t = " +
             formatTime(state_.t, dt_) + " s): " + problem + ". Reset, or try a smaller step size or another integrator.";
  spdlog::error("{}", failure_);
  return false;
}

// What went wrong in the last step, or an empty string.
std::string Simulation::divergenceLocked(const StepStatus& status, const State& state,
                                         const EnergyReport& energy) const {
  if (!status.ok) return status.message;
  return divergence(state, energy, EnergyBound{referenceEnergy_, energyScale_});  // the bound `articulab run` uses
}

void Simulation::recordSampleLocked(const EnergyReport& energy) {
  DriftReport drift = computeDrift(*model_, state_);
  double row[kComparedChannelCount] = {state_.t, energy.kinetic, energy.potential, energy.total(), drift.total.position,
                                       drift.total.rotation, NAN, NAN, NAN};
  if (compareSolver_) {
    const DriftReport compared = computeDrift(*model_, compareState_);
    row[kCompareTotal] = computeEnergy(*model_, compareState_).total();
    row[kCompareDriftPosition] = compared.total.position;
    row[kCompareDriftRotation] = compared.total.rotation;
  }
  series_.markSegment(state_.t, backendInfo_->name);  // plots credit each stretch to its back-end
  series_.push(row);  // reads the comparison's values only while its channels are there
}

void Simulation::resetReferenceEnergyLocked() {
  const EnergyBound bound = energyBoundAt(*model_, state_);
  referenceEnergy_ = bound.reference;
  energyScale_ = bound.scale;
}

void Simulation::updateStatsLocked(double wallSeconds, double simSeconds, long steps, double stepWallSeconds) {
  windowWall_ += wallSeconds;
  windowSim_ += simSeconds;
  windowSteps_ += steps;
  windowStepWall_ += stepWallSeconds;
  if (windowWall_ < kStatsWindow) return;
  stats_.realTimeFactor = windowSim_ / windowWall_;
  stats_.stepsPerSecond = windowSteps_ / windowWall_;
  stats_.stepSeconds = windowSteps_ > 0 ? windowStepWall_ / windowSteps_ : 0.0;
  windowWall_ = windowSim_ = windowStepWall_ = 0.0;
  windowSteps_ = 0;
}

bool Simulation::setRunning(bool running, std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!solver_) {
    error = "no scene is loaded";
    return false;
  }
  if (running && !failure_.empty()) {
    error = "the simulation diverged; press Reset before playing again";
    return false;
  }
  running_ = running;
  debt_ = 0.0;
  windowWall_ = windowSim_ = windowStepWall_ = 0.0;
  windowSteps_ = 0;
  if (!running) stats_.realTimeFactor = stats_.stepsPerSecond = 0.0;
  wake_.notify_all();
  return true;
}

bool Simulation::stepOnce(std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!solver_ || !failure_.empty()) {
    error = solver_ ? "the simulation diverged; press Reset first" : "no scene is loaded";
    return false;
  }
  running_ = false;
  Clock::time_point start = Clock::now();
  StepStatus status = stepLocked();
  stats_.stepSeconds = seconds(Clock::now() - start);
  if (checkHealthLocked(status)) return true;
  error = failure_;
  return false;
}

bool Simulation::advance(long steps, std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!solver_ || !failure_.empty()) {
    error = solver_ ? failure_ : "no scene is loaded";
    return false;
  }
  Clock::time_point start = Clock::now();
  long taken = 0;
  bool healthy = true;
  while (healthy && taken < steps) {
    healthy = checkHealthLocked(stepLocked());
    ++taken;
  }
  if (taken > 0) stats_.stepSeconds = seconds(Clock::now() - start) / taken;
  if (!healthy) error = failure_;
  return healthy;
}

void Simulation::reset() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!model_) return;
  restartLocked();
  spdlog::info("reset '{}' to its initial state", model_->name);
}

bool Simulation::setSpeed(double multiplier, std::string& error) {
  error = checkSpeed(multiplier);
  if (!error.empty()) return false;
  std::lock_guard<std::mutex> lock(mutex_);
  speed_ = multiplier;
  return true;
}

bool Simulation::setStepSize(double secondsPerStep, std::string& error) {
  error = checkStepSize(secondsPerStep);
  if (!error.empty()) return false;
  std::lock_guard<std::mutex> lock(mutex_);
  dt_ = secondsPerStep;
  debt_ = 0.0;
  sampleEvery_ = std::max(1L, std::lround(kSamplePeriod / dt_));
  spdlog::info("step size set to {} s", dt_);
  return true;
}

bool Simulation::setBackend(const std::string& name, std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  const BackendInfo* info = findBackend(name);
  if (!info) {
    error = "unknown back-end '" + name + "' (available: " + backendNames() + ")";
    return false;
  }
  if (!model_) {
    error = "no scene is loaded";
    return false;
  }
  const SceneIntegratorChoice choice = choiceLocked(*info);
  const SolverSupport& support = choice.support;
  if (!support.ok) {
    error = "back-end " + name + " cannot run scene '" + model_->name + "': " + support.reason;
    return false;
  }
  try {
    solver_ = info->create(*model_, solverOptionsFor(*model_, choice.integrator));
  } catch (const std::exception& e) {
    error = "back-end " + name + " failed to start: " + e.what();
    return false;
  }
  backendInfo_ = info;
  integrator_ = choice.integrator;
  warnings_ = support.warnings;
  state_.outputs.contactCount = 0;  // the outputs of the last step belong to the other back-end
  state_.outputs.iterations = -1;
  state_.outputs.residual = 0.0;
  stats_.iterations = -1;
  refreshOffersLocked();
  for (const std::string& warning : support.warnings) spdlog::warn("{}: {}", name, warning);
  for (const std::string& note : support.notes) spdlog::info("{}: {}", name, note);
  series_.markSegment(state_.t, name);
  spdlog::info("switched to back-end {} at t = {} s, keeping the state", name, formatTime(state_.t, dt_));
  return true;
}

SceneIntegratorChoice Simulation::choiceLocked(const BackendInfo& info) const {
  return info.supports.choose(*model_, integrator_.name());
}

// What the current back-end offers, and why an entry cannot be chosen on this model.
void Simulation::refreshOffersLocked() {
  offers_.clear();
  if (!backendInfo_ || !model_) return;
  for (const IntegratorInfo& offered : backendInfo_->integrators) {
    const SolverSupport support = backendInfo_->supports(*model_, solverOptionsFor(*model_, offered.integrator));
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
    if (compareInfo_) spdlog::info("comparison run on {} ended", compareInfo_->name);
    compareInfo_ = nullptr;
    compareSolver_.reset();
    compareNote_.clear();
    series_.setChannels(sampleChannels());
    recordSampleLocked(computeEnergy(*model_, state_));
    return true;
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
  compareInfo_ = info;
  restartLocked();
  if (!compareSolver_) {
    error = compareNote_;
    return false;
  }
  spdlog::info("comparing back-end {} with {} on '{}': both restarted from the initial state", backendInfo_->name,
               info->name, model_->name);
  return true;
}

std::string Simulation::setIntegrator(Integrator integrator) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!model_ || !backendInfo_) return "no scene is loaded";
  if (!backendInfo_->findIntegrator(integrator.name()))
    return integratorRefusal(backendInfo_->name, integrator, backendInfo_->integrators);
  const SolverSupport support = backendInfo_->supports(*model_, solverOptionsFor(*model_, integrator));
  if (!support.ok) return "back-end " + backendInfo_->name + " cannot run scene '" + model_->name + "': " + support.reason;
  if (std::string refused = solver_->setIntegrator(integrator); !refused.empty()) return refused;
  integrator_ = integrator;
  warnings_ = support.warnings;
  if (compareSolver_) {
    const SceneIntegratorChoice choice = choiceLocked(*compareInfo_);
    if (!(choice.integrator == compareIntegrator_) && compareSolver_->setIntegrator(choice.integrator).empty())
      compareIntegrator_ = choice.integrator;
    for (const std::string& warning : choice.support.warnings) spdlog::warn("{} (comparison run): {}", compareInfo_->name, warning);
  }
  spdlog::info("integrator set to {}", integratorName(integrator));
  return "";
}

// Edits a copy of the model (drawing may still hold the old one) and rebuilds the solver for it.
std::string Simulation::editModelLocked(const std::function<std::string(Model&)>& edit) {
  if (!model_) return "no scene is loaded";
  auto edited = std::make_shared<Model>(*model_);
  std::string reason = edit(*edited);
  if (!reason.empty()) return reason;
  std::unique_ptr<Solver> solver;
  try {
    solver = backendInfo_->create(*edited, solverOptionsFor(*edited, integrator_));
  } catch (const std::exception& e) {
    return "back-end " + backendInfo_->name + " failed to start on the edited model: " + e.what();
  }
  model_ = std::move(edited);
  ++modelVersion_;
  solver_ = std::move(solver);  // the state keeps t, q, qdot and the history (State::history)
  refreshOffersLocked();
  if (compareSolver_) createComparisonLocked();  // the comparison carries on with the edited model
  resetReferenceEnergyLocked();
  return "";
}

std::string Simulation::editJoint(int joint, JointField field, double value, int coordinate) {
  std::lock_guard<std::mutex> lock(mutex_);
  return editModelLocked([&](Model& m) { return setJointField(m, joint, field, value, coordinate); });
}

std::string Simulation::editBodyMass(int body, double mass) {
  std::lock_guard<std::mutex> lock(mutex_);
  return editModelLocked([&](Model& m) { return setBodyMass(m, body, mass); });
}

std::string Simulation::editForce(int element, ForceField field, double value, int coordinate) {
  std::lock_guard<std::mutex> lock(mutex_);
  return editModelLocked([&](Model& m) { return setForceField(m, element, field, value, coordinate); });
}

std::string Simulation::editGravity(const Vector3& gravity) {
  std::lock_guard<std::mutex> lock(mutex_);
  return editModelLocked([&](Model& m) { return setGravity(m, gravity); });
}

std::string Simulation::editDriftControl(DriftControl drift, double alpha, double beta) {
  std::lock_guard<std::mutex> lock(mutex_);
  return editModelLocked([&](Model& m) { return setDriftControl(m, drift, alpha, beta); });
}

void Simulation::setPerturbation(const Perturbation& perturbation) {
  std::lock_guard<std::mutex> lock(mutex_);
  state_.perturbation = perturbation;
}

void Simulation::snapshot(Snapshot& out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  out.model = model_;
  out.modelVersion = modelVersion_;
  out.state = state_;
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
  const StepOutputs& outputs = state_.outputs;
  for (int c = 0; c < outputs.contactCount; ++c) out.contactPoints.push_back(outputs.contacts[c].point);
  out.compareRunning = compareSolver_ != nullptr;
  if (out.compareRunning) out.compareState = compareState_;
}

void Simulation::copySamples(TimeSeries& dest, std::uint64_t& consumed, std::uint64_t& generation) const {
  std::lock_guard<std::mutex> lock(mutex_);
  dest.appendNewRows(series_, consumed, generation);
}

TimeSeries Simulation::samples() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return series_;
}

}  // namespace articulab::gui
