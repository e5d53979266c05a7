// A state set by hand from Python (Run.q, Run.qd, Run.set_state): which coordinates the loop
// closing of Run::setCoordinates holds where the user put them.
#pragma once

#include <optional>
#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab::python {

struct StateEdit {
  std::optional<VectorX> q, qd;  // nq values each; none: as they are
  // Coordinates the loop closing may not move; none: those q changes.
  std::optional<std::vector<int>> hold;
};

// The coordinates held: `hold` when given (InputError for an index out of range), else those of q
// that differ from `current`.
std::vector<bool> heldCoordinates(const Model& model, const VectorX& current, const VectorX& q,
                                  const std::optional<std::vector<int>>& hold);

}  // namespace articulab::python
