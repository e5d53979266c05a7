#include "python/src/state_edit.hpp"

#include "python/src/errors.hpp"

namespace articulab::python {

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

}  // namespace articulab::python
