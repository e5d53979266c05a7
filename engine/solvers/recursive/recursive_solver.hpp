// Recursive back-end: reduced coordinates in O(n) per dynamics evaluation (sueda notes 2.10,
// 2.12-2.13; si-guenter section 4). Forward dynamics is the articulated-body recursion with
// driven joints (hybrid dynamics, Alg 9). The integrator "implicit" solves RedMax's linearly
// implicit system matrix-free with GMRES preconditioned by Alg 10 (every force linearised,
// O(n^3) for K+, implicit_velocity.hpp); "implicit-springs" linearises the springs and
// dampers only and is one O(n) pass (sueda eq 2.79, spring_implicit_velocity.hpp). The
// integrators are shared with RedMax through ReducedSolver.
// Ground and body-body contact with Coulomb friction by staggered projections (sueda 2.11,
// Alg 7; engine/contact/reduced_contact.hpp) on the velocity-level steps (semi-implicit,
// implicit, implicit-springs; not rk4): each contact row r = J_c J_mr by one O(n) product J^T
// (Alg 6) and its response K r^T by the step's own solver (velocityResponse): M_r^-1 by one
// O(n) articulated-body solve (Alg 10) on the semi-implicit step, A^-1 by one O(n) pass on the
// implicit-springs step's elimination, by GMRES on the implicit step's; O(k n) for k rows
// (GMRES: times its iterations); driven joints do not respond.
// Joint friction (Joint::friction) by bilateral staggered projections on the implicit and
// implicit-springs steps, after their velocity solve and before the contact
// (recursive_joint_friction.hpp; sueda 2.11, Alg 8), with the same responses.
#pragma once

#include "engine/contact/reduced_contact.hpp"
#include "engine/solvers/recursive/hybrid_dynamics.hpp"
#include "engine/solvers/recursive/implicit_velocity.hpp"
#include "engine/solvers/recursive/recursive_joint_friction.hpp"
#include "engine/solvers/recursive/recursive_settings.hpp"
#include "engine/solvers/recursive/spring_implicit_velocity.hpp"
#include "engine/solvers/reduced_solver.hpp"

namespace articulab {

class RecursiveSolver final : public ReducedSolver {
 public:
  RecursiveSolver(const Model& model, const SolverOptions& options);
  const char* name() const override { return "recursive"; }
  static SolverSupport supports(const Model& model);
  // The same, refusing an integrator it does not offer.
  static SolverSupport supports(const Model& model, const SolverOptions& options);
  // Bytes of the solver's workspace: O(n) for every integrator but "implicit", which adds five
  // nq x nq matrices (K+, its eigen-decomposition, the dense fallback and its LU).
  static double estimateWorkspaceBytes(const Model& model, Integrator integrator);

  // Accelerations that the driven joints (Joint::driven) follow, one entry per coordinate;
  // entries of free joints are ignored. Zero until set. Throws std::invalid_argument when the
  // size is not the model's nq.
  void setPrescribedAccelerations(const VectorX& qdd);
  const VectorX& prescribedAccelerations() const { return prescribed_; }

  // Alg 9 at the state's (q, qdot): qdd for every joint and, for driven joints, the force an
  // actuator must add to the joint's spring and damper (zero for free joints).
  void hybridDynamics(const Model& model, const State& state, VectorX& qdd, VectorX& drivenForce);

  // Ground and body contact of the last step (rows, forces, SP iterations).
  const contact::ReducedContact& contact() const { return contact_; }
  // Joint friction of the last step (BISP iterations, impulses, reaction wrenches).
  const RecursiveJointFriction& jointFriction() const { return jointFriction_; }
  // GMRES iterations and residual of the last "implicit" step (every force linearised), and
  // whether it needed the dense fallback.
  const ImplicitSolveReport& lastImplicitSolve() const { return implicitReport_; }
  int lastIterations() const {
    return integrator() == Integrator::LinearlyImplicitEuler ? implicitReport_.krylov.iterations : -1;
  }

 private:
  RecursiveSolver(const Model& model, const SolverOptions& options, const RecursiveSettings& settings);
  void accelerations(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                     VectorX& qdd) override;
  void implicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) override;
  void springImplicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) override;
  bool hasContact() const override { return contact_.enabled() && integrator() != Integrator::RK4; }
  contact::ReducedContact* stepContact() override { return hasContact() ? &contact_ : nullptr; }
  bool contactMassResponses(const Model& model, const State& state, contact::ReducedContact& contact) override;
  bool contactVelocity(const Model& model, const State& state, double h, VectorX& qdNext) override;
  // Readies velocityResponse at the step's kinematics (the semi-implicit step factors M_r; the
  // implicit ones reuse their own solve). False when the articulated inertia is singular.
  bool prepareVelocityResponse(const Model& model);
  // y = K x, the change of the step's next velocity under a generalized impulse x (zero on the
  // driven joints): K = M_r^-1 (semi-implicit) or the A^-1 of the implicit step's system.
  void velocityResponse(const Model& model, const State& state, double h, VectorX& x, VectorX& y);
  // Joint friction by BISP on the implicit steps' qdNext (their frictionless solution on entry).
  void applyJointFriction(const Model& model, const State& state, double h, VectorX& qdNext);
  StepStatus correctDrift(const Model& model, State& state, double h) override;
  // The tree kinematics of the step, kept for the next one, instead of a second pass.
  void refreshBodies(const Model& model, State& state) override;
  // Makes the "implicit" workspace when switched to that integrator, frees it when switched away.
  void integratorChanged(const Model& model) override;
  // GMRES iterations and residual of the "implicit" step, the BISP iterations and last change
  // (contactIterations, contactChange) into State::outputs.
  void writeOutputs(State& state) const override;
  // dynamics_.kin at (q, qdot), recomputed only when they differ from the last ones.
  void updateKinematics(const Model& model, const VectorX& q, const VectorX& qd);

  // The "implicit" workspace with the GMRES settings.
  std::unique_ptr<ImplicitVelocity> makeImplicitVelocity(const Model& model) const;

  double gmresTolerance_;  // RecursiveSettings
  int gmresIterations_;    // 0: 4 nq + 20
  HybridDynamicsWorkspace dynamics_;
  std::unique_ptr<ImplicitVelocity> implicit_;  // only for the "implicit" integrator (O(nq^2) memory)
  SpringImplicitWorkspace springs_;
  VectorX prescribed_, drivenForce_;
  VectorX kinematicsQ_, kinematicsQd_;  // where dynamics_.kin was last computed
  bool kinematicsCurrent_ = false;
  ImplicitSolveReport implicitReport_;
  RecursiveJointFriction jointFriction_;
  contact::ReducedContact contact_;
  ArticulatedBodyWorkspace contactInertia_;  // Alg 10 elimination at the step's q
  TreeKinematics contactStartKin_;  // the implicit contact step's start, for contactMassResponses
  BodyVectors contactAlpha_;
  VectorX contactWrench_, contactRow_, contactColumn_;  // 6n, nq, nq
  std::string contactFailure_;  // why the last contact (or joint friction) solve failed, empty if it did not
};

}  // namespace articulab
