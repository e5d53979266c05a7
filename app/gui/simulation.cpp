#include "app/gui/simulation.hpp"
#include "app/gui/time_format.hpp"

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
#include "engine/forces/muscle_readings.hpp"
#include "engine/solvers/step_cost_estimate.hpp"

namespace articulab::gui {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kSampleCapacity = 1 << 17;
constexpr double kBatchBudget = 2e-3;     // s of wall time per batch of steps between pacing sleeps
constexpr double kMaxWallGap = 0.1;       // s; longer stalls are not caught up
constexpr double kStatsWindow = 0.5;      // s of wall time per statistics update

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

// The muscles' power at the state with other activations (swapped in and back: no copy).
double musclePowerWith(const Model& model, State& state, VectorX& activations) {
  if (activations.size() != state.activations.size()) return computeEnergy(model, state).musclePower;
  state.activations.swap(activations);
  double power = 0.0;
  for (std::size_t m = 0; m < model.muscles.size(); ++m) power += readMuscle(model, state, m).power;
  state.activations.swap(activations);
  return power;
}

// A step that throws (out of memory, say) is a failed step, never the end of the program.
StepStatus guardedStep(Solver& solver, const Model& model, State& state, double dt) {
  try {
    return solver.step(model, state, dt);
  } catch (const std::exception& e) {
    return StepStatus{false, std::string("the step failed: ") + e.what()};
  }
}

}  // namespace

struct Simulation::PreparedScene {
  std::shared_ptr<Model> model;
  const BackendInfo* info = nullptr;
  SceneIntegratorChoice choice;
  std::unique_ptr<Solver> solver;
  std::string path;
  ParameterOverrides overrides;
  std::string slowWarning;
};

Simulation::Simulation() : series_(sampleChannels(), kSampleCapacity) {}

Simulation::~Simulation() { stopThread(); }

bool Simulation::hasModel() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return model_ != nullptr;
}

bool Simulation::load(const std::string& path, const ParameterOverrides& overrides, const std::string& preferredBackend,
                      std::string& error) {
  auto scene = std::make_shared<PreparedScene>();
  try {
    auto model = std::make_shared<Model>(loadScene(path, overrides, sceneLimits_));
    validateSceneChoices(*model, preferredBackend.empty(), true);
    error = prepareScene(model, preferredBackend.empty() ? model->defaults.backend : preferredBackend, *scene);
  } catch (const std::exception& e) {  // the loader's message, a refusal, or out of memory
    error = e.what();
  }
  if (!error.empty()) {
    spdlog::error("cannot open scene: {}", error);
    return false;
  }
  scene->path = path;
  scene->overrides = overrides;
  std::lock_guard<std::mutex> lock(mutex_);
  commandLocked("opening " + path, [this, scene] {
    installSceneLocked(*scene);
    return std::string();
  });
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

bool Simulation::loadInBackground(const std::string& path, const ParameterOverrides& overrides, std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!loadingPath_.empty()) {
    error = "still opening " + loadingPath_ + "; wait until it is open";
    return false;
  }
  if (loader_.joinable()) loader_.join();  // ended: it released the lock for good
  loadingPath_ = path;
  loader_ = std::thread([this, path, overrides] {
    std::string failure;
    load(path, overrides, "", failure);  // never throws: every failure is a message
    std::lock_guard<std::mutex> done(mutex_);
    loadingPath_.clear();
    loadFinished_ = true;
    loadError_ = failure;
    stepEnded_.notify_all();
  });
  spdlog::info("opening {} ...", path);
  return true;
}

bool Simulation::takeLoadResult(std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!loadFinished_) return false;
  loadFinished_ = false;
  error = loadError_;
  return true;
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
    error.clear();
    return &other;
  }
  error += " (and no other back-end can: " + backendNames() + ")";
  return nullptr;
}

// Back-end, integrator and solver for a new model, without the lock (a big model's solver takes
// a while to build); an error when no back-end can run it.
std::string Simulation::prepareScene(std::shared_ptr<Model> model, const std::string& backend, PreparedScene& out) {
  std::string error;
  out.info = chooseBackend(*model, backend, error);
  if (!out.info) return error;
  out.choice = out.info->supports.choose(*model);
  try {
    out.solver = out.info->create(*model, solverOptionsFor(*model, out.choice.integrator));
  } catch (const std::exception& e) {
    return "back-end " + out.info->name + " failed to start: " + e.what();
  }
  out.slowWarning = slowStepWarning(out.info->name, *model, out.choice.integrator);
  out.model = std::move(model);
  return "";
}

void Simulation::installSceneLocked(PreparedScene& scene) {
  const SolverSupport& support = scene.choice.support;
  integrator_ = scene.choice.integrator;
  dt_ = scene.model->defaults.dt;
  for (const std::string& warning : support.warnings) spdlog::warn("{}: {}", scene.info->name, warning);
  for (const std::string& note : support.notes) spdlog::info("{}: {}", scene.info->name, note);
  model_ = scene.model;
  sceneModel_ = scene.model;  // edits replace model_ by an edited copy; this one stays as loaded
  edits_.clear();
  ++modelVersion_;
  if (scene.path != scenePath_ || scene.overrides != overrides_) ++sceneVersion_;  // a reload keeps the view
  solver_ = std::move(scene.solver);
  backendInfo_ = scene.info;
  warnings_ = support.warnings;
  state_ = makeInitialState(*model_);
  running_ = false;
  sampleEvery_ = std::max(1L, std::lround(kSamplePeriod / dt_));
  keyframeEvery_ = keyframeEvery(dt_);
  scenePath_ = scene.path;
  overrides_ = scene.overrides;
  refreshOffersLocked();
  if (compareInfo_) spdlog::info("comparison run on {} ended: another scene was opened", compareInfo_->name);
  compareInfo_ = nullptr;  // a comparison belongs to the scene it was started on
  if (previous_.size() > 0) {  // so does a finished run kept by Reset
    previous_.clear();
    ++previousVersion_;
  }
  compareSolver_.reset();
  compareNote_.clear();
  restartLocked();
  spdlog::info("opened scene '{}' from {} ({} bodies, back-end {}, {} integrator, dt = {} s)", model_->name,
               scenePath_, model_->bodyCount(), backendInfo_->name, integratorName(integrator_), dt_);
  slowWarning_ = scene.slowWarning;  // estimated before the lock
  if (!slowWarning_.empty()) spdlog::warn("slow steps ahead: {}", slowWarning_);
}

// Warns once per change when a step of the back-end and integrator in use will be slow.
void Simulation::refreshSlowWarningLocked() {
  if (!model_ || !backendInfo_) return;
  std::string warning = slowStepWarning(backendInfo_->name, *model_, integrator_);
  if (!warning.empty() && warning != slowWarning_) spdlog::warn("slow steps ahead: {}", warning);
  slowWarning_ = warning;
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
  series_.setChannels(channelsLocked());
  resetReferenceEnergyLocked();
  const EnergyReport energy = computeEnergy(*model_, state_);
  muscleWork_ = {0.0, energy.musclePower, state_.t};
  recordSampleLocked(energy);
  history_.clear();
  viewing_ = -1;
  recordKeyframeLocked();
}

std::vector<Channel> Simulation::channelsLocked() const {
  std::vector<std::string> muscles;
  for (const Muscle& muscle : model_->muscles) muscles.push_back(muscle.name);
  return sampleChannels(compareInfo_ ? compareInfo_->name : "", muscles);
}

// A step holds the activations of its start (Solver::step advances them after the step), so
// its work is the integral of the power with those: trapezoidal between the power at the start
// and the power at the end with the held activations.
void Simulation::accumulateMuscleWorkLocked(const StepOutcome& outcome) {
  MuscleWorkTally& w = muscleWork_;
  w.work += 0.5 * (w.power + outcome.heldMusclePower) * (state_.t - w.time);
  w.power = outcome.energy.musclePower;
  w.time = state_.t;
}

void Simulation::startThread() {
  if (thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = false;
    threadDone_ = false;
  }
  thread_ = std::thread(&Simulation::physicsLoop, this);
}

bool Simulation::stopThread(double graceSeconds) {
  std::unique_lock<std::mutex> lock(mutex_);
  quit_ = true;
  wake_.notify_all();
  const auto done = [this] { return (threadDone_ || !thread_.joinable()) && loadingPath_.empty(); };
  bool ended = true;
  if (graceSeconds < 0.0) stepEnded_.wait(lock, done);
  else ended = stepEnded_.wait_for(lock, std::chrono::duration<double>(graceSeconds), done);
  lock.unlock();
  for (std::thread* worker : {&thread_, &loader_}) {
    if (!worker->joinable()) continue;
    if (ended) worker->join();
    else worker->detach();  // inside a step or a load that does not end: see Workbench::stopSimulation
  }
  return ended;
}

void Simulation::setTestStepDelay(double secondsPerStep) {
  std::lock_guard<std::mutex> lock(mutex_);
  testStepDelay_ = std::max(0.0, secondsPerStep);
}

// Steps to keep simulated time at speed x wall time; the lock is released during each step.
void Simulation::physicsLoop() {
  Clock::time_point last = Clock::now();
  std::unique_lock<std::mutex> lock(mutex_);
  while (!quit_) {
    const bool runnable = solver_ && failure_.empty();
    if (runnable && !running_ && stepRequests_ > 0) {
      stepRequests_ = 0;
      stepUnlocked(lock);
      last = Clock::now();
      continue;
    }
    if (!running_ || !runnable) {
      wake_.wait_for(lock, std::chrono::milliseconds(50));
      last = Clock::now();
      continue;
    }
    Clock::time_point now = Clock::now();
    double wall = seconds(now - last);
    last = now;
    runBatch(lock, wall);
    double owed = dt_ - debt_;
    auto pause = std::chrono::duration<double>(std::clamp(owed / speed_, 1e-4, 5e-3));
    lock.unlock();
    std::this_thread::sleep_for(pause);
    lock.lock();
  }
  threadDone_ = true;
  stepEnded_.notify_all();
}

void Simulation::runBatch(std::unique_lock<std::mutex>& lock, double wallSeconds) {
  debt_ += std::min(wallSeconds, kMaxWallGap) * speed_;
  Clock::time_point start = Clock::now();
  long steps = 0;
  double simulated = 0.0;
  while (!quit_ && running_ && solver_ && debt_ >= dt_ && seconds(Clock::now() - start) < kBatchBudget) {
    const double dt = dt_;
    const bool healthy = stepUnlocked(lock);
    ++steps;
    simulated += dt;
    debt_ -= dt;
    if (!healthy) break;
  }
  // Time the simulation could not keep up with is dropped rather than accumulated: a scene too
  // heavy for real time runs as fast as it can, and the real-time factor shows it.
  debt_ = std::min(debt_, std::max(2.0 * dt_, 0.1 * speed_));
  updateStatsLocked(wallSeconds, simulated, steps, seconds(Clock::now() - start));
}

bool Simulation::stepUnlocked(std::unique_lock<std::mutex>& lock) {
  work_ = state_;  // allocates nothing once the sizes match
  const bool comparing = compareSolver_ != nullptr;
  if (comparing) compareWork_ = compareState_;
  const double dt = dt_, delay = testStepDelay_;
  commands_.beginStep();  // from here on solver_, model_ and the comparison stay as they are
  stepStarted_ = Clock::now();
  lock.unlock();
  if (delay > 0.0) std::this_thread::sleep_for(std::chrono::duration<double>(delay));
  StepOutcome outcome = stepStates(work_, compareWork_, dt);
  lock.lock();
  stats_.lastStepSeconds = seconds(Clock::now() - stepStarted_);
  std::swap(state_, work_);  // publish
  if (comparing) std::swap(compareState_, compareWork_);
  if (quit_) {  // stopping: what waited for this step is dropped
    commands_.dropQueued();
    return true;
  }
  const bool healthy = finishStepLocked(outcome);
  commands_.endStep();
  stepEnded_.notify_all();
  return healthy;
}

Simulation::StepOutcome Simulation::stepStates(State& state, State& compareState, double dt) const {
  StepOutcome out;
  try {
    const bool muscles = !model_->muscles.empty();
    if (muscles) heldActivations_ = state.activations;  // allocates only when the size changes
    const Clock::time_point started = Clock::now();
    out.status = guardedStep(*solver_, *model_, state, dt);
    state.outputs.stepSeconds = seconds(Clock::now() - started);
    out.energy = computeEnergy(*model_, state);
    if (muscles) out.heldMusclePower = musclePowerWith(*model_, state, heldActivations_);
    out.problem = divergenceLocked(out.status, state, out.energy);
    if (!compareSolver_) return out;
    compareState.perturbation = state.perturbation;
    const StepStatus status = guardedStep(*compareSolver_, *model_, compareState, dt);
    out.compareFailed = !status.ok;
    out.compareProblem = divergenceLocked(status, compareState, computeEnergy(*model_, compareState));
  } catch (const std::exception& e) {
    out.problem = std::string("the step failed: ") + e.what();
  }
  return out;
}

// After a step: solver statistics, the comparison stopped if it diverged, the sample recorded,
// and a divergence pauses the run with a message naming the back-end, the step and the quantity.
bool Simulation::finishStepLocked(const StepOutcome& outcome) {
  stats_.iterations = state_.outputs.iterations;
  stats_.residual = state_.outputs.residual;
  stats_.contactIterations = state_.outputs.contactIterations;
  stats_.contactChange = state_.outputs.contactChange;
  if (compareSolver_ && !outcome.compareProblem.empty()) {
    const std::string where = outcome.compareFailed ? ""  // a failed step's message says where
                                                    : " at step " + std::to_string(compareState_.step) + " (t = " +
                                                          formatTime(compareState_.t, dt_) + " s)";
    stopComparisonLocked("comparison run on " + compareInfo_->name + " stopped" + where + ": " +
                         outcome.compareProblem + "; Reset starts it again");
  }
  accumulateMuscleWorkLocked(outcome);
  if (state_.step % keyframeEvery_ == 0) recordKeyframeLocked();
  const std::string& problem = outcome.problem;
  if (state_.step % sampleEvery_ == 0 || !problem.empty()) recordSampleLocked(outcome.energy);
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

void Simulation::stopComparisonLocked(const std::string& why) {
  compareSolver_.reset();
  compareNote_ = why;
  spdlog::warn("{}", why);
}

void Simulation::recordSampleLocked(const EnergyReport& energy) {
  DriftReport drift = computeDrift(*model_, state_);
  const SampleLayout layout = sampleLayout(series_.channels());
  sampleRow_.assign(series_.channelCount(), NAN);  // allocates only when the channels grew
  double* row = sampleRow_.data();
  const double standard[kChannelCount] = {state_.t, energy.kinetic, energy.potential, energy.total(),
                                          drift.total.position, drift.total.rotation};
  std::copy(standard, standard + kChannelCount, row);
  if (compareSolver_ && layout.comparing) {
    const DriftReport compared = computeDrift(*model_, compareState_);
    row[kCompareTotal] = computeEnergy(*model_, compareState_).total();
    row[kCompareDriftPosition] = compared.total.position;
    row[kCompareDriftRotation] = compared.total.rotation;
  }
  for (std::size_t m = 0; m < layout.muscles && m < model_->muscles.size(); ++m) {
    const MuscleReading r = readMuscle(*model_, state_, m);
    const double values[kMuscleQuantityCount] = {r.excitation, r.activation, r.force, r.length, r.velocity};
    std::copy(values, values + kMuscleQuantityCount, row + layout.muscleChannel(m, kMuscleExcitation));
  }
  if (layout.muscles > 0) {
    row[layout.musclePower()] = energy.musclePower;
    row[layout.muscleWork()] = muscleWork_.work;
    row[layout.energyBalance()] = energy.total() - muscleWork_.work;
  }
  series_.markSegment(state_.t, backendInfo_->name);  // plots credit each stretch to its back-end
  series_.push(row);
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
  stats_.stepSeconds = windowSteps_ > 0 ? windowStepWall_ / windowSteps_ : stats_.lastStepSeconds;
  windowWall_ = windowSim_ = windowStepWall_ = 0.0;
  windowSteps_ = 0;
}

std::string Simulation::commandLocked(const std::string& what, std::function<std::string()> command, bool announce) {
  if (!commands_.stepping()) return command();
  if (announce) spdlog::info("{}: takes effect after the running step", what);
  commands_.runOrQueue([what, command = std::move(command)] {
    const std::string error = command();
    if (!error.empty()) spdlog::error("{}: {}", what, error);
  });
  return "";
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
  running_ = running;  // a running step ends and is published; no further one starts
  if (running) viewing_ = -1;  // playing goes on from the live state, not from a keyframe shown
  debt_ = 0.0;
  windowWall_ = windowSim_ = windowStepWall_ = 0.0;
  windowSteps_ = 0;
  if (!running) stats_.realTimeFactor = stats_.stepsPerSecond = 0.0;
  wake_.notify_all();
  return true;
}

bool Simulation::stepOnce(std::string& error) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!solver_ || !failure_.empty()) {
    error = solver_ ? "the simulation diverged; press Reset first" : "no scene is loaded";
    return false;
  }
  running_ = false;
  viewing_ = -1;  // a step goes on from the live state, which the view shows again
  if (thread_.joinable() && !quit_) {  // the physics thread takes it: the UI never waits for a step
    stepRequests_ = 1;
    wake_.notify_all();
    return true;
  }
  Clock::time_point start = Clock::now();
  const StepOutcome outcome = stepStates(state_, compareState_, dt_);
  stats_.stepSeconds = seconds(Clock::now() - start);
  if (finishStepLocked(outcome)) return true;
  error = failure_;
  return false;
}

bool Simulation::advance(long steps, std::string& error) {
  std::unique_lock<std::mutex> lock(mutex_);
  stepEnded_.wait(lock, [this] { return !commands_.stepping(); });
  if (!solver_ || !failure_.empty()) {
    error = solver_ ? failure_ : "no scene is loaded";
    return false;
  }
  viewing_ = -1;  // steps go on from the live state, which the view shows again
  Clock::time_point start = Clock::now();
  long taken = 0;
  bool healthy = true;
  while (healthy && taken < steps) {
    healthy = finishStepLocked(stepStates(state_, compareState_, dt_));
    ++taken;
  }
  if (taken > 0) stats_.stepSeconds = seconds(Clock::now() - start) / taken;
  if (!healthy) error = failure_;
  return healthy;
}

}  // namespace articulab::gui
