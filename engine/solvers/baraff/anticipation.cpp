#include "engine/solvers/baraff/anticipation.hpp"

#include <algorithm>
#include <cmath>

#include "engine/constraints/joint_rows.hpp"
#include "engine/contact/projected_gauss_seidel.hpp"
#include "engine/io/number_text.hpp"

namespace articulab::baraff {

namespace {
// Auxiliary equations left unsatisfied beyond this (relative to the right-hand side) conflict.
constexpr double kConflictTolerance = 1e-6;
}  // namespace

ConstrainedSolution::ConstrainedSolution(const Model& model, int auxiliaryRows)
    : a(model.bodyCount(), Vector6::Zero()), lambda(model.bodyCount()), mu(VectorX::Zero(auxiliaryRows)) {
  for (int i = 0; i < model.bodyCount(); ++i) lambda[i].setZero(constraints::constraintRowCount(model.joints[i]));
}

AnticipationSolver::AnticipationSolver(const Model& model, int auxiliaryRows, int unilateralRows, int frictionRows)
    : tree_(model),
      small_(auxiliaryRows),
      force_(model.bodyCount(), Vector6::Zero()),
      response_(model.bodyCount(), Vector6::Zero()),
      residual_(model.bodyCount(), Vector6::Zero()),
      correction_(model, auxiliaryRows),
      A_(MatrixX::Zero(auxiliaryRows, auxiliaryRows)),
      mixedA_(MatrixX::Zero(auxiliaryRows + unilateralRows + frictionRows, auxiliaryRows + unilateralRows + frictionRows)),
      b_(VectorX::Zero(auxiliaryRows)),
      mixedB_(VectorX::Zero(auxiliaryRows + unilateralRows + frictionRows)),
      mixedMu_(VectorX::Zero(auxiliaryRows + unilateralRows)),
      unilateralMu_(VectorX::Zero(unilateralRows)),
      frictionMu_(VectorX::Zero(frictionRows)),
      staggered_(frictionRows > 0 ? auxiliaryRows + unilateralRows : 0, frictionRows),
      islands_(frictionRows > 0 ? model : Model{}, frictionRows > 0 ? auxiliaryRows + unilateralRows : 0,
               frictionRows > 0 ? unilateralRows : 0),
      islandStaggered_(frictionRows > 0 ? auxiliaryRows + unilateralRows : 0, frictionRows > 0 ? unilateralRows : 0,
                       frictionRows) {}

bool AnticipationSolver::factor(const Model& model, const ConstraintSystem& system, SolveReport& report) {
  if (tree_.factor(model, system)) return true;
  report.ok = false;
  report.message = tree_.failure();
  return false;
}

double AnticipationSolver::rowTimes(const ConstraintRow& row, const std::vector<Vector6>& a) const {
  double value = 0.0;
  if (row.bodyA >= 0) value += row.jA.dot(a[row.bodyA]);
  if (row.bodyB >= 0) value += row.jB.dot(a[row.bodyB]);
  return value;
}

void AnticipationSolver::addRowForce(const ConstraintRow& row, double scale, std::vector<Vector6>& F) const {
  if (row.bodyA >= 0) F[row.bodyA] += scale * row.jA.transpose();
  if (row.bodyB >= 0) F[row.bodyB] += scale * row.jB.transpose();
}

const ConstraintRow& AnticipationSolver::mixedRow(const ConstraintSystem& system, int i) const {
  const int k = system.auxiliaryCount(), u = system.unilateralCount;
  return i < k ? system.auxiliary[i] : i < k + u ? system.unilateral[i - k] : system.friction[i - k - u];
}

// Step 3: A = J_a Mhat^-1 J_a^T over the first rows of the mixed list (or the listed ones),
// column by column.
void AnticipationSolver::fillMatrix(const ConstraintSystem& system, int rows, MatrixX& A, const int* index) {
  for (int j = 0; j < rows; ++j) {
    const ConstraintRow& rj = mixedRow(system, index ? index[j] : j);
    addRowForce(rj, 1.0, force_);
    tree_.solve(system, force_, false, response_, nullptr);
    if (rj.bodyA >= 0) force_[rj.bodyA].setZero();
    if (rj.bodyB >= 0) force_[rj.bodyB].setZero();
    for (int i = 0; i < rows; ++i) A(i, j) = rowTimes(mixedRow(system, index ? index[i] : i), response_);
  }
}

// Step 4 with equality rows only: A mu = rhs_a - J_a a0 (redundant rows carry no force).
void AnticipationSolver::solveEqualities(const ConstraintSystem& system, ConstrainedSolution& out,
                                         SolveReport& report) {
  const int k = system.auxiliaryCount();
  fillMatrix(system, k, A_);
  for (int i = 0; i < k; ++i) b_[i] = system.auxiliary[i].rhs - rowTimes(system.auxiliary[i], out.a);
  report.redundantRows = k - small_.factor(A_);
  report.residual = small_.solve(A_, b_, out.mu);
  if (!(report.residual <= kConflictTolerance * std::max(1.0, b_.cwiseAbs().maxCoeff()))) {  // NaN fails too
    report.ok = false;
    report.message = std::isfinite(report.residual)
                         ? "the auxiliary constraints conflict: " + scene_io::shortNumber(report.residual) +
                               " of their equations cannot be met"
                         : "the auxiliary constraints' equations overflowed to non-finite values (a force, velocity "
                           "or coordinate beyond the largest double, 1.8e308)";
  }
}

// Step 4 with inequality rows: the mixed complementarity problem, by projected Gauss-Seidel.
void AnticipationSolver::solveComplementarity(const ConstraintSystem& system, ConstrainedSolution& out,
                                              SolveReport& report) {
  const int k = system.auxiliaryCount(), m = k + system.unilateralCount;
  fillMatrix(system, m, mixedA_);
  for (int i = 0; i < m; ++i) {
    const ConstraintRow& row = mixedRow(system, i);
    mixedB_[i] = row.rhs - rowTimes(row, out.a);
  }
  contact::solveMixedComplementarity(mixedA_, mixedB_, m, k, mixedMu_);
  const auto mu = mixedMu_.head(m);
  out.mu = mixedMu_.head(k);
  unilateralMu_.head(m - k) = mixedMu_.segment(k, m - k);
  report.residual = 0.0;
  for (int i = 0; i < k; ++i)
    report.residual = std::max(report.residual, std::abs(mixedA_.row(i).head(m).dot(mu) - mixedB_[i]));
}

// Step 4 with friction rows: staggered projections on the Delassus matrix of all rows.
void AnticipationSolver::solveFrictional(const ConstraintSystem& system, ConstrainedSolution& out,
                                         SolveReport& report) {
  const int k = system.auxiliaryCount(), m = k + system.unilateralCount, t = system.frictionCount;
  fillMatrix(system, m + t, mixedA_);
  for (int i = 0; i < m + t; ++i) {
    const ConstraintRow& row = mixedRow(system, i);
    mixedB_[i] = row.rhs - rowTimes(row, out.a);
  }
  staggeredResult_ = staggered_.solve(mixedA_.topLeftCorner(m + t, m + t), mixedB_.head(m + t), m, k,
                                      system.frictionContacts, system.frictionContactCount, system.frictionAxes,
                                      mixedMu_.head(m), frictionMu_.head(t), staggeredSettings_);
  reportStaggeredFailure(report);
  const auto mu = mixedMu_.head(m);
  out.mu = mixedMu_.head(k);
  unilateralMu_.head(m - k) = mixedMu_.segment(k, m - k);
  report.residual = 0.0;
  for (int i = 0; i < k; ++i)
    report.residual = std::max(report.residual, std::abs(mixedA_.row(i).head(m).dot(mu) +
                                                         mixedA_.row(i).segment(m, t).dot(frictionMu_.head(t)) -
                                                         mixedB_[i]));
}

void AnticipationSolver::reportStaggeredFailure(SolveReport& report) const {
  if (staggeredResult_.ok) return;
  report.ok = false;
  report.message = std::string("staggered projections: ") + staggeredResult_.failure + " at iteration " +
                   std::to_string(staggeredResult_.iterations);
}

// The contact islands of the mixed rows: bodies joined by tree joints, loop closures, limits
// and contacts (a friction row acts on its normal row's bodies).
void AnticipationSolver::groupIslands(const ConstraintSystem& system) {
  const int m = system.auxiliaryCount() + system.unilateralCount;
  islands_.begin();
  for (int i = 0; i < m; ++i) islands_.addNormalRow(mixedRow(system, i).bodyA, mixedRow(system, i).bodyB);
  islands_.group(system.frictionContacts, system.frictionContactCount);
}

// Steps 3 and 4 with friction rows, island by island: each island's block of A (its rows' tree
// solves, then its entries) and staggered projections on it alone.
void AnticipationSolver::solveFrictionalIslands(const ConstraintSystem& system, ConstrainedSolution& out,
                                                SolveReport& report) {
  const int k = system.auxiliaryCount(), m = k + system.unilateralCount, t = system.frictionCount;
  groupIslands(system);
  staggeredResult_ = {};
  report.residual = 0.0;
  for (int s = 0; s < islands_.count(); ++s) {
    const int rows = islandStaggered_.gather(islands_, s, m, k, system.frictionContacts, system.frictionAxes);
    const int* index = islandStaggered_.rows().data();
    auto A = mixedA_.topLeftCorner(rows, rows);
    auto b = mixedB_.head(rows);
    fillMatrix(system, rows, mixedA_, index);
    for (int i = 0; i < rows; ++i) {
      const ConstraintRow& row = mixedRow(system, index[i]);
      b[i] = row.rhs - rowTimes(row, out.a);
    }
    contact::mergeIslandResult(staggeredResult_, islandStaggered_.solve(A, b, mixedMu_.head(m), frictionMu_.head(t),
                                                                        staggeredSettings_));
    for (int i = 0; i < rows && index[i] < k; ++i)  // the island's loop-closure rows: A f = b
      report.residual = std::max(report.residual, std::abs(A.row(i).dot(islandStaggered_.forces()) - b[i]));
  }
  reportStaggeredFailure(report);
  out.mu = mixedMu_.head(k);
  unilateralMu_.head(m - k) = mixedMu_.segment(k, m - k);
}

void AnticipationSolver::solve(const ConstraintSystem& system, const std::vector<Vector6>& F,
                               ConstrainedSolution& out, SolveReport& report, bool multipliers) {
  std::vector<RowVector>* lambda = multipliers ? &out.lambda : nullptr;
  tree_.solve(system, F, true, out.a, lambda);  // step 2
  const int k = system.auxiliaryCount(), u = system.unilateralCount;
  if (k + u == 0) return;
  const int t = system.frictionCount;
  if (u == 0)
    solveEqualities(system, out, report);
  else if (t == 0)
    solveComplementarity(system, out, report);
  else if (staggeredSettings_.islands)
    solveFrictionalIslands(system, out, report);
  else
    solveFrictional(system, out, report);
  for (int i = 0; i < static_cast<int>(F.size()); ++i) force_[i] = F[i];  // step 5
  for (int j = 0; j < k; ++j) addRowForce(system.auxiliary[j], out.mu[j], force_);
  for (int j = 0; j < u; ++j) addRowForce(system.unilateral[j], unilateralMu_[j], force_);
  if (u > 0)
    for (int j = 0; j < t; ++j) addRowForce(system.friction[j], frictionMu_[j], force_);
  tree_.solve(system, force_, true, out.a, lambda);
  for (Vector6& f : force_) f.setZero();
}

}  // namespace articulab::baraff
