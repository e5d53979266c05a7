// The scene's "closed_form": {"solution": NAME}, the exact solution the scene declares
// (engine/diagnostics/closed_form.hpp lists the names and what each needs of the model). The
// loader checks it once the model is built: a name that is not a solution, or a model the
// solution does not hold for, is a SceneError at the field's pointer.
#pragma once

#include <string>

#include "engine/io/json_reader.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::scene_io {

// The declared solution's name, checked against the complete model (bodies, joints, gravity,
// contact, q0, qd0).
std::string readClosedForm(const Node& node, const Model& model);

// Whether the model's closed form holds from its initial state q0, qd0 (a scene saved mid-run
// starts elsewhere: a slide that has begun no longer starts at rest).
bool closedFormHoldsFrom(const Model& model, const VectorX& q0, const VectorX& qd0);

}  // namespace articulab::scene_io
