// Auxiliary rows of the loop closures (Baraff section 8; sueda eq 2.94-2.97):
//   point: the anchor points of A and B move together, 3 rows in world axes,
//          R_A Gamma(x_A) phi_A - R_B Gamma(x_B) phi_B = 0 (eq 1.12);
//   hinge: the point rows plus two rows v_k^T (omega_A - omega_B) = 0 in world axes, with
//          v_1, v_2 perpendicular to A's hinge axis (eq 2.94-2.95).
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/solvers/baraff/constraint_system.hpp"

namespace articulab::baraff {

// Rows a loop contributes: 3 for a point, 5 for a hinge.
int loopRowCount(const LoopConstraint& loop);
int totalLoopRows(const Model& model);
// Fills rows[first ...] for loop k: Jacobian blocks, bias -Gdot phi (eq 2.97), velocity and
// position violations.
void assembleLoopRows(const Model& model, int k, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                      AuxiliaryRow* rows);

}  // namespace articulab::baraff
