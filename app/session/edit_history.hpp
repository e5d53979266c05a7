// Undo and redo of the live model edits (parameters panel, muscle sliders, script set-*): every
// edit replaces the immutable Model by an edited copy, so the history keeps the models before
// each edit (shared, not copied) with what the edit was. Loading a scene clears it.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab::gui {

class EditHistory {
 public:
  static constexpr std::size_t kCapacity = 200;  // edits kept; the oldest are forgotten

  // An edit `what` replaced `before`. With merge, an edit of the same `what` as the last one
  // joins it (a slider drag is one edit). Forgets what could be redone.
  void recorded(std::shared_ptr<const Model> before, const std::string& what, bool merge);
  bool canUndo() const { return !undo_.empty(); }
  bool canRedo() const { return !redo_.empty(); }
  // "joint edit": what Undo / Redo would take back or do again; empty when nothing.
  std::string undoLabel() const { return undo_.empty() ? "" : undo_.back().what; }
  std::string redoLabel() const { return redo_.empty() ? "" : redo_.back().what; }
  // The model to go back (or forward) to; null when there is none.
  std::shared_ptr<const Model> undoTarget() const { return undo_.empty() ? nullptr : undo_.back().model; }
  std::shared_ptr<const Model> redoTarget() const { return redo_.empty() ? nullptr : redo_.back().model; }
  // After the target was installed: `current` is the model it replaced.
  void undone(std::shared_ptr<const Model> current);
  void redone(std::shared_ptr<const Model> current);
  void clear();

 private:
  struct Entry {
    std::shared_ptr<const Model> model;
    std::string what;
  };
  std::vector<Entry> undo_, redo_;
};

}  // namespace articulab::gui
