#include "engine/solvers/baraff/anticipation.hpp"

#include <algorithm>
#include <cmath>

#include "engine/solvers/baraff/joint_rows.hpp"

namespace articulab::baraff {

namespace {
// Auxiliary equations left unsatisfied beyond this (relative to the right-hand side) conflict.
constexpr double kConflictTolerance = 1e-6;
}  // namespace

ConstrainedSolution::ConstrainedSolution(const Model& model, int auxiliaryRows)
    : a(model.bodyCount(), Vector6::Zero()), lambda(model.bodyCount()), mu(VectorX::Zero(auxiliaryRows)) {
  for (int i = 0; i < model.bodyCount(); ++i) lambda[i].setZero(constraintRowCount(model.joints[i]));
}

AnticipationSolver::AnticipationSolver(const Model& model, int auxiliaryRows)
    : tree_(model),
      small_(auxiliaryRows),
      force_(model.bodyCount(), Vector6::Zero()),
      response_(model.bodyCount(), Vector6::Zero()),
      responseLambda_(ConstrainedSolution(model, 0).lambda),
      A_(MatrixX::Zero(auxiliaryRows, auxiliaryRows)),
      b_(VectorX::Zero(auxiliaryRows)) {}

bool AnticipationSolver::factor(const Model& model, const ConstraintSystem& system, SolveReport& report) {
  if (tree_.factor(model, system)) return true;
  report.ok = false;
  report.message = tree_.failure();
  return false;
}

double AnticipationSolver::rowTimes(const AuxiliaryRow& row, const std::vector<Vector6>& a) const {
  double value = 0.0;
  if (row.bodyA >= 0) value += row.jA.dot(a[row.bodyA]);
  if (row.bodyB >= 0) value += row.jB.dot(a[row.bodyB]);
  return value;
}

void AnticipationSolver::addRowForce(const AuxiliaryRow& row, double scale, std::vector<Vector6>& F) const {
  if (row.bodyA >= 0) F[row.bodyA] += scale * row.jA.transpose();
  if (row.bodyB >= 0) F[row.bodyB] += scale * row.jB.transpose();
}

void AnticipationSolver::solve(const ConstraintSystem& system, const std::vector<Vector6>& F,
                               ConstrainedSolution& out, SolveReport& report) {
  tree_.solve(system, F, true, out.a, out.lambda);  // step 2
  const int k = system.auxiliaryCount();
  if (k == 0) return;
  for (int j = 0; j < k; ++j) {  // step 3: A = J_a Mhat^-1 J_a^T, column by column
    const AuxiliaryRow& rj = system.auxiliary[j];
    addRowForce(rj, 1.0, force_);
    tree_.solve(system, force_, false, response_, responseLambda_);
    if (rj.bodyA >= 0) force_[rj.bodyA].setZero();
    if (rj.bodyB >= 0) force_[rj.bodyB].setZero();
    for (int i = 0; i < k; ++i) A_(i, j) = rowTimes(system.auxiliary[i], response_);
  }
  for (int i = 0; i < k; ++i) b_[i] = system.auxiliary[i].rhs - rowTimes(system.auxiliary[i], out.a);
  report.redundantRows = k - small_.factor(A_);  // step 4
  report.residual = small_.solve(A_, b_, out.mu);
  if (report.residual > kConflictTolerance * std::max(1.0, b_.cwiseAbs().maxCoeff())) {
    report.ok = false;
    report.message = "the auxiliary constraints conflict: " + std::to_string(report.residual) +
                     " of their equations cannot be met";
  }
  for (int i = 0; i < static_cast<int>(F.size()); ++i) force_[i] = F[i];  // step 5
  for (int j = 0; j < k; ++j) addRowForce(system.auxiliary[j], out.mu[j], force_);
  tree_.solve(system, force_, true, out.a, out.lambda);
  for (Vector6& f : force_) f.setZero();
}

}  // namespace articulab::baraff
