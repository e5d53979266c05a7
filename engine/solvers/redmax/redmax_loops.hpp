// Loop-closing constraints in reduced coordinates (sueda notes 2.8): the maximal rows G_m of
// each closure (eq 2.93-2.97, engine/constraints/loop_rows) are mapped through the Jacobian,
//   G_r = G_m J_mr,   Gdot_r qdot = (Gdot_m J_mr + G_m Jdot_mr) qdot            (eq 2.98),
// and every solve  A x = b  becomes the KKT system  [A G_r^T; G_r 0][x; -mu] = [b; c]
// (eq 2.100-2.101), solved by the Schur complement S = G_r A^-1 G_r^T. S is factored with
// full pivoting so that redundant closure rows (the out-of-plane row of a planar loop) carry
// no force.
#pragma once

#include <Eigen/LU>
#include <string>
#include <vector>

#include "engine/constraints/constraint_row.hpp"
#include "engine/solvers/redmax/redmax_dynamics.hpp"

namespace articulab {

class ReducedLoopConstraints {
 public:
  explicit ReducedLoopConstraints(const Model& model = Model{});
  int rows() const { return static_cast<int>(maximal_.size()); }

  // G_r, the bias -Gdot_r qdot, the velocity violation G_r qdot and the position violation g
  // at the kinematics and Jacobians in ws (filled by evaluateRedMax at q, qdot).
  void assemble(const Model& model, const RedMaxWorkspace& ws, const VectorX& qd);

  // Turns the unconstrained solution x = A^-1 b into the constrained one with G_r x = target,
  // x += A^-1 G_r^T mu. solveInPlace(Y) must overwrite Y with A^-1 Y. Returns false when the
  // closure equations cannot be met (conflicting rows); message says why.
  template <class SolveInPlace>
  bool constrain(SolveInPlace&& solveInPlace, const VectorX& target, VectorX& x);

  const MatrixX& G() const { return G_; }
  // The maximal rows G_m at the last assemble(): row r pulls body A with jA^T mu_r, B with jB^T mu_r.
  const std::vector<constraints::ConstraintRow>& maximalRows() const { return maximal_; }
  const VectorX& bias() const { return bias_; }
  const VectorX& velocity() const { return velocity_; }
  const VectorX& error() const { return error_; }
  double largestError() const { return error_.size() > 0 ? error_.cwiseAbs().maxCoeff() : 0.0; }
  int redundantRows() const { return redundant_; }
  // mu of the last constrain(): the closure rows' forces in the units of its right-hand side
  // (G_r^T mu joins b in A x = b + G_r^T mu).
  const VectorX& multipliers() const { return mu_; }
  const std::string& message() const { return message_; }

 private:
  bool solveSchur(VectorX& x);

  std::vector<constraints::ConstraintRow> maximal_;  // G_m rows, eq 2.93-2.97
  MatrixX G_, Y_, S_;                          // G_r (k x nq), A^-1 G_r^T, G_r A^-1 G_r^T
  VectorX bias_, velocity_, error_, residual_, mu_, work_;
  Eigen::FullPivLU<MatrixX> schur_;
  int redundant_ = 0;
  std::string message_;
};

template <class SolveInPlace>
bool ReducedLoopConstraints::constrain(SolveInPlace&& solveInPlace, const VectorX& target, VectorX& x) {
  if (rows() == 0) return true;
  Y_ = G_.transpose();
  solveInPlace(Y_);
  residual_ = target;
  residual_.noalias() -= G_ * x;
  return solveSchur(x);
}

}  // namespace articulab
