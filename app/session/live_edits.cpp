#include "app/session/live_edits.hpp"

#include <spdlog/spdlog.h>

#include <cmath>


namespace articulab::session {

namespace {

// Why coordinate `coordinate` of joint `joint` cannot be set to `value` ("" when it can).
std::string checkCoordinateEdit(const Model& model, int joint, int coordinate, double value) {
  if (joint < 0 || joint >= static_cast<int>(model.joints.size()))
    return fmt::format("joint {} does not exist (the model has {})", joint, model.joints.size());
  const Joint& j = model.joints[joint];
  if (coordinate < 0 || coordinate >= j.nq)
    return fmt::format("joint '{}' has no coordinate {} (it has {})", j.name, coordinate, j.nq);
  if (!std::isfinite(value)) return "the value must be a finite number";
  if (j.hasLimits && (value < j.lower(coordinate) || value > j.upper(coordinate)))
    return fmt::format("{:g} is outside the limits [{:g}, {:g}] of joint '{}'", value, j.lower(coordinate),
                       j.upper(coordinate), j.name);
  return "";
}

// The settings with NAME=VALUE of the back-end in place of an earlier value of it.
std::vector<SettingRequest> withSetting(std::vector<SettingRequest> settings, const std::string& backend,
                                        const std::string& name, const std::string& value) {
  std::erase_if(settings, [&](const SettingRequest& s) { return s.backend == backend && s.name == name; });
  settings.push_back({backend, name, value});
  return settings;
}

}  // namespace

EditedSetup LiveEdits::currentLocked() const {
  const Run& main = core_.runs.main();
  return {main.sharedModel(), main.plan().request.settings};
}

std::string LiveEdits::installLocked(const EditedSetup& target) {
  const EditedSetup current = currentLocked();
  const bool newSettings = !sameSettings(target.settings, current.settings);
  const auto withSettings = [this](const std::vector<SettingRequest>& settings) {
    RunRequest request = core_.runs.main().plan().request;
    request.settings = settings;
    core_.runs.reconfigure(request);
  };
  try {
    if (newSettings) withSettings(target.settings);
  } catch (const std::exception& e) {
    return e.what();
  }
  if (target.model != current.model) {
    try {
      core_.runs.replaceModel(target.model);
    } catch (const std::exception& e) {
      const std::string refused = e.what();
      try {
        if (newSettings) withSettings(current.settings);  // they ran before
      } catch (const std::exception& again) {
        spdlog::error("restoring the settings after a refused model: {}", again.what());
      }
      return refused;
    }
    ++core_.modelVersion;
  }
  core_.publishSetupLocked();
  return "";
}

std::string LiveEdits::editLocked(const EditedSetup& target, const std::string& what, bool merge) {
  EditedSetup before = currentLocked();
  const std::string reason = installLocked(target);
  if (reason.empty()) core_.edits.recorded(std::move(before), what, merge);
  return reason;
}

// A refused value is reported at once (checked on a copy of the model); an accepted edit applies
// now, or right after the running step, to a copy of the model then (drawing may still hold the
// old one).
std::string LiveEdits::editModel(const std::string& what, ModelEdit edit, bool announce) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.runs.empty()) return "no scene is loaded";
  if (core_.commands.stepping()) {
    Model trial = *core_.setup.model;
    if (std::string reason = edit(trial); !reason.empty()) return reason;
  }
  // Edits that are not announced (a slider being dragged) join the last edit of the same kind.
  return core_.commandLocked(what, [this, edit, what, announce] {
    auto edited = std::make_shared<Model>(core_.runs.main().model());
    if (std::string reason = edit(*edited); !reason.empty()) return reason;
    return editLocked({std::move(edited), core_.runs.main().plan().request.settings}, what, !announce);
  }, announce);
}

std::string LiveEdits::joint(int joint, JointField field, double value, int coordinate) {
  return editModel(fmt::format("joint {} edit", joint),
                   [=](Model& m) { return setJointField(m, joint, field, value, coordinate); });
}

std::string LiveEdits::bodyMass(int body, double mass) {
  return editModel(fmt::format("body {} mass", body), [=](Model& m) { return setBodyMass(m, body, mass); });
}

std::string LiveEdits::force(int element, ForceField field, double value, int coordinate) {
  return editModel(fmt::format("force element {} edit", element),
                   [=](Model& m) { return setForceField(m, element, field, value, coordinate); });
}

std::string LiveEdits::gravity(const Vector3& gravity) {
  return editModel("gravity edit", [=](Model& m) { return setGravity(m, gravity); });
}

std::string LiveEdits::groundFriction(double mu) {
  return editModel("ground friction edit", [=](Model& m) { return setGroundFriction(m, mu); });
}

std::string LiveEdits::bodyFriction(int body, double mu) {
  return editModel(fmt::format("body {} friction", body), [=](Model& m) { return setBodyFriction(m, body, mu); });
}

std::string LiveEdits::driftControl(DriftControl drift, double alpha, double beta) {
  return editModel("drift control", [=](Model& m) { return setDriftControl(m, drift, alpha, beta); });
}

// The setting belongs to the back-end running when the edit applies; it is resolved at once on
// the published plan, and again when it applies.
std::string LiveEdits::solverSetting(const std::string& name, const std::string& value) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.runs.empty()) return "no scene is loaded";
  RunRequest request = core_.setup.plan.request;
  request.settings = withSetting(request.settings, core_.setup.plan.backend->name, name, value);
  try {
    resolveRun(*core_.setup.model, request);
  } catch (const std::exception& e) {
    return e.what();
  }
  const std::string what = "solver setting " + name;
  return core_.commandLocked(what, [this, name, value, what] {
    EditedSetup target = currentLocked();
    target.settings = withSetting(target.settings, core_.runs.main().backend().name, name, value);
    return editLocked(target, what, false);
  });
}

std::string LiveEdits::muscleExcitation(int muscle, double excitation, bool announce) {
  return editModel(fmt::format("muscle {} excitation", muscle),
                   [=](Model& m) { return setMuscleExcitation(m, muscle, excitation); }, announce);
}

// The schedule comes from the model as loaded (sceneModel), which edits never change.
std::string LiveEdits::restoreMuscleSchedule(int muscle) {
  std::shared_ptr<const Model> scene;
  {
    std::lock_guard<std::mutex> lock(core_.mutex);
    scene = core_.sceneModel;
  }
  if (!scene) return "no scene is loaded";
  return editModel(fmt::format("muscle {} schedule", muscle),
                   [=](Model& m) { return restoreMuscleExcitation(m, *scene, muscle); });
}

std::string LiveEdits::jointCoordinate(int joint, int coordinate, double value) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.runs.empty()) return "no scene is loaded";
  if (core_.running) return "pause the run first: the joint sliders set the pose of a paused run";
  if (core_.viewing >= 0) return "a keyframe of the history is shown: resume from it (or go live) first";
  if (std::string reason = checkCoordinateEdit(*core_.setup.model, joint, coordinate, value); !reason.empty())
    return reason;
  return core_.commandLocked("joint coordinate", [this, joint, coordinate, value] {
    Run& main = core_.runs.main();
    const int index = main.model().joints[joint].qIndex + coordinate;
    VectorX q = main.state().q;
    q(index) = value;
    std::vector<bool> held(static_cast<std::size_t>(q.size()), false);
    held[static_cast<std::size_t>(index)] = true;
    const VectorX atRest = VectorX::Zero(q.size());  // the loops' velocity rows hold too
    try {
      main.setCoordinates(std::move(q), atRest, held);
    } catch (const RunRefusal& refused) {
      return "refused: " + std::string(refused.what());
    }
    core_.failure.clear();
    return std::string();
  });
}

std::string LiveEdits::undo() { return travel(false); }

std::string LiveEdits::redo() { return travel(true); }

// Undo (forward false) or redo: installs the setup the edit history names and records the one it
// replaced on the other side.
std::string LiveEdits::travel(bool forward) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  EditHistory& edits = core_.edits;
  const std::string nothing = forward ? "nothing to redo" : "nothing to undo";
  if (!(forward ? edits.canRedo() : edits.canUndo())) return nothing;
  const std::string what = (forward ? "redo " : "undo ") + (forward ? edits.redoLabel() : edits.undoLabel());
  return core_.commandLocked(what, [this, forward, nothing] {
    EditHistory& edits = core_.edits;
    if (!(forward ? edits.canRedo() : edits.canUndo())) return nothing;
    EditedSetup current = currentLocked();
    const EditedSetup target = forward ? edits.redoTarget() : edits.undoTarget();
    const std::string reason = installLocked(target);
    if (reason.empty() && forward) edits.redone(std::move(current));
    if (reason.empty() && !forward) edits.undone(std::move(current));
    return reason;
  });
}

}  // namespace articulab::session
