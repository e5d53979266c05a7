// Commands from the UI to the live session. While the physics thread is inside a step, the runs
// belong to it: a command then waits in this queue and runs, in order, right after the step
// ends, so the UI never waits for a step. Not thread-safe by itself: the session's mutex guards
// it (commands run with that mutex held).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace articulab::session {

class CommandQueue {
 public:
  using Command = std::function<void()>;

  // Runs the command now when no step is running, else queues it under the name `what` (what
  // the UI lists while it waits); true when it ran now.
  bool runOrQueue(Command command, std::string what = "");
  // A step starts: commands from now on are queued.
  void beginStep() { stepping_ = true; }
  // The step ended: runs the queued commands in the order they came (a command may queue
  // nothing: none runs while stepping is on).
  void endStep();
  // The step ended while stopping: the queued commands are dropped.
  void dropQueued() {
    stepping_ = false;
    queue_.clear();
  }
  bool stepping() const { return stepping_; }
  std::size_t pending() const { return queue_.size(); }
  // The names of the queued commands, in the order they will run.
  std::vector<std::string> pendingNames() const;

 private:
  struct Queued {
    std::string what;
    Command command;
  };
  bool stepping_ = false;
  std::vector<Queued> queue_;
};

}  // namespace articulab::session
