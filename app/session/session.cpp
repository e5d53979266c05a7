#include "app/session/session.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include "app/session/parameter_checks.hpp"

namespace articulab::session {

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

}  // namespace

Session::~Session() { stopThread(); }

bool Session::hasModel() const {
  std::lock_guard<std::mutex> lock(core_.mutex);
  return !core_.runs.empty();
}

void Session::startThread() { physics_.start(); }

bool Session::stopThread(double graceSeconds) {
  std::unique_lock<std::mutex> lock(core_.mutex);
  core_.quit = true;
  core_.wake.notify_all();
  const auto done = [this] { return (core_.threadDone || !physics_.started()) && core_.loadingPath.empty(); };
  bool ended = true;
  if (graceSeconds < 0.0) core_.stepEnded.wait(lock, done);
  else ended = core_.stepEnded.wait_for(lock, std::chrono::duration<double>(graceSeconds), done);
  lock.unlock();
  physics_.finish(ended);
  scenes_.finishLoading(ended);
  return ended;
}

void Session::setTestStepDelay(double secondsPerStep) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  core_.testStepDelay = std::max(0.0, secondsPerStep);
}

bool Session::cancelStep() {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (!core_.commands.stepping()) return false;
  core_.runs.cancelFlag().request();  // the runs are the physics thread's now: only the flag is touched
  core_.running = false;
  core_.stepRequests = 0;
  spdlog::info("cancelling the running step; the simulation pauses");
  return true;
}

bool Session::setRunning(bool running, std::string& error) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.runs.empty()) {
    error = "no scene is loaded";
    return false;
  }
  if (running && !core_.failure.empty()) {
    error = "the simulation diverged; press Reset before playing again";
    return false;
  }
  core_.running = running;  // a running step ends and is published; no further one starts
  if (running) core_.viewing = -1;  // playing goes on from the live state, not from a keyframe shown
  core_.debt = 0.0;
  core_.window.clear();
  if (!running) core_.stats.realTimeFactor = core_.stats.stepsPerSecond = 0.0;
  core_.wake.notify_all();
  return true;
}

bool Session::stepOnce(std::string& error) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.runs.empty() || !core_.failure.empty()) {
    error = core_.runs.empty() ? "no scene is loaded" : "the simulation diverged; press Reset first";
    return false;
  }
  core_.running = false;
  core_.viewing = -1;  // a step goes on from the live state, which the view shows again
  if (physics_.started() && !core_.quit) {  // the physics thread takes it: the UI never waits for a step
    core_.stepRequests = 1;
    core_.wake.notify_all();
    return true;
  }
  const Clock::time_point start = Clock::now();
  const bool healthy = core_.stepHereLocked();
  core_.publishStatesLocked();
  core_.stats.stepSeconds = seconds(Clock::now() - start);
  if (!healthy) error = core_.failure;
  return healthy;
}

bool Session::advance(long steps, std::string& error) {
  std::unique_lock<std::mutex> lock(core_.mutex);
  core_.stepEnded.wait(lock, [this] { return !core_.commands.stepping(); });
  if (core_.runs.empty() || !core_.failure.empty()) {
    error = core_.runs.empty() ? "no scene is loaded" : core_.failure;
    return false;
  }
  core_.viewing = -1;  // steps go on from the live state, which the view shows again
  const Clock::time_point start = Clock::now();
  long taken = 0;
  bool healthy = true;
  while (healthy && taken < steps) {
    healthy = core_.stepHereLocked();
    ++taken;
  }
  core_.publishStatesLocked();
  if (taken > 0) core_.stats.stepSeconds = seconds(Clock::now() - start) / static_cast<double>(taken);
  if (!healthy) error = core_.failure;
  return healthy;
}

void Session::reset() {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.runs.empty()) return;
  core_.commandLocked("reset", [this] {
    core_.samples.keepAsPrevious();  // the finished run stays on the plots, faded, until cleared
    core_.restartLocked();
    spdlog::info("reset '{}' to its initial state", core_.runs.main().model().name);
    return std::string();
  });
}

bool Session::setSpeed(double multiplier, std::string& error) {
  error = checkSpeed(multiplier);
  if (!error.empty()) return false;
  std::lock_guard<std::mutex> lock(core_.mutex);
  core_.speed = multiplier;  // read by the physics thread between steps only
  return true;
}

void Session::setPerturbation(const Perturbation& perturbation) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.runs.empty()) return;
  core_.commandLocked("mouse pull", [this, perturbation] {
    core_.runs.main().setPerturbation(perturbation);
    return std::string();
  }, false);
}

void Session::snapshot(Snapshot& out) const {
  std::lock_guard<std::mutex> lock(core_.mutex);
  core_.snapshotLocked(out);
}

void Session::copySamples(TimeSeries& dest, std::uint64_t& consumed, std::uint64_t& generation) const {
  std::lock_guard<std::mutex> lock(core_.mutex);
  dest.appendNewRows(core_.samples.series(), consumed, generation);
}

void Session::copyComparison(TimeSeries& dest, std::uint64_t& consumed, std::uint64_t& generation) const {
  std::lock_guard<std::mutex> lock(core_.mutex);
  dest.appendNewRows(core_.samples.comparison(), consumed, generation);
}

TimeSeries Session::comparison() const {
  std::lock_guard<std::mutex> lock(core_.mutex);
  return core_.samples.comparison();
}

TimeSeries Session::samples() const {
  std::lock_guard<std::mutex> lock(core_.mutex);
  return core_.samples.series();
}

TimeSeries Session::previousRun() const {
  std::lock_guard<std::mutex> lock(core_.mutex);
  return core_.samples.previous();
}

void Session::clearPreviousRun() {
  std::lock_guard<std::mutex> lock(core_.mutex);
  core_.samples.clearPrevious();
}

void Session::updateChannels(ChannelRecording& recording) const {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.runs.empty()) return;
  recording.update({*core_.setup.model, core_.setup.plan, core_.sceneVersion, core_.modelVersion, core_.history});
}

std::string Session::recordRun(const RecorderColumns& columns, long every) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.runs.empty()) return "no scene is loaded";
  return core_.commandLocked("recording the run", [this, columns, every] {
    core_.runs.main().record(columns, every);
    return std::string();
  });
}

bool Session::writeRunRecording(std::ostream& out, std::string& error) {
  std::unique_lock<std::mutex> lock(core_.mutex);
  core_.stepEnded.wait(lock, [this] { return !core_.commands.stepping(); });
  if (core_.runs.empty() || !core_.runs.main().recorder()) {
    error = "the run records nothing: recordRun first";
    return false;
  }
  Run& main = core_.runs.main();
  if (!main.failed()) main.finishRecording();
  main.recorder()->writeCsv(out);
  if (out) return true;
  error = "writing the recording failed";
  return false;
}

}  // namespace articulab::session
