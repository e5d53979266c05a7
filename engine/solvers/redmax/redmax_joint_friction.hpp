// Joint friction on the RedMax velocity step by bilateral staggered projections (sueda notes
// 2.11, Alg 8; engine/contact/bilateral_staggered_projections.hpp). The step's velocity solve
// A qdot' = rhs (A = M_r + h D + h^2 K, or its joint-spring form) under the loop closures
// G_r qdot' = c is affine in a generalized friction impulse T^T beta added to rhs:
//   qdot'(beta) = v0 + K T^T beta,   mu(beta) = mu0 + Mu beta,
// v0, mu0 the frictionless solution and closure multipliers, K T^T and Mu from one solve per
// friction axis with c = 0 (eq 2.119-2.120: the closures stay in both the constrained velocity
// and the final solve). The reaction wrenches of qdot'(beta) come from the Newton-Euler
// backward traversal (joint_friction.hpp) with the closure forces G_m^T mu / h added to the
// bodies' applied forces (eq 2.119: the loop forces are external to the tree's joints), so a
// four-bar's tree joints carry their share of the loop's load. The closing constraints
// themselves are frictionless. The reactions use the applied forces at the start of the step;
// the implicit integrators' linearised force changes (h K dq) are left out, an O(h) difference
// in the load.
#pragma once

#include <Eigen/LU>

#include "engine/contact/bilateral_staggered_projections.hpp"
#include "engine/solvers/redmax/redmax_loops.hpp"

namespace articulab {

class RedMaxJointFriction {
 public:
  RedMaxJointFriction(const Model& model, const contact::BispSettings& settings);
  bool active() const { return bisp_.active(); }
  // On entry qd = v0 and closureImpulses = mu0 of the step (lu factors A; loops assembled at the
  // step's state); on return both with friction. False when a friction QP failed.
  bool apply(const Model& model, const State& state, const RedMaxWorkspace& ws, const Eigen::PartialPivLU<MatrixX>& lu,
             ReducedLoopConstraints& loops, double h, VectorX& qd, VectorX& closureImpulses);
  const contact::BispResult& result() const { return result_; }
  const contact::BilateralStaggeredProjections& bisp() const { return bisp_; }

 private:
  // K T^T and Mu, one loop-constrained solve per friction axis.
  void responses(const Eigen::PartialPivLU<MatrixX>& lu, ReducedLoopConstraints& loops);
  // Joint reaction wrenches of qd (Alg 8 lines 10-13).
  void reactions(const Model& model, const State& state, const RedMaxWorkspace& ws,
                 const ReducedLoopConstraints& loops, const VectorX& beta, const VectorX& qd, double h,
                 std::vector<Vector6>& wrench);

  contact::BispSettings settings_;
  contact::BilateralStaggeredProjections bisp_;
  contact::BispResult result_;
  MatrixX KT_, Mu_, loopWork_;
  VectorX v0_, mu0_, mu_, zeroTarget_, column_, work_, qdd_;
  std::vector<Vector6> bodyForce_, accel_;
};

}  // namespace articulab
