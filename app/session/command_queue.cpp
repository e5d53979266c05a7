#include "app/session/command_queue.hpp"

#include <utility>

namespace articulab::session {

bool CommandQueue::runOrQueue(Command command, std::string what) {
  if (stepping_) {
    queue_.push_back({std::move(what), std::move(command)});
    return false;
  }
  command();
  return true;
}

void CommandQueue::endStep() {
  stepping_ = false;
  std::vector<Queued> ready;
  ready.swap(queue_);
  for (Queued& queued : ready) queued.command();
}

std::vector<std::string> CommandQueue::pendingNames() const {
  std::vector<std::string> names;
  for (const Queued& queued : queue_) names.push_back(queued.what);
  return names;
}

}  // namespace articulab::session
