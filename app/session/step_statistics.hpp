// The statistics panel's figures of a live session: the step time, the steps per second and the
// real-time factor over windows of wall time, and the last step's solver outputs.
#pragma once

namespace articulab::session {

struct SessionStats {
  double stepSeconds = 0.0;     // mean wall time of one step over the last window, s
  double stepsPerSecond = 0.0;  // steps taken per wall-clock second
  double realTimeFactor = 0.0;  // simulated seconds per wall-clock second
  int iterations = -1;          // solver iterations of the last step; -1 when the back-end does not iterate
  double residual = 0.0;        // final residual of that iterative solve (State::outputs)
  int contactIterations = 0;    // staggered-projection iterations of the last step (0: no friction solve)
  double contactChange = 0.0;   // their last relative change of the contact force
  double lastStepSeconds = 0.0;  // wall time of the last step taken by the physics thread, s
};

// Sums of the physics thread's batches of steps; every kSeconds of wall time they become the
// rates of SessionStats and start again.
class StatsWindow {
 public:
  static constexpr double kSeconds = 0.5;  // of wall time per update

  // A batch: wall time it covered, simulated time and steps it took, wall time inside the steps.
  void add(double wallSeconds, double simSeconds, long steps, double stepWallSeconds, SessionStats& stats);
  void clear();

 private:
  double wall_ = 0.0, sim_ = 0.0, stepWall_ = 0.0;
  long steps_ = 0;
};

}  // namespace articulab::session
