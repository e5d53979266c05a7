#include "engine/contact/sp_active_set_step.hpp"

#include <algorithm>
#include <cmath>

#include "engine/algorithm/dense_lu.hpp"
#include "engine/contact/staggered_projections.hpp"

namespace articulab::contact {

namespace {
constexpr double kActiveSetNegligiblePivot = 1e-14;  // relative to the system's largest entry
}  // namespace

SpActiveSetStep::SpActiveSetStep(int normalCapacity, int frictionCapacity)
    : rows_(normalCapacity + frictionCapacity, Row::Free),
      lastRows_(normalCapacity + frictionCapacity, Row::Free),
      classified_(normalCapacity + frictionCapacity, Row::Free),
      lastClassified_(normalCapacity + frictionCapacity, Row::Free),
      unknown_(normalCapacity + frictionCapacity, -1),
      freeRows_(normalCapacity + frictionCapacity, 0),
      contactNormal_(frictionCapacity, 0),
      contactBound_(frictionCapacity, 0.0),
      system_(MatrixX::Zero(normalCapacity + frictionCapacity, normalCapacity + frictionCapacity)),
      solution_(VectorX::Zero(normalCapacity + frictionCapacity)),
      factors_(MatrixX::Zero(normalCapacity + frictionCapacity, normalCapacity + frictionCapacity)),
      pivots_(Eigen::VectorXi::Zero(normalCapacity + frictionCapacity)),
      rhs_(VectorX::Zero(normalCapacity + frictionCapacity)),
      residual_(VectorX::Zero(normalCapacity + frictionCapacity)),
      target_(VectorX::Zero(normalCapacity + frictionCapacity)),
      current_(VectorX::Zero(normalCapacity + frictionCapacity)) {
  for (std::vector<Row>& rows : rejected_) rows.assign(normalCapacity + frictionCapacity, Row::Free);
}

bool SpActiveSetStep::settled(const Eigen::Ref<const VectorX>& alpha, const Eigen::Ref<const VectorX>& beta,
                              const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper,
                              int equalities) {
  readRows(alpha, beta, lower, upper, equalities);
  bool same = haveLast_;
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

void SpActiveSetStep::readRows(const Eigen::Ref<const VectorX>& alpha, const Eigen::Ref<const VectorX>& beta,
                               const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper,
                               int equalities) {
  const int nn = static_cast<int>(alpha.size()), nt = static_cast<int>(beta.size());
  rowCount_ = nn + nt;
  for (int i = 0; i < nn; ++i) rows_[i] = normalRow(i, alpha[i], equalities);
  for (int j = 0; j < nt; ++j) rows_[nn + j] = frictionRow(beta[j], lower[j], upper[j]);
}

void SpActiveSetStep::classify(const Eigen::Ref<const VectorX>& alpha, const Eigen::Ref<const VectorX>& beta,
                               const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper,
                               int equalities) {
  readRows(alpha, beta, lower, upper, equalities);
  std::copy(classified_.begin(), classified_.begin() + rowCount_, lastClassified_.begin());
  std::copy(rows_.begin(), rows_.begin() + rowCount_, classified_.begin());
}

bool SpActiveSetStep::freeCycleRows() {
  bool changed = false;
  for (int r = 0; r < rowCount_; ++r) {
    if (classified_[r] == lastClassified_[r] || classified_[r] == Row::Free) continue;
    rows_[r] = classified_[r] = Row::Free;
    changed = true;
  }
  return changed;
}

bool SpActiveSetStep::sameNormalRows(const Eigen::Ref<const VectorX>& alpha, int equalities) const {
  for (int i = 0; i < alpha.size(); ++i)
    if (normalRow(i, alpha[i], equalities) != rows_[i]) return false;
  return true;
}

bool SpActiveSetStep::sameFrictionRows(const Eigen::Ref<const VectorX>& beta, const Eigen::Ref<const VectorX>& lower,
                                       const Eigen::Ref<const VectorX>& upper) const {
  const int nn = rowCount_ - static_cast<int>(beta.size());
  for (int j = 0; j < beta.size(); ++j)
    if (frictionRow(beta[j], lower[j], upper[j]) != rows_[nn + j]) return false;
  return true;
}

void SpActiveSetStep::rejectClassified() {
  std::copy(classified_.begin(), classified_.begin() + rowCount_, rejected_[nextRejected_].begin());
  nextRejected_ = (nextRejected_ + 1) % kRememberedInconsistent;
  rejectedCount_ = std::min(rejectedCount_ + 1, kRememberedInconsistent);
}

bool SpActiveSetStep::knownInconsistent() const {
  for (int k = 0; k < rejectedCount_; ++k)
    if (std::equal(classified_.begin(), classified_.begin() + rowCount_, rejected_[k].begin())) return true;
  return false;
}

bool SpActiveSetStep::step(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b, int equalities,
                           const std::vector<FrictionRows>& contacts, int contactCount, int axes, double shiftN,
                           double shiftT, Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta, bool ratioTest) {
  const int nn = static_cast<int>(alpha.size()), nt = static_cast<int>(beta.size());
  auto current = current_.head(nn + nt);
  current.head(nn) = alpha;
  current.tail(nt) = beta;
  for (int round = 0; round <= nn + nt; ++round) {  // each round fixes one more row at a bound
    if (!solveTarget(A, b, contacts, contactCount, axes, shiftN, shiftT, nn, nt)) return false;
    if (feasible(nn, equalities)) {
      alpha = target_.head(nn);
      beta = target_.segment(nn, nt);
      return true;
    }
    int blocking = -1;
    const double reach = ratioTest ? feasibleFraction(current, nn, equalities, blocking) : 0.0;
    if (blocking < 0) return false;
    current += reach * (target_.head(nn + nt) - current);
    block(blocking, nn, nt);
  }
  return false;
}

// The fixed point of the affine SP map of rows_ into target_ (all rows); false when the system
// is singular or its solution not finite.
bool SpActiveSetStep::solveTarget(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                                  const std::vector<FrictionRows>& contacts, int contactCount, int axes, double shiftN,
                                  double shiftT, int nn, int nt) {
  mapRows(contacts, contactCount, axes, nn, nt);
  if (unknowns_ == 0) return false;
  assemble(A, b, nn, shiftN, shiftT);
  auto x = solution_.head(unknowns_);
  if (!solveRefined(x) || !x.allFinite()) return false;
  for (int i = 0; i < nn; ++i) target_[i] = unknown_[i] >= 0 ? x[unknown_[i]] : 0.0;
  for (int j = 0; j < nt; ++j) {
    const Row row = rows_[nn + j];
    const double limit = contactBound_[j] * target_[contactNormal_[j]];
    target_[nn + j] = row == Row::Free ? x[unknown_[nn + j]] : row == Row::Upper ? limit : -limit;
  }
  return true;
}

// The largest t in [0, 1] for which x + t (target - x) keeps a >= 0 on the unilateral rows and
// |beta_j| <= s mu a_c (x feasible), and the constraint that blocks there: normal row i as i,
// friction row j as nn + 2 j (beta_j <= s mu a_c) or nn + 2 j + 1 (-beta_j <= s mu a_c).
double SpActiveSetStep::feasibleFraction(const Eigen::Ref<const VectorX>& x, int nn, int equalities,
                                         int& blocking) const {
  double reach = 1.0;
  blocking = -1;
  const auto limitBy = [&](double now, double then, int constraint) {  // g(x) = now <= 0, g(target) = then
    if (!(then > 0.0)) return;
    const double t = std::max(0.0, -now) / (then - now);
    if (blocking >= 0 && t >= reach) return;
    reach = std::min(reach, t);
    blocking = constraint;
  };
  for (int i = equalities; i < nn; ++i) limitBy(-x[i], -target_[i], i);
  for (int j = 0; j < rowCount_ - nn; ++j) {
    const int normal = contactNormal_[j];
    const double bound = contactBound_[j];
    limitBy(x[nn + j] - bound * x[normal], target_[nn + j] - bound * target_[normal], nn + 2 * j);
    limitBy(-x[nn + j] - bound * x[normal], -target_[nn + j] - bound * target_[normal], nn + 2 * j + 1);
  }
  return reach;
}

// Fixes the blocking constraint of feasibleFraction at its bound: a normal row at 0 (its friction
// rows then at their zero bound), a friction row at +s mu a_c or -s mu a_c.
void SpActiveSetStep::block(int constraint, int nn, int nt) {
  if (constraint < nn) {
    rows_[constraint] = Row::Lower;
    for (int j = 0; j < nt; ++j)
      if (contactNormal_[j] == constraint) rows_[nn + j] = Row::Lower;
    return;
  }
  const int j = (constraint - nn) / 2;
  rows_[nn + j] = (constraint - nn) % 2 == 0 ? Row::Upper : Row::Lower;
}

// x (holding the right-hand side) <- system^-1 x, with one step of iterative refinement (Higham,
// Accuracy and Stability, sec 12.1) on the same factors: the system is near-singular (redundant
// corners, eps I).
bool SpActiveSetStep::solveRefined(Eigen::Ref<VectorX> x) {
  const auto system = system_.topLeftCorner(unknowns_, unknowns_);
  auto factors = factors_.topLeftCorner(unknowns_, unknowns_);
  auto pivots = pivots_.head(unknowns_);
  auto rhs = rhs_.head(unknowns_), residual = residual_.head(unknowns_);
  rhs = x;
  factors = system;
  if (!factorPartialPivoting(factors, pivots, kActiveSetNegligiblePivot)) return false;
  solveFactored(factors, pivots, x);
  residual = rhs;
  residual.noalias() -= system * x;
  solveFactored(factors, pivots, residual);
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

}  // namespace articulab::contact
