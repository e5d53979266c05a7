// The dense Jacobian J_mr and its time derivative (sueda notes 2.1-2.2, eq 2.14-2.17, Alg 2).
// Row block i (6 rows) maps qdot to the body twist phi_i: phi = J qdot, phidot = J qddot + Jdot qdot.
#pragma once

#include "engine/algorithm/kinematics.hpp"

namespace articulab {

// Fills J and Jdot (6n x nq, preallocated) from kinematics computed at (q, qdot).
// Only the columns of each body's ancestors are written; the rest must be zero on entry.
void fillJacobians(const Model& model, const TreeKinematics& kin, MatrixX& J, MatrixX& Jdot);

}  // namespace articulab
