// A state set by hand from Python (Run.q, Run.qd, Run.set_state), as the app's joint sliders set
// a pose: the coordinates checked (count, finite, joint limits, the ranges of general joints),
// the loops closed (constraints::closeLoops) with the coordinates that were set held where the
// user put them, then the body poses and twists computed from (q, qd) by the kinematics. The
// back-end's step history no longer applies to the new state and is dropped.
#pragma once

#include <optional>
#include <vector>

#include "engine/multibody/state.hpp"

namespace articulab::python {

// The app's tolerance for a closed loop (app/gui/simulation.hpp, kLoopClosingTolerance).
inline constexpr double kLoopClosingTolerance = 1e-12;  // m (rad for hinge rows)

struct StateEdit {
  std::optional<VectorX> q, qd;  // nq values each; none: as they are
  // Coordinates the loop closing may not move; none: those q changes.
  std::optional<std::vector<int>> hold;
};

// The state `current` with the edit applied; InputError naming q, qd or hold when it cannot be.
State editedState(const Model& model, const State& current, const StateEdit& edit);

}  // namespace articulab::python
