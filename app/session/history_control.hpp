// Scrubbing and resuming a live session's history (state_history.hpp): a keyframe shown instead
// of the live state, and the runs going on from it (Run::restore with the state and monitor of
// each run at that keyframe).
#pragma once

#include <string>

#include "app/session/session_core.hpp"

namespace articulab::session {

class HistoryControl {
 public:
  explicit HistoryControl(SessionCore& core) : core_(core) {}

  // Shows the keyframe at or before time t instead of the live state, pausing the run; false
  // (with the reason) without a history.
  bool view(double t, std::string& error);
  // Shows the live state again.
  void viewLive();
  // Continues the runs from the keyframe shown: their states and monitors (the muscles' work
  // included) as they were then; the keyframes and samples after it are dropped. False when
  // none is shown.
  bool resume(std::string& error);
  // Memory cap (MB, > 0) and length (s, 0: the whole run); clears the history.
  bool setLimits(double megabytes, double seconds, std::string& error);

 private:
  void resumeLocked(std::size_t keyframe);

  SessionCore& core_;
};

}  // namespace articulab::session
