// The scene's "closed_form": {"solution": NAME}, the exact solution the scene declares
// (engine/diagnostics/closed_form.hpp lists the names and what each needs of the model). The
// loader checks it once the model is built: a name that is not a solution, or a model the
// solution does not hold for, is a SceneError at the field's pointer.
#pragma once

#include <string>

#include "engine/io/json_reader.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::scene_io {

// Checks the declaration against the complete model (bodies, joints, gravity, contact, q0, qd0).
void checkClosedForm(const Node& node, const Model& model);

}  // namespace articulab::scene_io

namespace articulab {

// The solution the scene file declares; empty when it declares none or is not a scene (.json).
// Throws SceneError when the file does not read or parse (the loader reports the rest).
std::string declaredClosedForm(const std::string& scenePath);

}  // namespace articulab
