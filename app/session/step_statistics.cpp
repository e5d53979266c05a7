#include "app/session/step_statistics.hpp"

namespace articulab::session {

void StatsWindow::add(double wallSeconds, double simSeconds, long steps, double stepWallSeconds, SessionStats& stats) {
  wall_ += wallSeconds;
  sim_ += simSeconds;
  steps_ += steps;
  stepWall_ += stepWallSeconds;
  if (wall_ < kSeconds) return;
  stats.realTimeFactor = sim_ / wall_;
  stats.stepsPerSecond = steps_ / wall_;
  stats.stepSeconds = steps_ > 0 ? stepWall_ / steps_ : stats.lastStepSeconds;
  clear();
}

void StatsWindow::clear() {
  wall_ = sim_ = stepWall_ = 0.0;
  steps_ = 0;
}

}  // namespace articulab::session
