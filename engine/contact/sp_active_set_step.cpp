#include "engine/contact/sp_active_set_step.hpp"

#include <cmath>

#include "engine/contact/staggered_projections.hpp"

namespace articulab::contact {

namespace {
constexpr double kActiveSetNegligiblePivot = 1e-14;  // relative to the system's largest entry
}  // namespace

SpActiveSetStep::SpActiveSetStep(int normalCapacity, int frictionCapacity)
    : rows_(normalCapacity + frictionCapacity, Row::Free),
      lastRows_(normalCapacity + frictionCapacity, Row::Free),
      unknown_(normalCapacity + frictionCapacity, -1),
      freeRows_(normalCapacity + frictionCapacity, 0),
      contactNormal_(frictionCapacity, 0),
      contactBound_(frictionCapacity, 0.0),
      system_(MatrixX::Zero(normalCapacity + frictionCapacity, normalCapacity + frictionCapacity)),
      solution_(VectorX::Zero(normalCapacity + frictionCapacity)),
      factors_(MatrixX::Zero(normalCapacity + frictionCapacity, normalCapacity + frictionCapacity)),
      rhs_(VectorX::Zero(normalCapacity + frictionCapacity)),
      residual_(VectorX::Zero(normalCapacity + frictionCapacity)) {}

bool SpActiveSetStep::settled(const Eigen::Ref<const VectorX>& alpha, const Eigen::Ref<const VectorX>& beta,
                              const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper,
                              int equalities) {
  const int nn = static_cast<int>(alpha.size()), nt = static_cast<int>(beta.size());
  rowCount_ = nn + nt;
  bool same = haveLast_;
  for (int i = 0; i < nn; ++i) {
    rows_[i] = i >= equalities && alpha[i] <= 0.0 ? Row::Lower : Row::Free;
  }
  for (int j = 0; j < nt; ++j) {
    // A zero bound (a_c = 0) fixes beta_j = 0 = -s mu a_c: at the lower bound.
    const Row row = beta[j] <= lower[j] ? Row::Lower : beta[j] >= upper[j] ? Row::Upper : Row::Free;
    rows_[nn + j] = row;
  }
  for (int r = 0; r < rowCount_; ++r) {
    same = same && rows_[r] == lastRows_[r];
    lastRows_[r] = rows_[r];
  }
  if (!same) tried_ = false;
  haveLast_ = true;
  if (!same || tried_) return false;
  tried_ = true;
  return true;
}

bool SpActiveSetStep::step(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b, int equalities,
                           const std::vector<FrictionRows>& contacts, int contactCount, int axes, double shiftN,
                           double shiftT, Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta) {
  const int nn = static_cast<int>(alpha.size()), nt = static_cast<int>(beta.size());
  mapRows(contacts, contactCount, axes, nn, nt);
  if (unknowns_ == 0) return false;
  assemble(A, b, nn, shiftN, shiftT);
  auto x = solution_.head(unknowns_);
  if (!solveRefined(x)) return false;
  if (!x.allFinite() || !feasible(nn, equalities)) return false;
  for (int i = 0; i < nn; ++i) alpha[i] = unknown_[i] >= 0 ? x[unknown_[i]] : 0.0;
  for (int j = 0; j < nt; ++j) {
    const Row row = rows_[nn + j];
    const double limit = contactBound_[j] * alpha[contactNormal_[j]];
    beta[j] = row == Row::Free ? x[unknown_[nn + j]] : row == Row::Upper ? limit : -limit;
  }
  return true;
}

// x (holding the right-hand side) <- system^-1 x, with one step of iterative refinement (Higham,
// Accuracy and Stability, sec 12.1): the system is near-singular (redundant corners, eps I).
bool SpActiveSetStep::solveRefined(Eigen::Ref<VectorX> x) {
  const auto system = system_.topLeftCorner(unknowns_, unknowns_);
  auto factors = factors_.topLeftCorner(unknowns_, unknowns_);
  auto rhs = rhs_.head(unknowns_), residual = residual_.head(unknowns_);
  rhs = x;
  factors = system;
  if (!solveDenseInPlace(factors, x, kActiveSetNegligiblePivot)) return false;
  residual = rhs;
  residual.noalias() -= system * x;
  factors = system;
  if (!solveDenseInPlace(factors, residual, kActiveSetNegligiblePivot)) return false;
  x += residual;
  return true;
}

// The unknowns are the free rows; each friction row knows its contact's normal row and s mu.
void SpActiveSetStep::mapRows(const std::vector<FrictionRows>& contacts, int contactCount, int axes, int nn,
                              int nt) {
  unknowns_ = 0;
  for (int r = 0; r < nn + nt; ++r) {
    unknown_[r] = rows_[r] == Row::Free ? unknowns_ : -1;
    if (rows_[r] == Row::Free) freeRows_[unknowns_++] = r;
  }
  for (int c = 0; c < contactCount; ++c) {
    for (int k = 0; k < axes; ++k) {
      contactNormal_[contacts[c].firstAxis + k] = contacts[c].normal;
      contactBound_[contacts[c].firstAxis + k] = contacts[c].bound;
    }
  }
}

// The system on the free rows: columns of the free rows, plus for each friction row at a bound
// its column times +-s mu added to the column of its contact's normal force (when free).
void SpActiveSetStep::assemble(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b, int nn,
                               double shiftN, double shiftT) {
  auto K = system_.topLeftCorner(unknowns_, unknowns_);
  for (int p = 0; p < unknowns_; ++p) {
    const int r = freeRows_[p];
    for (int q = 0; q < unknowns_; ++q) K(p, q) = A(r, freeRows_[q]);
    K(p, p) += r < nn ? shiftN : shiftT;
    solution_[p] = b[r];
  }
  for (int j = 0; j < rowCount_ - nn; ++j) {
    const Row row = rows_[nn + j];
    const int normal = unknown_[contactNormal_[j]];
    if (row == Row::Free || normal < 0) continue;
    const double coupling = (row == Row::Upper ? 1.0 : -1.0) * contactBound_[j];
    for (int p = 0; p < unknowns_; ++p) K(p, normal) += coupling * A(freeRows_[p], nn + j);
  }
}

// a >= 0 on the unilateral rows and |beta_j| <= s mu a_c on the free friction rows.
bool SpActiveSetStep::feasible(int nn, int equalities) const {
  for (int p = 0; p < unknowns_; ++p) {
    const int r = freeRows_[p];
    if (r < nn) {
      if (r >= equalities && solution_[p] < 0.0) return false;
      continue;
    }
    const int normal = unknown_[contactNormal_[r - nn]];
    const double limit = normal >= 0 ? contactBound_[r - nn] * solution_[normal] : 0.0;
    if (std::abs(solution_[p]) > limit) return false;
  }
  return true;
}

bool solveDenseInPlace(Eigen::Ref<MatrixX> K, Eigen::Ref<VectorX> r, double negligible) {
  const int n = static_cast<int>(K.rows());
  const double scale = K.cwiseAbs().maxCoeff();
  for (int k = 0; k < n; ++k) {
    int pivot = k;
    K.col(k).tail(n - k).cwiseAbs().maxCoeff(&pivot);
    pivot += k;
    if (!(std::abs(K(pivot, k)) > negligible * scale)) return false;
    if (pivot != k) {
      K.row(k).swap(K.row(pivot));
      std::swap(r[k], r[pivot]);
    }
    for (int i = k + 1; i < n; ++i) {
      const double factor = K(i, k) / K(k, k);
      if (factor == 0.0) continue;
      K.row(i).tail(n - k - 1) -= factor * K.row(k).tail(n - k - 1);
      r[i] -= factor * r[k];
    }
  }
  for (int k = n - 1; k >= 0; --k) {
    r[k] = (r[k] - K.row(k).tail(n - k - 1).dot(r.tail(n - k - 1))) / K(k, k);
  }
  return true;
}

}  // namespace articulab::contact
