// What `describe` and the app say of a scene's contact on a back-end that simulates it: one
// wording for every back-end ("ground and body-body contact with Coulomb friction (scene default
// mu = 0.5, 4-sided pyramid)"), followed by the back-end's own `how`.
#pragma once

#include <string>

#include "engine/multibody/model.hpp"

namespace articulab::contact {

// "ground", "body-body" or "ground and body-body" contact; empty when the model has none.
std::string contactKind(const Model& model);
// contactKind + friction (mu in %g, the pyramid's sides) + " " + how.
std::string contactNote(const Model& model, int frictionDirections, const std::string& how);

}  // namespace articulab::contact
