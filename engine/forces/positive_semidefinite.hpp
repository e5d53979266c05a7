// The symmetric positive semidefinite part of a stiffness matrix, for the linearly implicit
// integrators (Teran et al. 2005): K symmetrised, its negative eigenvalues set to zero, so that
// M + h D + h^2 K stays positive definite.
#pragma once

#include <Eigen/Eigenvalues>

namespace articulab {

template <class Matrix>
void projectToPositiveSemidefinite(Matrix& K) {
  const Matrix symmetric = 0.5 * (K + K.transpose());
  const Eigen::SelfAdjointEigenSolver<Matrix> eigen(symmetric);
  const auto lambda = eigen.eigenvalues().cwiseMax(0.0);
  K.noalias() = eigen.eigenvectors() * lambda.asDiagonal() * eigen.eigenvectors().transpose();
}

}  // namespace articulab
