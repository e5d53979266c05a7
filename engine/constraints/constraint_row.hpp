// One scalar constraint row between two bodies, the one row primitive of the engine's
// constraint and contact code (sueda notes 1.10-1.11; Baraff 1996, section 8, eq 10):
//   jA phi_A + jB phi_B        is the row's rate for body twists phi (body axes),
//   jA a_A + jB a_B = rhs      is what a solve enforces on body accelerations a,
// with body -1 the world (its block unused). Loop closures (loop_rows.hpp) and baraff's rows
// state rhs at the acceleration level; the contact rows of engine/contact/contact_rows.hpp
// state the velocity bound J phi' >= rhs of the step, which each back-end maps.
#pragma once

#include "engine/spatial/types.hpp"

namespace articulab::constraints {

using Row6 = Eigen::Matrix<double, 1, 6>;

struct ConstraintRow {
  int bodyA = -1, bodyB = -1;
  Row6 jA = Row6::Zero(), jB = Row6::Zero();
  double bias = 0.0;      // acceleration-level right-hand side, -Jdot phi
  double velocity = 0.0;  // J phi, the velocity violation
  double error = 0.0;     // g, the position violation (a unilateral row's gap)
  double rhs = 0.0;       // what the solve enforces
};

}  // namespace articulab::constraints
