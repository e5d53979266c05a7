// The live edits of a session, with undo and redo (edit_history.hpp): model edits (each a
// checked edit of a copy of the model, model_edits.hpp, installed with LiveRuns::replaceModel),
// the running back-end's own settings (RunRequest::settings, installed with Run::reconfigure
// and refused as `articulab run --setting` refuses them), and the joint-coordinate pose of a
// paused run (Run::restore). A refused value is reported at once; an accepted edit applies now,
// or right after the running step.
#pragma once

#include <functional>
#include <string>

#include "app/session/model_edits.hpp"
#include "app/session/session_core.hpp"

namespace articulab::session {

class LiveEdits {
 public:

  explicit LiveEdits(SessionCore& core) : core_(core) {}

  std::string joint(int joint, JointField field, double value, int coordinate = 0);
  std::string bodyMass(int body, double mass);
  std::string force(int element, ForceField field, double value, int coordinate = 0);
  std::string gravity(const Vector3& gravity);
  std::string groundFriction(double mu);
  std::string bodyFriction(int body, double mu);
  std::string driftControl(DriftControl drift, double alpha, double beta);
  // A setting of the running back-end (registry), e.g. "gmres-tolerance", as `--setting
  // NAME=VALUE` gives it: a number, or a name for a choice.
  std::string solverSetting(const std::string& name, const std::string& value);
  // The muscle's excitation becomes the constant u in [0, 1] from the next step on (refused
  // outside it); announce: say in the log when it waits for the running step (off for a slider
  // being dragged, whose edits then join into one).
  std::string muscleExcitation(int muscle, double excitation, bool announce = true);
  // Back to the excitation schedule of the scene file.
  std::string restoreMuscleSchedule(int muscle);
  // Joint sliders of a paused run: coordinate `coordinate` of joint `joint` becomes `value` (rad
  // or m), the loops re-closed by moving the other coordinates as little as they must
  // (engine/constraints/loop_closing.hpp), and the run goes on from that pose at rest. Refused
  // with the reason while playing, while a keyframe is shown, outside the joint's limits, or
  // where the loops cannot close. Not an edit of the model: no undo.
  std::string jointCoordinate(int joint, int coordinate, double value);
  // Takes back the last edit (any of the above but the pose) or does the last undone one again;
  // the state goes on from where it is. "nothing to undo" / "nothing to redo" otherwise.
  std::string undo();
  std::string redo();

 private:
  using ModelEdit = std::function<std::string(Model&)>;
  std::string editModel(const std::string& what, ModelEdit edit, bool announce = true);
  // Installs the setup (settings, then model), changing nothing when the runs refuse it.
  std::string installLocked(const EditedSetup& target);
  // Installs `target` and records the setup it replaced as the edit `what`.
  std::string editLocked(const EditedSetup& target, const std::string& what, bool merge);
  EditedSetup currentLocked() const;
  std::string travel(bool forward);

  SessionCore& core_;
};

}  // namespace articulab::session
