#include "app/session/history_control.hpp"

#include <spdlog/spdlog.h>

#include "engine/run/time_text.hpp"

namespace articulab::session {

bool HistoryControl::view(double t, std::string& error) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.history.size() == 0) {
    error = "no history yet: play the scene first";
    return false;
  }
  core_.running = false;  // a running step ends and is published; the view stays on the keyframe
  core_.viewing = static_cast<long>(core_.history.indexAt(t));
  core_.wake.notify_all();
  return true;
}

void HistoryControl::viewLive() {
  std::lock_guard<std::mutex> lock(core_.mutex);
  core_.viewing = -1;
}

// The runs go on from keyframe k: what followed it is dropped from the history and the plots.
void HistoryControl::resumeLocked(std::size_t k) {
  const Keyframe& frame = core_.history.at(k);
  core_.runs.restore(frame.state, frame.monitor, frame.compared);
  const State& state = core_.runs.main().state();
  core_.history.dropAfter(k);
  core_.samples.dropAfter(state.t);
  core_.failure.clear();
  core_.debt = 0.0;
  core_.viewing = -1;
  spdlog::info("resumed from t = {} s (step {}); the run after it was dropped",
               formatTime(state.t, core_.runs.main().plan().dt), state.step);
}

bool HistoryControl::resume(std::string& error) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.viewing < 0 || static_cast<std::size_t>(core_.viewing) >= core_.history.size()) {
    error = "no keyframe is shown: scrub the timeline first";
    return false;
  }
  const std::size_t k = static_cast<std::size_t>(core_.viewing);
  error = core_.commandLocked("resume from history", [this, k] {
    if (k >= core_.history.size()) return std::string("the history changed meanwhile");
    resumeLocked(k);
    return std::string();
  });
  return error.empty();
}

bool HistoryControl::setLimits(double megabytes, double seconds, std::string& error) {
  if (!(megabytes >= 1.0 && megabytes <= 1e6)) {
    error = "history memory cap must be between 1 and 1e6 MB, got " + fmt::format("{:g}", megabytes);
    return false;
  }
  if (!(seconds >= 0.0 && seconds <= 1e9)) {
    error = "history length must be between 0 s (the whole run) and 1e9 s, got " + fmt::format("{:g}", seconds);
    return false;
  }
  std::lock_guard<std::mutex> lock(core_.mutex);
  core_.history.setLimits(megabytes, seconds);
  core_.viewing = -1;
  if (core_.runs.empty()) return true;
  core_.commandLocked("history limits", [this] {  // the runs' states: after a running step
    core_.recordKeyframeLocked();
    return std::string();
  }, false);
  return true;
}

}  // namespace articulab::session
