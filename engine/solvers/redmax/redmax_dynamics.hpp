// RedMax reduced dynamics with the dense Jacobian (sueda notes 2.3, eq 2.18 and 2.73):
//   M_r = J^T M_m J,   f_r = J^T (f_m - M_m Jdot qdot) + joint forces.
#pragma once

#include "engine/algorithm/kinematics.hpp"
#include "engine/multibody/state.hpp"
#include "engine/solvers/step_cancel.hpp"

namespace articulab {

// Preallocated buffers of one RedMax evaluation.
struct RedMaxWorkspace {
  TreeKinematics kin;
  MatrixX J, Jdot;  // 6n x nq (eq 2.14)
  MatrixX MJ;       // M_i J_i of one body, 6 x nq
  MatrixX Mr;       // nq x nq reduced mass matrix
  VectorX fr;       // nq reduced force
  std::vector<Vector6> bodyForce;  // applied body forces (engine/forces/applied_forces.hpp)
  explicit RedMaxWorkspace(const Model& model = Model{});
};

// Fills ws.kin, ws.J, ws.Jdot, ws.Mr and ws.fr at (q, qdot). Checks `cancel` once per body
// (the O(n^3) assembly of M_r; step_cancel.hpp).
void evaluateRedMax(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                    RedMaxWorkspace& ws, const CancelFlag* cancel = nullptr);

}  // namespace articulab
