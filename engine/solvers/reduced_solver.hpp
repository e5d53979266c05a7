// Time stepping shared by the reduced-coordinate back-ends: the integrators are written once
// here; a back-end supplies forward dynamics and the linearly implicit velocity solve. A
// reduced back-end with an integrator of its own lists it in integrators() and overrides
// integrate() for it (its folder and the registry change, nothing here).
#pragma once

#include "engine/algorithm/kinematics.hpp"
#include "engine/solvers/solver.hpp"

namespace articulab {

namespace contact {
class ReducedContact;
}  // namespace contact

class ReducedSolver : public Solver {
 public:
  StepStatus advanceMechanism(const Model& model, State& state, double h) final;
  void forwardDynamics(const Model& model, const State& state, VectorX& qdd) final;
  const IntegratorList& integrators() const override { return sharedIntegrators(); }
  // implicit, implicit-springs, semi-implicit, rk4 (the first is the default).
  static const IntegratorList& sharedIntegrators();
  // supports(model, options) of a reduced back-end: refuses an integrator outside `offered`
  // (the back-end's list) and a workspace that does not fit in memory, then asks check(model).
  static SolverSupport supportsShared(const char* backend, const Model& model, const SolverOptions& options,
                                      SolverSupport (*check)(const Model&),
                                      const IntegratorList& offered = sharedIntegrators());
  // Why `integrator` cannot run the model's contact (rk4: contact is a velocity-level step,
  // engine/contact/reduced_contact.hpp); empty when it can or the model has no contact.
  static std::string contactIntegratorRefusal(const Model& model, Integrator integrator);
  // Why `integrator` cannot run the model's joint friction (BISP needs the velocity solve of
  // implicit or implicit-springs, sueda 2.11); empty when it can or no joint has friction.
  static std::string jointFrictionIntegratorRefusal(const char* backend, const Model& model, Integrator integrator);
  // What `describe` says of the model's joint friction; empty when no joint has friction.
  static std::string jointFrictionNote(const Model& model);

 protected:
  ReducedSolver(const Model& model, const SolverOptions& options);
  // Moves (q, qdot) over one step of h with the selected integrator.
  virtual void integrate(const Model& model, State& state, double h);
  // The step's outputs besides the state: no contact, stepMultipliers(), direct solves.
  virtual void writeOutputs(State& state) const;
  // Constraint multipliers of the step's solve; none by default.
  virtual const VectorX& stepMultipliers() const;
  void integratorChanged(const Model& model) override;
  // qddot = M_r^-1 f_r at (q, qdot).
  virtual void accelerations(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                             VectorX& qdd) = 0;
  // Linearly implicit Euler (sueda eq 2.79 with K, D of every force, K made positive
  // semidefinite): (M_r + h D + h^2 K) qdot' = M_r qdot + h (f_r + D qdot).
  virtual void implicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) = 0;
  // Linearly implicit Euler as sueda eq 2.77-2.79 write it: the joint springs and dampers
  // (K_r, D_r) and the mouse spring (K_m = k Gamma^T Gamma, D_m = c Gamma^T Gamma on its body)
  // implicit, every other force explicit:
  //   (M_r + h D_r + h^2 K_r + J^T (h D_m + h^2 K_m) J) (qdot' - qdot) = h (f_r - h K_r qdot - h J^T K_m phi).
  virtual void springImplicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) = 0;
  // Whether the velocity-level steps call contactVelocity (contact on the model).
  virtual bool hasContact() const { return false; }
  // Contact and friction impulses on the step's next velocity qdNext (its contact-free value on
  // entry), from the state at the start of the step: semi-implicit (qdot + h qddot) and the two
  // implicit integrators, after their velocity solve (engine/contact/reduced_contact.hpp).
  // Returns whether it changed qdNext (some contact row this step).
  virtual bool contactVelocity(const Model& model, const State& state, double h, VectorX& qdNext);
  // The contact rows of the step just taken, or nullptr (no contact on the model or integrator).
  virtual contact::ReducedContact* stepContact() { return nullptr; }
  // M_r^-1 R_n^T of the step's normal rows (loops kept) into contact.massResponses(), for the
  // contact projection after an implicit step (its responses are A^-1 R^T); false: unavailable.
  virtual bool contactMassResponses(const Model& model, const State& state, contact::ReducedContact& contact);
  // Runs after the integrator moved (q, qdot): back-ends with loop closures project them back
  // onto the constraints here (post-stabilisation, sueda notes 1.12).
  virtual StepStatus correctDrift(const Model& model, State& state, double h);
  // Writes the body poses E_0i and twists phi_i at the state's (q, qdot) into the state; by
  // default with the shared computeKinematics.
  virtual void refreshBodies(const Model& model, State& state);

 private:
  using Stepper = void (ReducedSolver::*)(const Model&, State&, double);
  void stepSemiImplicitEuler(const Model& model, State& state, double h);
  void stepLinearlyImplicitEuler(const Model& model, State& state, double h);
  void stepSpringImplicitEuler(const Model& model, State& state, double h);
  // q' = q + h qdot' with qdot' = qdNext_, set by one of the two implicit velocity solves.
  void finishLinearlyImplicitEuler(State& state, double h);
  void stepRK4(const Model& model, State& state, double h);
  StepStatus finishStep(const Model& model, State& state, double h);
  // With post-stabilisation: q moved onto the step's contact rows' gaps >= 0 (positionCorrection
  // of reduced_contact.hpp, repeated at the new poses while a row is still below its slop), the
  // bodies refreshed after each correction.
  void projectContactPenetration(const Model& model, State& state);

  Stepper stepper_ = nullptr;  // the selected integrator's step
  TreeKinematics kin_;
  VectorX qdd_, qdNext_, contactCorrection_;
  VectorX q0_, qd0_, qStage_, qdStage_, dq_, dqd_;  // RK4 stages
};

}  // namespace articulab
