#include "engine/solvers/recursive/gmres.hpp"

namespace articulab {

Gmres::Gmres(int n, int restart)
    : restart_(std::max(1, restart)),
      V_(MatrixX::Zero(n, restart_ + 1)),
      H_(MatrixX::Zero(restart_ + 1, restart_)),
      cosines_(VectorX::Zero(restart_)),
      sines_(VectorX::Zero(restart_)),
      g_(VectorX::Zero(restart_ + 1)),
      y_(VectorX::Zero(restart_)),
      r_(VectorX::Zero(n)),
      w_(VectorX::Zero(n)),
      z_(VectorX::Zero(n)) {}

void Gmres::eliminateSubdiagonal(int j) {
  const double a = H_(j, j), b = H_(j + 1, j);
  const double rho = std::hypot(a, b);
  cosines_[j] = rho > 0.0 ? a / rho : 1.0;
  sines_[j] = rho > 0.0 ? b / rho : 0.0;
  H_(j, j) = rho;
  g_[j + 1] = -sines_[j] * g_[j];
  g_[j] *= cosines_[j];
}

void Gmres::updateSolution(int k, VectorX& x) {
  y_.head(k) = g_.head(k);
  H_.topLeftCorner(k, k).triangularView<Eigen::Upper>().solveInPlace(y_.head(k));
  x.noalias() += V_.leftCols(k) * y_.head(k);
}

}  // namespace articulab
