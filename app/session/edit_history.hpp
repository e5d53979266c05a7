// Undo and redo of the live edits (parameters panel, muscle sliders, script set-*, setting,
// drift-control): every edit replaces the immutable Model by an edited copy, or the back-ends'
// settings the run asks for (RunRequest::settings) by an edited list, so the history keeps what
// was there before each edit (models shared, not copied) with what the edit was. Loading a scene
// clears it.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/run/run_request.hpp"

namespace articulab::session {

// What the edits change: the model the runs step and the settings their request names.
struct EditedSetup {
  std::shared_ptr<const Model> model;
  std::vector<SettingRequest> settings;
};

// Whether two lists name the same settings with the same values, in the same order.
bool sameSettings(const std::vector<SettingRequest>& a, const std::vector<SettingRequest>& b);

class EditHistory {
 public:
  static constexpr std::size_t kCapacity = 200;  // edits kept; the oldest are forgotten

  // An edit `what` replaced `before`. With merge, an edit of the same `what` as the last one
  // joins it (a slider drag is one edit). Forgets what could be redone.
  void recorded(EditedSetup before, const std::string& what, bool merge);
  bool canUndo() const { return !undo_.empty(); }
  bool canRedo() const { return !redo_.empty(); }
  // "joint edit": what Undo / Redo would take back or do again; empty when nothing.
  std::string undoLabel() const { return undo_.empty() ? "" : undo_.back().what; }
  std::string redoLabel() const { return redo_.empty() ? "" : redo_.back().what; }
  // The setup to go back (or forward) to; only when canUndo() (canRedo()).
  const EditedSetup& undoTarget() const { return undo_.back().setup; }
  const EditedSetup& redoTarget() const { return redo_.back().setup; }
  // After the target was installed: `current` is the setup it replaced.
  void undone(EditedSetup current);
  void redone(EditedSetup current);
  void clear();

 private:
  struct Entry {
    EditedSetup setup;
    std::string what;
  };
  std::vector<Entry> undo_, redo_;
};

}  // namespace articulab::session
