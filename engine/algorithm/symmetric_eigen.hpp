// Eigen-decomposition of a symmetric matrix without heap allocation. Eigen's
// SelfAdjointEigenSolver allocates a Householder workspace on every compute(), so its two
// stages (tridiagonalisation, implicit QR on the tridiagonal) run here on preallocated buffers.
#pragma once

#include <Eigen/Eigenvalues>

#include "engine/spatial/types.hpp"

namespace articulab {

class SymmetricEigen {
 public:
  explicit SymmetricEigen(Eigen::Index n = 0);
  // Decomposes A (lower triangle read) as V diag(lambda) V^T; false if QR did not converge.
  bool compute(const MatrixX& A);
  const VectorX& eigenvalues() const { return lambda_; }
  const MatrixX& eigenvectors() const { return V_; }

 private:
  MatrixX V_;
  VectorX lambda_, subdiagonal_, householder_, workspace_;
};

}  // namespace articulab
