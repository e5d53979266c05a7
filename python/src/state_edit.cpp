#include "python/src/state_edit.hpp"


#include "engine/algorithm/kinematics.hpp"
#include "engine/constraints/loop_closing.hpp"
#include "engine/multibody/coordinate_check.hpp"
#include "python/src/errors.hpp"
#include "python/src/number_text.hpp"

namespace articulab::python {

namespace {

// A coordinate outside its joint's limits, as the app's joint sliders refuse it; "" when none is.
std::string limitViolation(const Model& model, const VectorX& q) {
  for (const Joint& joint : model.joints) {
    if (!joint.hasLimits) continue;
    for (int c = 0; c < joint.nq; ++c) {
      const double value = q[joint.qIndex + c];
      if (value < joint.lower[c] || value > joint.upper[c])
        return "coordinate " + std::to_string(joint.qIndex + c) + " = " + numberText(value) + " is outside the limits [" +
               numberText(joint.lower[c]) + ", " + numberText(joint.upper[c]) + "] of joint '" + joint.name + "'";
    }
  }
  return "";
}

std::vector<bool> heldCoordinates(const Model& model, const VectorX& current, const VectorX& q,
                                  const std::optional<std::vector<int>>& hold) {
  std::vector<bool> held(static_cast<std::size_t>(model.nq), false);
  if (!hold) {
    for (int i = 0; i < model.nq; ++i) held[i] = q[i] != current[i];
    return held;
  }
  for (int i : *hold) {
    if (i < 0 || i >= model.nq)
      throw InputError("hold", "expected coordinate indices in [0, " + std::to_string(model.nq) + "), got " +
                                   std::to_string(i));
    held[i] = true;
  }
  return held;
}

// q with the loops closed; InputError when they cannot close there.
VectorX closedCoordinates(const Model& model, const VectorX& current, VectorX q, const std::optional<std::vector<int>>& hold) {
  if (std::string violation = limitViolation(model, q); !violation.empty()) throw InputError("q", violation);
  const std::vector<bool> held = heldCoordinates(model, current, q, hold);
  std::string reason;
  if (!model.loops.empty() && !constraints::closeLoops(model, held, kLoopClosingTolerance, q, reason))
    throw InputError("q", reason);
  if (std::string problem = checkGeneralJointCoordinates(model, q); !problem.empty()) throw InputError("q", problem);
  return q;
}

}  // namespace

State editedState(const Model& model, const State& current, const StateEdit& edit) {
  State edited = current;  // t, step, activations, the outputs of the last step
  if (edit.q) edited.q = closedCoordinates(model, current.q, *edit.q, edit.hold);
  if (edit.qd) edited.qd = *edit.qd;
  edited.qdd.setZero();
  TreeKinematics kin(model);
  computeKinematics(model, edited.q, edited.qd, kin);
  copyWorldMotion(kin, edited.E_0i, edited.phi);
  edited.history = {};
  return edited;
}

}  // namespace articulab::python
