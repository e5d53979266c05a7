// Scene "joints" entries and the joint template of a chain.
#pragma once

#include <string>

#include "engine/io/json_reader.hpp"
#include "engine/multibody/joint.hpp"

namespace articulab::scene_io {

// What the tree needs of a joint besides the Joint itself: its parent and child, still names
// (the tree assigns indices), its initial coordinates, and where each came from for messages.
struct JointLink {
  VectorX q0, qd0;
  std::string parentName, childName;
  std::string pointer;  // the joint object, e.g. "/joints/2"
  std::string namePointer, parentPointer, childPointer;
};

// A joint read from the scene. The loader moves the joint into the model and keeps the link
// (a large scene holds one copy of each joint, not two).
struct JointSpec {
  Joint joint;
  JointLink link;
};

// A full "joints" entry.
JointSpec readJoint(const Node& node);
// The "joint" object of a chain: every joint field except name, parent, child and position.
JointSpec readJointTemplate(const Node& node);

}  // namespace articulab::scene_io
