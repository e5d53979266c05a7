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
  std::string pointer;  // the joint object, e.g. "/joints/2" (or the chain, "/chains/0")
  // The fields of that object that give the joint's name, parent and child (pointers built for
  // a message only).
  const char* nameField = "name";
  const char* parentField = "parent";
  const char* childField = "child";

  std::string namePointer() const { return pointer + "/" + nameField; }
  std::string parentPointer() const { return pointer + "/" + parentField; }
  std::string childPointer() const { return pointer + "/" + childField; }
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
