#include "engine/solvers/redmax/redmax_solver.hpp"

#include <limits>

namespace articulab {

RedMaxSolver::RedMaxSolver(const Model& model, const SolverOptions& options)
    : ReducedSolver(model, options),
      ws_(model),
      fjws_(model),
      llt_(model.nq),
      lu_(model.nq),
      K_(MatrixX::Zero(model.nq, model.nq)),
      D_(MatrixX::Zero(model.nq, model.nq)),
      A_(MatrixX::Zero(model.nq, model.nq)),
      rhs_(VectorX::Zero(model.nq)) {}

SolverSupport RedMaxSolver::supports(const Model& model) {
  SolverSupport support;
  if (!model.loops.empty()) {
    support.ok = false;
    support.reason = "RedMax here simulates trees: the scene has " + std::to_string(model.loops.size()) +
                     " loop-closing constraint(s)";
  }
  for (const Joint& joint : model.joints)
    if (joint.hasLimits) support.warnings.push_back("joint limits are not enforced (joint '" + joint.name + "')");
  return support;
}

// M_r qddot = f_r (eq 2.18), solved with a Cholesky factorization of M_r.
void RedMaxSolver::accelerations(const Model& model, const VectorX& q, const VectorX& qd, const Perturbation& pert,
                                 VectorX& qdd) {
  evaluateRedMax(model, q, qd, pert, ws_);
  llt_.compute(ws_.Mr);
  if (llt_.info() != Eigen::Success) {
    qdd.setConstant(std::numeric_limits<double>::quiet_NaN());  // reported by the step as non-finite
    return;
  }
  qdd = ws_.fr;
  llt_.solveInPlace(qdd);
}

void RedMaxSolver::implicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) {
  evaluateRedMax(model, state.q, state.qd, state.perturbation, ws_);
  forceJacobians(model, state.q, state.qd, state.perturbation, fjws_, K_, D_);
  projectToPositiveSemidefinite(K_, fjws_);
  A_ = ws_.Mr + h * D_ + (h * h) * K_;
  rhs_ = ws_.fr;
  rhs_.noalias() += D_ * state.qd;
  rhs_ *= h;
  rhs_.noalias() += ws_.Mr * state.qd;
  lu_.compute(A_);
  qdNext = lu_.solve(rhs_);
}

}  // namespace articulab
