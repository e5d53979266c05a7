#include "engine/forces/force_law.hpp"

namespace articulab {

ForceLawValue evaluateForceLaw(const ForceElement& element, const Vector3& x_a, const Vector3& x_b, const Vector3& dv) {
  switch (element.type) {
    case ForceElementType::PointForce: return pointForceLaw(element, x_b);
    case ForceElementType::LinearSpring: return linearSpringLaw(element, x_b - x_a, dv);
    case ForceElementType::SpringDamper: return springDamperLaw(element, x_b - x_a, dv);
  }
  return {};
}

}  // namespace articulab
