// Joint friction on the recursive back-end's velocity steps by bilateral staggered projections
// (sueda notes 2.11, Alg 8; engine/contact/bilateral_staggered_projections.hpp), as on RedMax
// but with no loop closures (the back-end runs trees): the step's velocity solve A qdot' = rhs
// is affine in a generalized friction impulse T^T beta added to rhs,
//   qdot'(beta) = v0 + K T^T beta,   K = A^-1,
// with K T^T one velocity response per friction axis (RecursiveSolver::velocityResponse: an
// O(n) pass on the implicit-springs step, GMRES on the implicit one). The reaction wrenches of
// qdot'(beta) come from the Newton-Euler backward traversal (contact::jointReactionWrenches)
// with the applied body forces at the start of the step (the linearised force changes h K dq of
// the implicit steps are left out, an O(h) difference in the load, as on RedMax). Allocates
// nothing after construction.
#pragma once

#include "engine/contact/bilateral_staggered_projections.hpp"
#include "engine/forces/applied_forces.hpp"

namespace articulab {

class RecursiveJointFriction {
 public:
  RecursiveJointFriction(const Model& model, const contact::BispSettings& settings);
  bool active() const { return bisp_.active(); }
  // The friction axes T at the step's kinematics; the caller then fills responses() with K T^T.
  void assemble(const Model& model, const TreeKinematics& kin);
  const MatrixX& directions() const { return bisp_.directions(); }
  MatrixX& responses() { return KT_; }  // nq x axes
  // Alg 8 from qd = v0 (the step's frictionless next velocity) at the kinematics kin of the
  // step's state; qd receives the velocity with friction. False when a friction QP failed.
  bool solve(const Model& model, const State& state, const TreeKinematics& kin, const ForceInputs& inputs, double h,
             VectorX& qd);
  const contact::BispResult& result() const { return result_; }
  const contact::BilateralStaggeredProjections& bisp() const { return bisp_; }

 private:
  contact::BispSettings settings_;
  contact::BilateralStaggeredProjections bisp_;
  contact::BispResult result_;
  MatrixX KT_;
  VectorX v0_, qdd_;
  std::vector<Vector6> bodyForce_, accel_;
};

}  // namespace articulab
