#include "app/session/command_queue.hpp"

#include <utility>

namespace articulab::session {

bool CommandQueue::runOrQueue(Command command) {
  if (stepping_) {
    queue_.push_back(std::move(command));
    return false;
  }
  command();
  return true;
}

void CommandQueue::endStep() {
  stepping_ = false;
  std::vector<Command> ready;
  ready.swap(queue_);
  for (Command& command : ready) command();
}

}  // namespace articulab::session
