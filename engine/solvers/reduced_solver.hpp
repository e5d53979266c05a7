// Time stepping shared by the reduced-coordinate back-ends: the integrators are written once
// here; a back-end supplies forward dynamics and the linearly implicit velocity solve.
#pragma once

#include "engine/algorithm/kinematics.hpp"
#include "engine/solvers/solver.hpp"

namespace articulab {

class ReducedSolver : public Solver {
 public:
  StepStatus step(const Model& model, State& state, double h) final;
  void forwardDynamics(const Model& model, const State& state, VectorX& qdd) final;

 protected:
  ReducedSolver(const Model& model, const SolverOptions& options);
  // qddot = M_r^-1 f_r at (q, qdot).
  virtual void accelerations(const Model& model, const VectorX& q, const VectorX& qd, const Perturbation& pert,
                             VectorX& qdd) = 0;
  // Linearly implicit Euler (sueda eq 2.79 with K, D of every force, K made positive
  // semidefinite): (M_r + h D + h^2 K) qdot' = M_r qdot + h (f_r + D qdot).
  virtual void implicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) = 0;
  // Runs after the integrator moved (q, qdot): back-ends with loop closures project them back
  // onto the constraints here (post-stabilisation, sueda notes 1.12).
  virtual StepStatus correctDrift(const Model& model, State& state, double h);
  // Writes the body poses E_0i and twists phi_i at the state's (q, qdot) into the state; by
  // default with the shared computeKinematics.
  virtual void refreshBodies(const Model& model, State& state);

 private:
  void stepSemiImplicitEuler(const Model& model, State& state, double h);
  void stepLinearlyImplicitEuler(const Model& model, State& state, double h);
  void stepRK4(const Model& model, State& state, double h);
  StepStatus finishStep(const Model& model, State& state, double h);

  TreeKinematics kin_;
  VectorX qdd_, qdNext_;
  VectorX q0_, qd0_, qStage_, qdStage_, dq_, dqd_;  // RK4 stages
};

}  // namespace articulab
