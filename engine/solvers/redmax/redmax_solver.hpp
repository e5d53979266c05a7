// RedMax back-end: reduced coordinates with the dense Jacobian J_mr, O(n^3) per step
// (sueda notes 2.1-2.5; Wang et al. 2019). Loop closures add G_r = G_m J_mr rows solved with
// Lagrange multipliers per step (sueda 2.8, eq 2.98-2.103) under the selected drift control:
//   none:                G_r qddot = -Gdot_r qdot (acceleration level);
//   Baumgarte:           G_r qddot = -Gdot_r qdot - 2 alpha G_r qdot - beta^2 g (eq 1.82);
//   post-stabilisation:  acceleration level (velocity level G_r qdot' = 0 for the implicit
//                        integrator, eq 2.101), then after the step a mass-weighted
//                        Gauss-Newton projection of q onto g = 0 and of qdot onto G_r qdot = 0.
// Joint friction (Joint::friction) by bilateral staggered projections on the velocity step of
// the two implicit integrators (redmax_joint_friction.hpp; sueda 2.11, Alg 8).
// Ground and body-body contact with Coulomb friction by staggered projections (sueda 2.11,
// Alg 7; engine/contact/reduced_contact.hpp) on the velocity-level steps (semi-implicit,
// implicit, implicit-springs): rows R = J_c J_mr, responses M_r^-1 R^T (Cholesky) or A^-1 R^T
// (the implicit step's LU), the loop closures kept (G_r x = 0 per column, as eq 2.119). After
// the joint friction when both are present (one stagger, not iterated with it).
#pragma once

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <string>

#include "engine/algorithm/force_jacobians.hpp"
#include "engine/contact/reduced_contact.hpp"
#include "engine/forces/element_jacobians.hpp"
#include "engine/solvers/reduced_solver.hpp"
#include "engine/solvers/semi_implicit_rattle.hpp"
#include "engine/solvers/redmax/redmax_dynamics.hpp"
#include "engine/solvers/redmax/redmax_joint_friction.hpp"
#include "engine/solvers/redmax/redmax_loops.hpp"
#include "engine/solvers/redmax/redmax_settings.hpp"

namespace articulab {

class RedMaxSolver final : public ReducedSolver {
 public:
  RedMaxSolver(const Model& model, const SolverOptions& options);
  const char* name() const override { return "redmax"; }
  static SolverSupport supports(const Model& model);
  // The same, refusing an integrator it does not offer.
  static SolverSupport supports(const Model& model, const SolverOptions& options);
  // The shared integrators, then semi-implicit-rattle (redmax_rattle.cpp).
  static const IntegratorList& integratorList();
  const IntegratorList& integrators() const override { return integratorList(); }
  // Bytes of the solver's workspace: J and Jdot (6n x nq each) and nine nq x nq matrices
  // (M_r, its factors, K, D, A, the eigen-decomposition of K), for every integrator.
  static double estimateWorkspaceBytes(const Model& model, Integrator integrator);
  // The closure rows at the last evaluation (for tests and diagnostics).
  const ReducedLoopConstraints& loops() const { return loops_; }
  // Loop closures, except where semi-implicit-rattle holds them by its own multipliers.
  bool controlsDrift() const override { return loops_.rows() > 0 && integrator() != kSemiImplicitRattle; }
  // Joint friction of the last step (BISP iterations, impulses, reaction wrenches).
  const RedMaxJointFriction& jointFriction() const { return jointFriction_; }
  // Ground and body contact of the last step (rows, forces, SP iterations).
  const contact::ReducedContact& contact() const { return contact_; }

 private:
  RedMaxSolver(const Model& model, const SolverOptions& options, const RedMaxSettings& settings);
  void accelerations(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                     VectorX& qdd) override;
  void implicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) override;
  void springImplicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) override;
  // qdot' = A_^-1 rhs_ under the loop closures (eq 2.101 with A_ in place of M_r).
  // Then joint friction by BISP when a joint has friction.
  void solveImplicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext);
  // The loop closures on the implicit solution (eq 2.101); false when they conflict.
  bool constrainImplicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext);
  bool hasContact() const override { return contact_.enabled() && integrator() != Integrator::RK4; }
  contact::ReducedContact* stepContact() override { return hasContact() ? &contact_ : nullptr; }
  bool contactMassResponses(const Model& model, const State& state, contact::ReducedContact& contact) override;
  bool contactVelocity(const Model& model, const State& state, double h, VectorX& qdNext) override;
  StepStatus correctDrift(const Model& model, State& state, double h) override;
  // semi-implicit-rattle, or the shared integrators (in redmax_rattle.cpp).
  void integrate(const Model& model, State& state, double h) override;
  void stepRattle(const Model& model, State& state, double h);
  bool solveClosureMultipliers(const Model& model, State& state, const ForceInputs& inputs, double h);
  void finishRattleStep(const Model& model, State& state, const ForceInputs& inputs, double h);
  // The shared outputs and the BISP iterations and last change (contactIterations, contactChange).
  void writeOutputs(State& state) const override;
  // The loop-closure multipliers of the step's dynamics solve (State::outputs).
  const VectorX& stepMultipliers() const override { return closureForces_; }
  // Right-hand side c of G_r x = c: accelerations (h = 0) or next velocities (h > 0).
  void closureTarget(double h);
  bool projectPositions(const Model& model, State& state);
  bool projectVelocities(State& state);
  bool factorMass();
  // Adds a force element's J^T (h D + h^2 K) J to A_ and -h J^T K phi to rhs_ (eq 2.77-2.79).
  void addImplicitElement(int bodyA, int bodyB, const ElementJacobians& jacobians, double h);

  RedMaxWorkspace ws_;
  ForceJacobianWorkspace fjws_;
  Eigen::LLT<MatrixX> llt_;
  Eigen::PartialPivLU<MatrixX> lu_;
  MatrixX K_, D_, A_;
  MatrixX JsT_H_;  // J_s^T (h D + h^2 K)_st of one force element, nq x 6
  ElementJacobians elementJacobians_;
  VectorX rhs_;
  ReducedLoopConstraints loops_;
  ReducedLoopConstraints startLoops_;  // semi-implicit-rattle: G_r at the step's start (the chord matrix)
  VectorX rattleStartQ_, rattleStartQd_, rattleHalfQd_, rattleQdd_;
  VectorX target_, correction_;
  MatrixX luWork_;
  VectorX closureForces_;     // the step's loop-closure multipliers, N or N m (State::outputs)
  VectorX closureImpulses_;   // the same times h, for the joint friction
  int projectionIterations_;  // RedMaxSettings
  double positionTolerance_, positionFailure_;
  std::string loopFailure_;  // why the last closure (or joint friction) solve failed, empty if it did not
  RedMaxJointFriction jointFriction_;
  contact::ReducedContact contact_;
  MatrixX contactRhs_;                     // R^T of the contact rows, nq x rows
  VectorX loopColumn_, zeroLoopTarget_;    // one response column under G_r x = 0
};

}  // namespace articulab
