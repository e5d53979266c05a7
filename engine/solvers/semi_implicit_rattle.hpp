// The integrator semi-implicit-rattle, offered by the back-ends with position-level constraint
// rows (baraff: every joint; redmax: the loop closures): RATTLE, the Störmer–Verlet step with
// constraints (GNI VII.1.4, eq 1.26-1.27), whose positions hold the constraints through the
// step's multipliers (engine/constraints/multiplier_newton.hpp) and whose last half-kick holds
// the velocity constraints (baraff_rattle.cpp, redmax_rattle.cpp).
#pragma once

#include "engine/solvers/integrator.hpp"

namespace articulab {

inline constexpr Integrator kSemiImplicitRattle{"semi-implicit-rattle"};

}  // namespace articulab
