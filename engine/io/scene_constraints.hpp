// Scene "constraints" entries: loop closures between two bodies of the finished tree.
#pragma once

#include "engine/algorithm/kinematics.hpp"
#include "engine/io/json_reader.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::scene_io {

// Reads the "constraints" array into model.loops; body names refer to model.bodies.
// "position_a": "initial" takes its point from `initial`, the kinematics at q0, qd0.
void readConstraints(const Node& list, const TreeKinematics& initial, Model& model);

}  // namespace articulab::scene_io
