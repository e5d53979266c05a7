// Links joints to bodies by name and stores the tree in depth-first order.
#pragma once

#include <string>
#include <vector>

#include "engine/io/scene_bodies.hpp"
#include "engine/io/scene_joints.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::scene_io {

// Checks names, parents and children (one parent joint per body, no cycles, every body hanging
// from the world) and fills model.bodies, model.joints, model.q0 and model.qd0 in depth-first
// order from the world: joint i has child body i and parent index < i. The specs are moved into
// the model.
void assembleTree(const std::string& file, std::vector<BodySpec>&& bodies, std::vector<JointSpec>&& joints,
                  Model& model);

}  // namespace articulab::scene_io
