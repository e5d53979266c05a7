#include "engine/contact/projected_gauss_seidel.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::contact {

int solveMixedComplementarity(const MatrixX& A, const VectorX& b, int size, int equalities, VectorX& mu,
                              const GaussSeidelSettings& settings) {
  const int m = size;
  double largestPivot = 0.0;
  for (int i = 0; i < m; ++i) largestPivot = std::max(largestPivot, A(i, i));
  auto x = mu.head(m);
  x.setZero();
  int sweep = 0;
  while (sweep < settings.sweeps) {
    ++sweep;
    double change = 0.0;
    for (int i = 0; i < m; ++i) {
      const double pivot = A(i, i);
      if (pivot <= settings.negligiblePivot * largestPivot) continue;
      const double w = A.row(i).head(m).dot(x) - b[i];
      double next = x[i] - w / pivot;
      if (i >= equalities) next = std::max(0.0, next);  // an inequality row only pushes
      change = std::max(change, std::abs(next - x[i]));
      x[i] = next;
    }
    if (change <= settings.tolerance * std::max(1.0, x.cwiseAbs().maxCoeff())) break;
  }
  return sweep;
}

}  // namespace articulab::contact
