#include "app/gui/edit_history.hpp"

#include <utility>

namespace articulab::gui {

void EditHistory::recorded(std::shared_ptr<const Model> before, const std::string& what, bool merge) {
  redo_.clear();
  if (merge && !undo_.empty() && undo_.back().what == what) return;  // keeps the model before the first
  undo_.push_back({std::move(before), what});
  if (undo_.size() > kCapacity) undo_.erase(undo_.begin());
}

void EditHistory::undone(std::shared_ptr<const Model> current) {
  redo_.push_back({std::move(current), undo_.back().what});
  undo_.pop_back();
}

void EditHistory::redone(std::shared_ptr<const Model> current) {
  undo_.push_back({std::move(current), redo_.back().what});
  redo_.pop_back();
}

void EditHistory::clear() {
  undo_.clear();
  redo_.clear();
}

}  // namespace articulab::gui
