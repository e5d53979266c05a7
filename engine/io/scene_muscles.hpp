// Scene "muscles" entries: musculotendon actuators along paths of body points (engine/multibody/muscle.hpp).
#pragma once

#include "engine/algorithm/kinematics.hpp"
#include "engine/io/json_reader.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::scene_io {

// Reads the "muscles" array into model.muscles. Runs on the finished model: a muscle without
// "tendon_slack_length" takes l_MT - l_opt at the initial state (its fibres at optimal length),
// whose kinematics `initial` gives.
void readMuscles(const Node& list, const TreeKinematics& initial, Model& model);

}  // namespace articulab::scene_io
