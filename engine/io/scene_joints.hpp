// Scene "joints" entries and the joint template of a chain.
#pragma once

#include <string>

#include "engine/io/json_reader.hpp"
#include "engine/multibody/joint.hpp"

namespace articulab::scene_io {

// A joint read from the scene. Its parent and child are still names; the tree assigns indices.
struct JointSpec {
  Joint joint;
  VectorX q0, qd0;
  std::string parentName, childName;
  std::string pointer;  // the joint object, e.g. "/joints/2"
  std::string namePointer, parentPointer, childPointer;
};

// A full "joints" entry.
JointSpec readJoint(const Node& node);
// The "joint" object of a chain: every joint field except name, parent, child and position.
JointSpec readJointTemplate(const Node& node);

}  // namespace articulab::scene_io
