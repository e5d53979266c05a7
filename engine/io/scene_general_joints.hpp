// Scene types of general (AD) joints: each reads its own keys into a ScleronomicJoint.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/io/json_reader.hpp"
#include "engine/multibody/scleronomic_joint.hpp"

namespace articulab::scene_io {

struct GeneralJointKind {
  std::string name;               // the joint's "type" in the scene file
  std::vector<std::string> keys;  // keys of its own beside the common joint keys
  std::shared_ptr<const ScleronomicJoint> (*read)(const Node& joint);
};

const std::vector<GeneralJointKind>& generalJointKinds();
// The kind with this type name, or nullptr.
const GeneralJointKind* findGeneralJointKind(const std::string& name);

}  // namespace articulab::scene_io
