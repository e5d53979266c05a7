// Exact comparison of two models, field by field: the save-as round trip (scene_writer.hpp)
// checks with it that the written scene loads back to the model it was written from.
#pragma once

#include <string>

#include "engine/multibody/model.hpp"

namespace articulab {

// "" when every field that shapes a run is bitwise equal: bodies (shapes, masses, inertias,
// friction), joints (types, parts, axes, frames, springs, limits, friction, general joint
// transforms), loops, force elements, muscles, gravity, contact, q0, qd0 and the simulation
// defaults. Otherwise the first difference, e.g. "body 'link3': mass 2 vs 2.0000000000000004".
// Not compared: name, description, sourceFile and parameters (a written scene is expanded).
std::string modelDifference(const Model& a, const Model& b);

}  // namespace articulab
