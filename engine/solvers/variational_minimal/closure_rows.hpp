// Loop closures in joint coordinates for the variational-minimal step (the constrained DEL of
// variational_minimal_solver.hpp): the position residual g(a) of every closure
// (engine/constraints/loop_residual: the anchor gap, plus the hinge misalignment) and its exact
// Jacobian G = dg/da, G = sum over the tree path of each side of  J_side Ad_{side,j} A_j  (A_j =
// Ad_jJ S_j, the body-axis twist columns of joint j, the Jacobian of sueda eq 2.14 restricted to
// the closure's two paths): O(k depth) per evaluation, no heap. A rank-revealing solve of the
// small k x k systems (redundant closure rows, e.g. the out-of-plane row of a planar loop, carry
// no multiplier, as in redmax_loops).
#pragma once

#include <Eigen/LU>

#include "engine/algorithm/kinematics.hpp"

namespace articulab::variational_minimal {

// Closure rows of all of model.loops (3 per point, 5 per hinge).
int closureRowCount(const Model& model);

// g (k) and G (k x nq, overwritten) at the poses of kin (computed for model at some coordinates).
void closureRows(const Model& model, const TreeKinematics& kin, VectorX& g, MatrixX& G);

// x with S x = b for the full-pivot LU of S, unknowns past its numerical rank set to zero (the
// redundant rows). work has b's size. Returns the largest |b - S x| (the unmet part).
double solveRankRevealing(const Eigen::FullPivLU<MatrixX>& lu, const MatrixX& S, const VectorX& b, VectorX& work,
                          VectorX& x);

}  // namespace articulab::variational_minimal
