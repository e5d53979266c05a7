// A x = b for a small symmetric positive semidefinite A (the k x k auxiliary matrix
// J_a Mhat^-1 J_a^T of Baraff section 8), by LDL^T with diagonal pivoting. Pivots below a
// relative tolerance mark rows that depend on earlier ones (redundant constraints); their
// unknowns are set to zero, and the residual of their equations says whether the set is
// consistent (redundant) or not (conflicting).
#pragma once

#include <Eigen/Cholesky>

#include "engine/spatial/types.hpp"

namespace articulab::baraff {

class SemidefiniteSolver {
 public:
  explicit SemidefiniteSolver(int size = 0);
  // Factors A (size x size, symmetric); returns the numerical rank.
  int factor(const MatrixX& A);
  // x with A x = b on the independent rows; returns max |A x - b| over all rows.
  double solve(const MatrixX& A, const VectorX& b, VectorX& x);

 private:
  Eigen::LDLT<MatrixX> ldlt_;
  VectorX work_;
  double pivotTolerance_ = 0.0;
};

}  // namespace articulab::baraff
