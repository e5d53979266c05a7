#include "engine/contact/box_qp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace articulab::contact {

namespace {
constexpr double kBoxQpInfinity = std::numeric_limits<double>::infinity();

double projectedGradient(double g, double x, double l, double u) {
  if (x <= l && x >= u) return 0.0;  // fixed (l = u)
  if (x <= l) return std::min(g, 0.0);
  if (x >= u) return std::max(g, 0.0);
  return g;
}

// Face steps repeated from the point a face step reached, on the same factor (iterative
// refinement, Higham, Accuracy and Stability, sec 12.1): x = x^0 + p carries the rounding of
// x^0, so after a step from a warm start much larger than the face minimiser (a resting
// contact's friction forces of the last step, b's null-space part enlarged by 1/eps) the free
// gradient is u |A| |x^0|, not u |A| |x|. One more step computes the correction from that
// gradient and removes it; each step cuts the error by about cond(A_FF + eps I) u.
constexpr int kBoxQpMaxRefinements = 4;
}  // namespace

// Largest |g_i| over the free variables: the face minimiser's residual.
double BoxQp::freeGradient(const Eigen::Ref<const VectorX>& g, int f) const {
  double largest = 0.0;
  for (int k = 0; k < f; ++k) largest = std::max(largest, std::abs(g[free_[k]]));
  return largest;
}

double boxQpRoundingScale(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                          const Eigen::Ref<const VectorX>& x, double shift) {
  const int n = static_cast<int>(b.size());
  double scale = n ? b.cwiseAbs().maxCoeff() : 0.0;
  for (int i = 0; i < n; ++i)
    scale = std::max(scale, A.row(i).cwiseAbs().dot(x.cwiseAbs()) + std::abs(shift * x[i]));
  return scale;
}

double boxQpKktResidual(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                        const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper,
                        const Eigen::Ref<const VectorX>& x, double shift) {
  const int n = static_cast<int>(b.size());
  double worst = 0.0;
  for (int i = 0; i < n; ++i) {
    const double Ax = A.row(i).dot(x) + shift * x[i];
    worst = std::max(worst, std::abs(projectedGradient(Ax - b[i], x[i], lower[i], upper[i])));
  }
  const double scale = boxQpRoundingScale(A, b, x, shift);
  return scale > 0.0 ? worst / scale : worst;
}

BoxQp::BoxQp(int capacity)
    : capacity_(capacity),
      L_(MatrixX::Zero(capacity, capacity)),
      g_(VectorX::Zero(capacity)),
      step_(VectorX::Zero(capacity)),
      work_(VectorX::Zero(capacity)),
      free_(capacity),
      perm_(capacity),
      bound_(capacity, Bound::Free) {}

void BoxQp::sweep(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                  const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper,
                  Eigen::Ref<VectorX> x, double shift) const {
  const int n = static_cast<int>(b.size());
  for (int i = 0; i < n; ++i) {
    const double pivot = A(i, i) + shift;
    if (!(pivot > 0.0)) continue;
    const double next = x[i] - (A.row(i).dot(x) + shift * x[i] - b[i]) / pivot;
    x[i] = std::clamp(next, lower[i], upper[i]);
  }
}

// Outer-product Cholesky with diagonal pivoting of A_FF (Golub and Van Loan, Alg 4.2.4 with the
// largest remaining diagonal as pivot): P^T A_FF P = L L^T with L f x rank; a remaining diagonal
// below negligiblePivot times the largest of A_FF ends it (the rest is A_FF's null space).
int BoxQp::factorFree(const Eigen::Ref<const MatrixX>& A, int f, double negligiblePivot, double shift) {
  double largest = 0.0;
  for (int i = 0; i < f; ++i) {
    perm_[i] = free_[i];
    for (int j = 0; j <= i; ++j) L_(i, j) = A(free_[i], free_[j]);
    L_(i, i) += shift;
    largest = std::max(largest, L_(i, i));
  }
  const double floor = negligiblePivot * largest;
  for (int k = 0; k < f; ++k) {
    int q = k;
    for (int i = k + 1; i < f; ++i)
      if (L_(i, i) > L_(q, q)) q = i;
    if (!(L_(q, q) > floor)) return k;
    if (q != k) {  // symmetric swap of rows and columns k and q in the lower triangle
      std::swap(perm_[k], perm_[q]);
      for (int j = 0; j < k; ++j) std::swap(L_(k, j), L_(q, j));
      std::swap(L_(k, k), L_(q, q));
      for (int i = k + 1; i < q; ++i) std::swap(L_(i, k), L_(q, i));
      for (int i = q + 1; i < f; ++i) std::swap(L_(i, k), L_(i, q));
    }
    const double d = std::sqrt(L_(k, k));
    L_(k, k) = d;
    for (int i = k + 1; i < f; ++i) L_(i, k) /= d;
    for (int j = k + 1; j < f; ++j)
      for (int i = j; i < f; ++i) L_(i, j) -= L_(i, k) * L_(j, k);
  }
  return f;
}

// With c = -g_F permuted and L = [L11; L21] (L11 rank x rank): L11 z = c1, then the part of c
// no face step can reach, r = c2 - L21 z = -(g2 - L21 L11^-1 g1). r = 0: p = P [L11^-T z; 0].
// r != 0: d = P [-L11^-T L21^T r; r] has A_FF d = 0 and g_F^T d = -|r|^2 < 0 (derivation:
// L^T d = L11^T d1 + L21^T d2 = 0, and g^T d = (g2 - L21 L11^-1 g1)^T d2).
bool BoxQp::faceStep(int f, int rank, double tol) {
  for (int i = 0; i < f; ++i) work_[i] = -g_[perm_[i]];
  for (int i = 0; i < rank; ++i) {  // L11 z = c1
    double s = work_[i];
    for (int k = 0; k < i; ++k) s -= L_(i, k) * work_[k];
    work_[i] = s / L_(i, i);
  }
  double unreachable = 0.0;
  for (int i = rank; i < f; ++i) {
    double s = work_[i];
    for (int k = 0; k < rank; ++k) s -= L_(i, k) * work_[k];
    work_[i] = s;
    unreachable = std::max(unreachable, std::abs(s));
  }
  const bool consistent = unreachable <= tol;
  if (!consistent)  // work_[0 .. rank) <- L21^T r
    for (int k = 0; k < rank; ++k) {
      double s = 0.0;
      for (int i = rank; i < f; ++i) s += L_(i, k) * work_[i];
      work_[k] = s;
    }
  for (int i = rank - 1; i >= 0; --i) {  // L11^T y = (z or L21^T r)
    double s = work_[i];
    for (int k = i + 1; k < rank; ++k) s -= L_(k, i) * work_[k];
    work_[i] = s / L_(i, i);
  }
  for (int i = 0; i < f; ++i) {
    const double value = i < rank ? (consistent ? work_[i] : -work_[i]) : (consistent ? 0.0 : work_[i]);
    step_[perm_[i]] = value;
  }
  return consistent;
}

// Multipliers of the working set: the bound whose gradient pulls hardest inwards (Dantzig), or
// after a degenerate step the lowest-index bound that pulls inwards at all (Bland's rule, which
// cannot cycle; Nocedal and Wright sec 13.5 for the simplex method, Fletcher 1987 sec 10.3).
int BoxQp::boundToRelease(const Eigen::Ref<const VectorX>& g, const Eigen::Ref<const VectorX>& lower,
                          const Eigen::Ref<const VectorX>& upper, int n, double tol, bool smallestIndex) const {
  int release = -1;
  double worst = tol;
  for (int i = 0; i < n; ++i) {
    if (bound_[i] == Bound::Free || lower[i] >= upper[i]) continue;
    const double pull = bound_[i] == Bound::Lower ? -g[i] : g[i];
    if (pull > worst) {
      if (smallestIndex) return i;
      worst = pull;
      release = i;
    }
  }
  return release;
}

BoxQpResult BoxQp::solve(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                         const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper,
                         Eigen::Ref<VectorX> x, const BoxQpSettings& settings) {
  BoxQpResult result;
  const int n = static_cast<int>(b.size());
  if (n == 0) {
    result.converged = true;
    return result;
  }
  for (int i = 0; i < n; ++i) x[i] = std::clamp(x[i], lower[i], upper[i]);
  const double shift = settings.diagonalShift;
  for (int s = 0; s < settings.warmStartSweeps; ++s) sweep(A, b, lower, upper, x, shift);
  auto g = g_.head(n);
  auto step = step_.head(n);
  g.noalias() = A * x;
  g += shift * x;
  g -= b;
  double tol = settings.tolerance * boxQpRoundingScale(A, b, x, shift);
  bool degenerate = false;  // the last face step was blocked at once (alpha = 0)
  for (int i = 0; i < n; ++i)
    bound_[i] = x[i] <= lower[i] ? Bound::Lower : x[i] >= upper[i] ? Bound::Upper : Bound::Free;
  const int cap = settings.iterationsPerVariable * n + 20;
  int refinements = 0;  // face steps repeated on the current face (iterative refinement)
  int rank = 0;         // of the current face's factor
  while (result.iterations < cap) {
    ++result.iterations;
    int f = 0;
    for (int i = 0; i < n; ++i)
      if (bound_[i] == Bound::Free) free_[f++] = i;
    bool atFaceMinimum = f == 0;
    if (!atFaceMinimum) {
      if (refinements == 0) rank = factorFree(A, f, settings.negligiblePivot, shift);
      const bool newton = faceStep(f, rank, tol);
      // Longest feasible step along the direction (1 at most for a Newton step).
      double alpha = newton ? 1.0 : kBoxQpInfinity;
      int blocking = -1;
      for (int k = 0; k < f; ++k) {
        const int i = free_[k];
        const double p = step[i];
        const double room = p < 0.0 ? (lower[i] - x[i]) / p : p > 0.0 ? (upper[i] - x[i]) / p : kBoxQpInfinity;
        if (room < alpha) {
          alpha = std::max(room, 0.0);
          blocking = i;
        }
      }
      if (blocking < 0 && !newton) {
        result.unbounded = true;
        break;
      }
      for (int k = 0; k < f; ++k) x[free_[k]] += alpha * step[free_[k]];
      degenerate = blocking >= 0 && alpha == 0.0;
      if (blocking >= 0) {
        const bool toLower = step[blocking] < 0.0;
        x[blocking] = toLower ? lower[blocking] : upper[blocking];
        bound_[blocking] = toLower ? Bound::Lower : Bound::Upper;
      }
      g.noalias() = A * x;
      g += shift * x;
      g -= b;
      tol = settings.tolerance * boxQpRoundingScale(A, b, x, shift);
      atFaceMinimum = blocking < 0;
      refinements = atFaceMinimum && refinements < kBoxQpMaxRefinements && freeGradient(g, f) > tol ? refinements + 1 : 0;
    }
    if (refinements > 0) continue;
    if (!atFaceMinimum) continue;
    const int release = boundToRelease(g, lower, upper, n, tol, degenerate);
    if (release < 0) {
      result.converged = true;
      break;
    }
    bound_[release] = Bound::Free;
  }
  result.kktResidual = boxQpKktResidual(A, b, lower, upper, x, shift);
  if (result.converged && result.kktResidual > 1e3 * settings.tolerance) result.converged = false;
  return result;
}

}  // namespace articulab::contact
