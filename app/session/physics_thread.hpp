// The physics thread of a live session: it keeps simulated time at wall time times the speed,
// taking each step of the runs without the lock (the command queue holds back what would touch
// them) and publishing the states after it, so the UI never waits for a step. A step the UI
// cancels (Session::cancelStep) ends at the solvers' next check point, the runs as before it.
#pragma once

#include <mutex>
#include <thread>

#include "app/session/session_core.hpp"

namespace articulab::session {

class PhysicsThread {
 public:
  explicit PhysicsThread(SessionCore& core) : core_(core) {}

  void start();
  bool started() const { return thread_.joinable(); }
  // After the session stopped waiting for it (SessionCore::quit set): joins the thread, or
  // detaches it when its step did not end in time.
  void finish(bool ended);

 private:
  void loop();
  // Steps while simulated time is behind wall time times the speed, for at most a short budget.
  void runBatch(std::unique_lock<std::mutex>& lock, double wallSeconds);
  // One step without the lock: the runs are stepped, then published, then the commands that
  // came meanwhile run. False when the step diverged.
  bool stepUnlocked(std::unique_lock<std::mutex>& lock);
  // After a step the UI cancelled (Session::cancelStep): says so in the log and the banner.
  void noticeCancelled();

  SessionCore& core_;
  std::thread thread_;
};

}  // namespace articulab::session
