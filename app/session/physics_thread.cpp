#include "app/session/physics_thread.hpp"

#include <algorithm>
#include <chrono>

#include <spdlog/spdlog.h>

#include "engine/run/time_text.hpp"
#include "engine/solvers/step_cost_estimate.hpp"

namespace articulab::session {

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kBatchBudget = 2e-3;  // s of wall time per batch of steps between pacing sleeps
constexpr double kMaxWallGap = 0.1;    // s; longer stalls are not caught up

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

// The test hook's slow step (Session::setTestStepDelay), cut short by a cancel as the solvers'
// check points cut a slow step short.
void testDelay(double delay, const CancelFlag& cancel) {
  const Clock::time_point end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(delay));
  while (Clock::now() < end && !cancel.requested()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

}  // namespace

void PhysicsThread::start() {
  if (thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(core_.mutex);
    core_.quit = false;
    core_.threadDone = false;
  }
  thread_ = std::thread(&PhysicsThread::loop, this);
}

void PhysicsThread::finish(bool ended) {
  if (!thread_.joinable()) return;
  if (ended) thread_.join();
  else thread_.detach();  // inside a step that does not end: see Workbench::stopSession
}

// Steps to keep simulated time at speed x wall time; the lock is released during each step.
void PhysicsThread::loop() {
  Clock::time_point last = Clock::now();
  std::unique_lock<std::mutex> lock(core_.mutex);
  while (!core_.quit) {
    const bool runnable = !core_.runs.empty() && core_.failure.empty();
    if (runnable && !core_.running && core_.stepRequests > 0) {
      core_.stepRequests = 0;
      stepUnlocked(lock);
      last = Clock::now();
      continue;
    }
    if (!core_.running || !runnable) {
      core_.wake.wait_for(lock, std::chrono::milliseconds(50));
      last = Clock::now();
      continue;
    }
    const Clock::time_point now = Clock::now();
    const double wall = seconds(now - last);
    last = now;
    runBatch(lock, wall);
    const double owed = core_.setup.plan.dt - core_.debt;
    const auto pause = std::chrono::duration<double>(std::clamp(owed / core_.speed, 1e-4, 5e-3));
    lock.unlock();
    std::this_thread::sleep_for(pause);
    lock.lock();
  }
  core_.threadDone = true;
  core_.stepEnded.notify_all();
}

void PhysicsThread::runBatch(std::unique_lock<std::mutex>& lock, double wallSeconds) {
  SessionCore& c = core_;
  c.debt += std::min(wallSeconds, kMaxWallGap) * c.speed;
  const Clock::time_point start = Clock::now();
  long steps = 0;
  double simulated = 0.0;
  while (!c.quit && c.running && !c.runs.empty() && c.debt >= c.setup.plan.dt &&
         seconds(Clock::now() - start) < kBatchBudget) {
    const double dt = c.setup.plan.dt;
    const bool healthy = stepUnlocked(lock);
    ++steps;
    simulated += dt;
    c.debt -= dt;
    if (!healthy) break;
  }
  // Time the simulation could not keep up with is dropped rather than accumulated: a scene too
  // heavy for real time runs as fast as it can, and the real-time factor shows it.
  c.debt = std::min(c.debt, std::max(2.0 * c.setup.plan.dt, 0.1 * c.speed));
  c.window.add(wallSeconds, simulated, steps, seconds(Clock::now() - start), c.stats);
}

bool PhysicsThread::stepUnlocked(std::unique_lock<std::mutex>& lock) {
  SessionCore& c = core_;
  const double delay = c.testStepDelay;
  c.commands.beginStep();  // from here on the runs are this thread's until endStep
  c.stepStarted = Clock::now();
  CancelFlag& cancel = c.runs.cancelFlag();  // atomic: Session::cancelStep sets it during the step
  lock.unlock();
  if (delay > 0.0) testDelay(delay, cancel);
  const std::string thrown = stepRuns(c.runs);
  lock.lock();
  const bool cancelled = cancel.requested();
  cancel.clear();
  if (!cancelled) c.stats.lastStepSeconds = seconds(Clock::now() - c.stepStarted);
  c.publishStatesLocked();
  if (c.quit) {  // stopping: what waited for this step is dropped
    c.commands.dropQueued();
    return true;
  }
  const bool healthy = c.runs.mainCancelled() || c.finishStepLocked(thrown);
  if (cancelled) noticeCancelled();
  c.commands.endStep();
  c.stepEnded.notify_all();
  return healthy;
}

void PhysicsThread::noticeCancelled() {
  SessionCore& c = core_;
  const State& state = c.runs.main().state();
  const std::string text = "The running step was cancelled after " +
                           formatDuration(seconds(Clock::now() - c.stepStarted)) + "; the simulation is paused at t = " +
                           formatTime(state.t, c.setup.plan.dt) + " s.";
  spdlog::info("{}", text);
  c.postNoticeLocked(text);
}

}  // namespace articulab::session
