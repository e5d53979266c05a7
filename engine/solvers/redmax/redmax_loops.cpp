#include "engine/solvers/redmax/redmax_loops.hpp"

#include <algorithm>
#include <cmath>

#include "engine/constraints/loop_rows.hpp"

namespace articulab {

namespace {
// Closure equations left unsatisfied beyond this (relative to the target) conflict.
constexpr double kConflictTolerance = 1e-6;
// Pivot / largest pivot below this: the row depends on earlier ones (redundant).
constexpr double kRelativePivot = 1e-10;
}  // namespace

ReducedLoopConstraints::ReducedLoopConstraints(const Model& model)
    : maximal_(constraints::totalLoopRows(model)),
      G_(MatrixX::Zero(rows(), model.nq)),
      Y_(MatrixX::Zero(model.nq, rows())),
      S_(MatrixX::Zero(rows(), rows())),
      bias_(VectorX::Zero(rows())),
      velocity_(VectorX::Zero(rows())),
      error_(VectorX::Zero(rows())),
      residual_(VectorX::Zero(rows())),
      mu_(VectorX::Zero(rows())),
      work_(VectorX::Zero(rows())),
      schur_(rows(), rows()) {
  schur_.setThreshold(kRelativePivot);
}

void ReducedLoopConstraints::assemble(const Model& model, const RedMaxWorkspace& ws, const VectorX& qd) {
  int first = 0;
  for (int k = 0; k < static_cast<int>(model.loops.size()); ++k) {
    constraints::assembleLoopRows(model, k, TreeMotion{ws.kin}, maximal_.data() + first);
    first += constraints::loopRowCount(model.loops[k]);
  }
  for (int r = 0; r < rows(); ++r) {
    const constraints::ConstraintRow& row = maximal_[r];
    auto Gr = G_.row(r);
    Gr.setZero();
    double JdotTerm = 0.0;  // G_m Jdot_mr qdot (eq 2.98)
    if (row.bodyA >= 0) {
      Gr.noalias() += row.jA * ws.J.middleRows<6>(6 * row.bodyA);
      JdotTerm += row.jA.dot(ws.Jdot.middleRows<6>(6 * row.bodyA) * qd);
    }
    if (row.bodyB >= 0) {
      Gr.noalias() += row.jB * ws.J.middleRows<6>(6 * row.bodyB);
      JdotTerm += row.jB.dot(ws.Jdot.middleRows<6>(6 * row.bodyB) * qd);
    }
    bias_[r] = row.bias - JdotTerm;  // row.bias is -Gdot_m phi (eq 2.97)
    velocity_[r] = row.velocity;
    error_[r] = row.error;
  }
}

// S mu = target - G_r x, then x += Y mu (Schur complement of eq 2.100). S is not symmetric
// when A holds the damping Jacobian of the implicit step, so it is factored by LU with full
// pivoting; unknowns past the numerical rank (redundant rows) are set to zero.
bool ReducedLoopConstraints::solveSchur(VectorX& x) {
  S_.noalias() = G_ * Y_;
  schur_.compute(S_);
  const int rank = static_cast<int>(schur_.rank());
  redundant_ = rows() - rank;
  work_.noalias() = schur_.permutationP() * residual_;
  const auto LU = schur_.matrixLU().topLeftCorner(rank, rank);
  LU.triangularView<Eigen::UnitLower>().solveInPlace(work_.head(rank));
  LU.triangularView<Eigen::Upper>().solveInPlace(work_.head(rank));
  work_.tail(rows() - rank).setZero();
  mu_.noalias() = schur_.permutationQ() * work_;
  const double scale = std::max(1.0, residual_.cwiseAbs().maxCoeff());
  residual_.noalias() -= S_ * mu_;
  const double unmet = residual_.cwiseAbs().maxCoeff();
  x.noalias() += Y_ * mu_;
  if (unmet <= kConflictTolerance * scale) return true;
  message_ = std::isfinite(unmet)
                 ? "the loop-closing constraints conflict: " + std::to_string(unmet) + " of their equations cannot be met"
                 : "the loop-closing constraints' equations overflowed to non-finite values (a force, velocity or "
                   "coordinate beyond the largest double, 1.8e308)";
  return false;
}

}  // namespace articulab
