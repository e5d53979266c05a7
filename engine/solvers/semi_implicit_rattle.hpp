// The integrator semi-implicit-rattle, offered by the back-ends with position-level constraint
// rows (baraff: every joint; redmax: the loop closures): semi-implicit Euler whose positions hold
// the constraints through the step's multipliers and whose velocities are projected onto the
// constraints' tangent space (engine/constraints/multiplier_newton.hpp, GNI VII.1).
#pragma once

#include "engine/solvers/integrator.hpp"

namespace articulab {

inline constexpr Integrator kSemiImplicitRattle{"semi-implicit-rattle"};

}  // namespace articulab
