// LU factorisation with partial pivoting of a small dense system, in place and without heap
// allocation (Golub and Van Loan, Matrix Computations, Alg 3.4.1): for the systems a time step
// builds whose size changes from step to step, where Eigen's PartialPivLU would reallocate.
// P K = L U with L unit lower triangular; K is overwritten by L (below the diagonal) and U.
#pragma once

#include "engine/spatial/types.hpp"

namespace articulab {

// Factors K in place; pivots[k] is the row swapped with row k at step k. False when a pivot is
// below negligible times the largest entry of K (K is then partly factored).
bool factorPartialPivoting(Eigen::Ref<MatrixX> K, Eigen::Ref<Eigen::VectorXi> pivots, double negligible);

// r <- K^-1 r from the factors and pivots of factorPartialPivoting.
void solveFactored(const Eigen::Ref<const MatrixX>& LU, const Eigen::Ref<const Eigen::VectorXi>& pivots,
                   Eigen::Ref<VectorX> r);

}  // namespace articulab
