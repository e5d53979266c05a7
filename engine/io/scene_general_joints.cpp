#include "engine/io/scene_general_joints.hpp"

namespace articulab::scene_io {

const std::vector<GeneralJointKind>& generalJointKinds() {
  static const std::vector<GeneralJointKind> kinds = {};
  return kinds;
}

const GeneralJointKind* findGeneralJointKind(const std::string& name) {
  for (const GeneralJointKind& kind : generalJointKinds())
    if (kind.name == name) return &kind;
  return nullptr;
}

}  // namespace articulab::scene_io
