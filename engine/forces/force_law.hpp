// Force laws of the element types: the world force F on attachment b (-F on a) as a function
// of the attachment points x_a, x_b and the rate dv = xdot_b - xdot_a of dx = x_b - x_a, with
// the derivatives that the stiffness and damping matrices need (element_jacobians.hpp).
#pragma once

#include "engine/multibody/force_element.hpp"

namespace articulab {

struct ForceLawValue {
  Vector3 force = Vector3::Zero();      // F on b, world, N
  Matrix3 dForce_dx = Matrix3::Zero();  // dF/d(dx), N/m
  Matrix3 dForce_dv = Matrix3::Zero();  // dF/d(dv), N s/m
  double potential = 0.0;               // J
  double dissipation = 0.0;             // power taken by the damping part, W (>= 0)
  double tension = 0.0;                 // N, positive when pulling the points together
  double length = 0.0;                  // |dx|, m
};

ForceLawValue evaluateForceLaw(const ForceElement& element, const Vector3& x_a, const Vector3& x_b, const Vector3& dv);

// One law per element type (point_force_law.cpp, linear_spring_law.cpp, spring_damper_law.cpp).
ForceLawValue pointForceLaw(const ForceElement& element, const Vector3& x_b);
ForceLawValue linearSpringLaw(const ForceElement& element, const Vector3& dx, const Vector3& dv);
ForceLawValue springDamperLaw(const ForceElement& element, const Vector3& dx, const Vector3& dv);

}  // namespace articulab
