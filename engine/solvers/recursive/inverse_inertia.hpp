// The inverse reduced inertia product in O(n) via recursive forward dynamics (sueda notes
// 2.13, Alg 10): y = (M_r + P)^-1 x, where P is block diagonal over the joints (for the
// linearly implicit step, h D_r + h^2 K_r of each joint; eq 2.79). The elimination runs once
// per matrix, the product once per right-hand side.
#pragma once

#include "engine/solvers/recursive/articulated_body.hpp"

namespace articulab {

// Alg 10 lines 1-12. blocks may be null (P = 0). hybrid: driven joints become prescribed rows
// (see applyInverseInertia). False if some joint pivot S^T M^ S + P_j is not positive definite.
bool factorInverseInertia(const Model& model, const TreeKinematics& kin, const JointBlocks* blocks, bool hybrid,
                          ArticulatedBodyWorkspace& ws);

// Alg 10 lines 14-22: y = (M_r + P)^-1 x. With hybrid, the rows of driven joints are replaced
// by identity rows: y_d = x_d, and the other rows solve ((M_r + P) y)_f = x_f with y_d given
// (Alg 9 lines 9-11 with x_d as the prescribed acceleration).
void applyInverseInertia(const Model& model, const TreeKinematics& kin, const VectorX& x, bool hybrid,
                         ArticulatedBodyWorkspace& ws, VectorX& y);

}  // namespace articulab
