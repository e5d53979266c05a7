// RedMax back-end: reduced coordinates with the dense Jacobian J_mr, O(n^3) per step
// (sueda notes 2.1-2.5; Wang et al. 2019).
#pragma once

#include <Eigen/Cholesky>
#include <Eigen/LU>

#include "engine/algorithm/force_jacobians.hpp"
#include "engine/solvers/reduced_solver.hpp"
#include "engine/solvers/redmax/redmax_dynamics.hpp"

namespace articulab {

class RedMaxSolver final : public ReducedSolver {
 public:
  RedMaxSolver(const Model& model, const SolverOptions& options);
  const char* name() const override { return "redmax"; }
  static SolverSupport supports(const Model& model);

 private:
  void accelerations(const Model& model, const VectorX& q, const VectorX& qd, const Perturbation& pert,
                     VectorX& qdd) override;
  void implicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) override;

  RedMaxWorkspace ws_;
  ForceJacobianWorkspace fjws_;
  Eigen::LLT<MatrixX> llt_;
  Eigen::PartialPivLU<MatrixX> lu_;
  MatrixX K_, D_, A_;
  VectorX rhs_;
};

}  // namespace articulab
