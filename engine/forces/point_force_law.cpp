// Directional point force (sueda eq 1.31-1.32): a constant world force F at a body point, the
// negative gradient of V = -F . x_b. Its stiffness is purely geometric (element_jacobians.cpp).
#include "engine/forces/force_law.hpp"

namespace articulab {

ForceLawValue pointForceLaw(const ForceElement& element, const Vector3& x_b) {
  ForceLawValue value;
  value.force = element.force;
  value.potential = -element.force.dot(x_b);
  value.tension = element.force.norm();
  return value;
}

}  // namespace articulab
