// A position-level constraint residual g(E_A, E_B) between two bodies and its Jacobian with
// respect to the body twists: for poses moved as E_A exp([xi_A]), E_B exp([xi_B]) (body axes,
// sueda eq 1.10),
//   g(E_A exp(xi_A), E_B exp(xi_B)) = g + JA xi_A + JB xi_B + O(|xi|^2).
// This is what an integrator that solves g(x) = 0 at a new configuration (variational
// integrators in maximal coordinates) needs; at the constraint manifold its rows span the same
// space as the velocity rows of joint_rows / loop_rows. Body -1 is the world (its block unused).
#pragma once

#include "engine/spatial/types.hpp"

namespace articulab::constraints {

struct PoseResidual {
  int rows = 0;  // at most six; entries past rows are zero
  int bodyA = -1, bodyB = -1;
  Vector6 g = Vector6::Zero();
  Matrix6 JA = Matrix6::Zero(), JB = Matrix6::Zero();
};

}  // namespace articulab::constraints
