// Scrubbing and resuming the run's history (Simulation, state_history.hpp).
#include <spdlog/spdlog.h>

#include "app/gui/simulation.hpp"
#include "engine/run/time_text.hpp"

namespace articulab::gui {

void Simulation::recordKeyframeLocked() {
  history_.record(state_, compareSolver_ ? &compareState_ : nullptr, muscleWork_);
}

bool Simulation::viewHistory(double t, std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (history_.size() == 0) {
    error = "no history yet: play the scene first";
    return false;
  }
  running_ = false;  // a running step ends and is published; the view stays on the keyframe
  viewing_ = static_cast<long>(history_.indexAt(t));
  wake_.notify_all();
  return true;
}

void Simulation::viewLive() {
  std::lock_guard<std::mutex> lock(mutex_);
  viewing_ = -1;
}

// The run goes on from keyframe k: what followed it is dropped from the history and the plots.
void Simulation::resumeLocked(std::size_t k) {
  const Keyframe& frame = history_.at(k);
  state_ = frame.state;
  if (compareSolver_) compareState_ = frame.comparing ? frame.compareState : frame.state;
  muscleWork_ = frame.muscleWork;
  history_.dropAfter(k);
  series_.dropAfter(state_.t);
  failure_.clear();
  debt_ = 0.0;
  viewing_ = -1;
  spdlog::info("resumed from t = {} s (step {}); the run after it was dropped", formatTime(state_.t, dt_), state_.step);
}

bool Simulation::resumeFromHistory(std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (viewing_ < 0 || static_cast<std::size_t>(viewing_) >= history_.size()) {
    error = "no keyframe is shown: scrub the timeline first";
    return false;
  }
  const std::size_t k = static_cast<std::size_t>(viewing_);
  error = commandLocked("resume from history", [this, k] {
    if (k >= history_.size()) return std::string("the history changed meanwhile");
    resumeLocked(k);
    return std::string();
  });
  return error.empty();
}

bool Simulation::setHistoryLimits(double megabytes, double seconds, std::string& error) {
  if (!(megabytes >= 1.0 && megabytes <= 1e6)) {
    error = "history memory cap must be between 1 and 1e6 MB, got " + fmt::format("{:g}", megabytes);
    return false;
  }
  if (!(seconds >= 0.0 && seconds <= 1e9)) {
    error = "history length must be between 0 s (the whole run) and 1e9 s, got " + fmt::format("{:g}", seconds);
    return false;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  history_.setLimits(megabytes, seconds);
  viewing_ = -1;
  if (model_) recordKeyframeLocked();
  return true;
}

}  // namespace articulab::gui
