// Scene "forces" entries: force elements between body points and world points (engine/forces/).
#pragma once

#include "engine/algorithm/kinematics.hpp"
#include "engine/io/json_reader.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::scene_io {

// Reads the "forces" array into model.forces. Runs on the finished model (joint coordinates
// assigned): a spring-damper without "rest_length" takes its length at the initial state, whose
// kinematics `initial` gives (computeKinematics at q0, qd0).
void readForces(const Node& list, const TreeKinematics& initial, Model& model);

}  // namespace articulab::scene_io
