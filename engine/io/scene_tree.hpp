// Links joints to bodies by name and stores the tree in depth-first order.
#pragma once

#include <string>
#include <vector>

#include "engine/io/scene_bodies.hpp"
#include "engine/io/scene_joints.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::scene_io {

// The bodies and joints of a scene as read: model.bodies and model.joints in declaration order,
// sources[i] for body i and links[j] for joint j.
struct DeclaredTree {
  std::vector<BodySource> sources;
  std::vector<JointLink> links;
};

// Checks names, parents and children (one parent joint per body, no cycles, every body hanging
// from the world) and puts model.bodies and model.joints in depth-first order from the world
// (joint i has child body i and parent index < i; no move when they are declared so, as a saved
// scene is), with the joints' parent and child indices, model.q0 and model.qd0.
void assembleTree(const std::string& file, DeclaredTree&& declared, Model& model);

}  // namespace articulab::scene_io
