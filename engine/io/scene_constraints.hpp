// Scene "constraints" entries: loop closures between two bodies of the finished tree.
#pragma once

#include "engine/io/json_reader.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::scene_io {

// Reads the "constraints" array into model.loops; body names refer to model.bodies.
void readConstraints(const Node& list, Model& model);

}  // namespace articulab::scene_io
