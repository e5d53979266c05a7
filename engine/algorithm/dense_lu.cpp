#include "engine/algorithm/dense_lu.hpp"

#include <cmath>

namespace articulab {

bool factorPartialPivoting(Eigen::Ref<MatrixX> K, Eigen::Ref<Eigen::VectorXi> pivots, double negligible) {
  const int n = static_cast<int>(K.rows());
  const double scale = K.cwiseAbs().maxCoeff();
  for (int k = 0; k < n; ++k) {
    int pivot = k;
    K.col(k).tail(n - k).cwiseAbs().maxCoeff(&pivot);
    pivot += k;
    pivots[k] = pivot;
    if (!(std::abs(K(pivot, k)) > negligible * scale)) return false;
    if (pivot != k) K.row(k).swap(K.row(pivot));
    for (int i = k + 1; i < n; ++i) {
      const double factor = K(i, k) / K(k, k);
      K(i, k) = factor;
      if (factor != 0.0) K.row(i).tail(n - k - 1) -= factor * K.row(k).tail(n - k - 1);
    }
  }
  return true;
}

void solveFactored(const Eigen::Ref<const MatrixX>& LU, const Eigen::Ref<const Eigen::VectorXi>& pivots,
                   Eigen::Ref<VectorX> r) {
  const int n = static_cast<int>(LU.rows());
  for (int k = 0; k < n; ++k)  // r <- P r: the swaps in the order they were made
    if (pivots[k] != k) std::swap(r[k], r[pivots[k]]);
  for (int k = 0; k < n; ++k)  // r <- L^-1 r
    for (int i = k + 1; i < n; ++i) r[i] -= LU(i, k) * r[k];
  for (int k = n - 1; k >= 0; --k) r[k] = (r[k] - LU.row(k).tail(n - k - 1).dot(r.tail(n - k - 1))) / LU(k, k);
}

}  // namespace articulab
