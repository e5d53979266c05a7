#include "app/session/edit_history.hpp"

#include <algorithm>
#include <utility>

namespace articulab::session {

bool sameSettings(const std::vector<SettingRequest>& a, const std::vector<SettingRequest>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const SettingRequest& x, const SettingRequest& y) {
    return x.backend == y.backend && x.name == y.name && x.value == y.value;
  });
}

void EditHistory::recorded(EditedSetup before, const std::string& what, bool merge) {
  redo_.clear();
  if (merge && !undo_.empty() && undo_.back().what == what) return;  // keeps the setup before the first
  undo_.push_back({std::move(before), what});
  if (undo_.size() > kCapacity) undo_.erase(undo_.begin());
}

void EditHistory::undone(EditedSetup current) {
  redo_.push_back({std::move(current), undo_.back().what});
  undo_.pop_back();
}

void EditHistory::redone(EditedSetup current) {
  undo_.push_back({std::move(current), redo_.back().what});
  redo_.pop_back();
}

void EditHistory::clear() {
  undo_.clear();
  redo_.clear();
}

}  // namespace articulab::session
