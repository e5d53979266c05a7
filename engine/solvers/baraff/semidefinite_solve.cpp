#include "engine/solvers/baraff/semidefinite_solve.hpp"

#include <cmath>

namespace articulab::baraff {

namespace {
constexpr double kRelativePivot = 1e-10;  // pivot / largest diagonal below this: dependent row
}

SemidefiniteSolver::SemidefiniteSolver(int size) : ldlt_(size), work_(VectorX::Zero(size)) {}

int SemidefiniteSolver::factor(const MatrixX& A) {
  ldlt_.compute(A);
  const auto D = ldlt_.vectorD();
  pivotTolerance_ = kRelativePivot * (D.size() > 0 ? D.cwiseAbs().maxCoeff() : 0.0);
  int rank = 0;
  for (int i = 0; i < D.size(); ++i)
    if (std::abs(D[i]) > pivotTolerance_) ++rank;
  return rank;
}

// x = P^T L^-T D^+ L^-1 P b; diagonal pivoting puts the dependent rows last, so zeroing their
// pivots leaves the independent rows solved exactly.
double SemidefiniteSolver::solve(const MatrixX& A, const VectorX& b, VectorX& x) {
  x = ldlt_.transpositionsP() * b;
  ldlt_.matrixL().solveInPlace(x);
  const auto D = ldlt_.vectorD();
  for (int i = 0; i < D.size(); ++i) x[i] = std::abs(D[i]) > pivotTolerance_ ? x[i] / D[i] : 0.0;
  ldlt_.matrixU().solveInPlace(x);
  x = ldlt_.transpositionsP().transpose() * x;
  work_.noalias() = A * x;
  work_ -= b;
  return work_.size() > 0 ? work_.cwiseAbs().maxCoeff() : 0.0;
}

}  // namespace articulab::baraff
