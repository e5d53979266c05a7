#include "engine/multibody/force_element.hpp"

namespace articulab {

namespace {
constexpr ForceElementType kTypes[] = {ForceElementType::PointForce, ForceElementType::LinearSpring,
                                       ForceElementType::SpringDamper};
}

const char* forceElementTypeName(ForceElementType type) {
  switch (type) {
    case ForceElementType::PointForce: return "point_force";
    case ForceElementType::LinearSpring: return "spring";
    case ForceElementType::SpringDamper: return "spring_damper";
  }
  return "?";
}

bool parseForceElementType(const std::string& name, ForceElementType& out) {
  for (ForceElementType type : kTypes)
    if (name == forceElementTypeName(type)) {
      out = type;
      return true;
    }
  return false;
}

bool isTwoPointElement(const ForceElement& element) { return element.type != ForceElementType::PointForce; }

}  // namespace articulab
