#include "engine/solvers/reduced_solver.hpp"

#include <string>

#include "engine/contact/bilateral_staggered_projections.hpp"
#include "engine/contact/reduced_contact.hpp"
#include "engine/multibody/coordinate_check.hpp"
#include "engine/multibody/step_clock.hpp"
#include "engine/solvers/workspace_budget.hpp"

namespace articulab {

SolverSupport ReducedSolver::supportsShared(const char* backend, const Model& model, const SolverOptions& options,
                                           SolverSupport (*check)(const Model&), const IntegratorList& offered) {
  if (!options.integrator.isDefault() && !findOffered(offered, options.integrator))
    return {false, integratorRefusal(backend, options.integrator, offered), {}, {}};
  const Integrator integrator = options.integrator.isDefault() ? sharedIntegrators().front().integrator : options.integrator;
  if (SolverSupport support; !checkWorkspaceFits(backend, model, integrator, support)) return support;
  return check(model);
}

std::string ReducedSolver::contactIntegratorRefusal(const Model& model, Integrator integrator) {
  if (!(model.groundContact || model.bodyContact) || integrator != Integrator::RK4) return {};
  return "integrator 'rk4' is not available on this scene: its contact is a velocity-level step that RK4 stages "
         "cannot carry; available: implicit, implicit-springs, semi-implicit";
}

std::string ReducedSolver::jointFrictionIntegratorRefusal(const char* backend, const Model& model,
                                                          Integrator integrator) {
  const Joint* joint = contact::firstJointWithFriction(model);
  if (!joint || integrator == Integrator::LinearlyImplicitEuler || integrator == Integrator::SpringImplicitEuler)
    return {};
  return std::string(backend) + ": joint friction (joint '" + joint->name +
         "') needs a velocity-level step (BISP, sueda 2.11): integrator implicit or implicit-springs, not " +
         integrator.name();
}

std::string ReducedSolver::jointFrictionNote(const Model& model) {
  const int axes = contact::BilateralStaggeredProjections(model).axes();
  if (axes == 0) return {};
  return "joint friction by bilateral staggered projections on " + std::to_string(axes) + " friction axes";
}

ReducedSolver::ReducedSolver(const Model& model, const SolverOptions& options)
    : Solver(options),
      kin_(model),
      qdd_(VectorX::Zero(model.nq)),
      qdNext_(VectorX::Zero(model.nq)),
      contactCorrection_(VectorX::Zero(model.nq)),
      q0_(model.nq),
      qd0_(model.nq),
      qStage_(model.nq),
      qdStage_(model.nq),
      dq_(model.nq),
      dqd_(model.nq) {
  resolveDefaultIntegrator();
  ReducedSolver::integratorChanged(model);
}

const IntegratorList& ReducedSolver::sharedIntegrators() {
  static const IntegratorList list = {
      {Integrator::LinearlyImplicitEuler,
       "linearly implicit Euler, every force linearised (sueda eq 2.77-2.79): stable for stiff springs; dissipative"},
      {Integrator::SpringImplicitEuler,
       "linearly implicit Euler on the joint springs, dampers and mouse spring only (sueda eq 2.79), O(n) on "
       "recursive: dissipative on the springs and dampers, elsewhere as semi-implicit Euler"},
      // Measured in docs/backends.md, "What each integrator preserves".
      {Integrator::SemiImplicitEuler,
       "semi-implicit Euler, qdot then q (eq 2.19-2.20): symplectic only where M does not depend on q (a single "
       "pendulum); with chains, loops or free bodies energy drifts"},
      {Integrator::RK4,
       "classical Runge-Kutta on (q, qdot) (eq 2.21): fourth order, accurate reference; energy error grows slowly"},
  };
  return list;
}

void ReducedSolver::integratorChanged(const Model&) {
  const std::pair<Integrator, Stepper> steppers[] = {
      {Integrator::LinearlyImplicitEuler, &ReducedSolver::stepLinearlyImplicitEuler},
      {Integrator::SpringImplicitEuler, &ReducedSolver::stepSpringImplicitEuler},
      {Integrator::SemiImplicitEuler, &ReducedSolver::stepSemiImplicitEuler},
      {Integrator::RK4, &ReducedSolver::stepRK4},
  };
  stepper_ = nullptr;  // a back-end's own integrator: its integrate() override steps it
  for (const auto& [integrator, stepper] : steppers)
    if (integrator == options_.integrator) stepper_ = stepper;
}

void ReducedSolver::integrate(const Model& model, State& state, double h) {
  if (stepper_) (this->*stepper_)(model, state, h);
}

void ReducedSolver::writeOutputs(State& state) const {
  state.outputs.contactCount = 0;
  state.outputs.multipliers = stepMultipliers();  // same size every step: allocates at the first only
  state.outputs.iterations = -1;
  state.outputs.residual = 0.0;
}

const VectorX& ReducedSolver::stepMultipliers() const {
  static const VectorX none;
  return none;
}

StepStatus ReducedSolver::correctDrift(const Model&, State&, double) { return {}; }

bool ReducedSolver::contactVelocity(const Model&, const State&, double, VectorX&) { return false; }

void ReducedSolver::forwardDynamics(const Model& model, const State& state, VectorX& qdd) {
  accelerations(model, state.q, state.qd, forceInputs(state), qdd);
}

StepStatus ReducedSolver::advanceMechanism(const Model& model, State& state, double h) {
  integrate(model, state, h);
  state.history.valid = false;  // the reduced integrators are one-step methods: no history
  writeOutputs(state);
  if (StepStatus status = correctDrift(model, state, h); !status.ok) return status;
  return finishStep(model, state, h);
}

// q + h qdot' moves a contact point along the chord of its arc about the joints, which the
// velocity-level rows do not see: corners sank by O(h^2) and the next step's penetration
// recovery lifted them with energy. Projected at the end of the same step, the sink and the
// lift cancel within the step (sueda notes 1.12, as the loop closures' post-stabilisation).
// Runs at the end of the step, the bodies at (q, qdot) (a step whose joints changed chart is left
// to the next step's recovery: R and K are the old chart's).
void ReducedSolver::projectContactPenetration(const Model& model, State& state) {
  contact::ReducedContact* contact = stepContact();
  if (!contact || options_.driftControl != DriftControl::PostStabilization) return;
  // The semi-implicit step's responses are M_r^-1 R^T; the implicit steps' A^-1 R^T are not a
  // metric for positions (positionCorrection), so those get M_r^-1 R_n^T once, when a row sinks.
  const bool stepResponsesAreMass = integrator() == Integrator::SemiImplicitEuler;
  for (int iterate = 0; iterate < contact::kContactProjectionIterates; ++iterate) {
    if (!contact->penetratesAt(state.E_0i)) return;
    if (iterate == 0 && !stepResponsesAreMass && !contactMassResponses(model, state, *contact)) return;
    if (!contact->positionCorrection(stepResponsesAreMass, contactCorrection_)) return;
    state.q += contactCorrection_;
    refreshBodies(model, state);
  }
}

bool ReducedSolver::contactMassResponses(const Model&, const State&, contact::ReducedContact&) { return false; }

void ReducedSolver::stepLinearlyImplicitEuler(const Model& model, State& state, double h) {
  implicitVelocity(model, state, h, qdNext_);
  if (hasContact()) contactVelocity(model, state, h, qdNext_);
  finishLinearlyImplicitEuler(state, h);
}

void ReducedSolver::stepSpringImplicitEuler(const Model& model, State& state, double h) {
  springImplicitVelocity(model, state, h, qdNext_);
  if (hasContact()) contactVelocity(model, state, h, qdNext_);
  finishLinearlyImplicitEuler(state, h);
}

// qdot' = qdot + h qddot(q, qdot); q' = q + h qdot' (eq 2.19-2.20).
void ReducedSolver::stepSemiImplicitEuler(const Model& model, State& state, double h) {
  accelerations(model, state.q, state.qd, forceInputs(state), qdd_);
  if (hasContact()) {  // qdot' = qdot + h qddot, then the contact impulses (velocity level)
    qdNext_ = state.qd + h * qdd_;
    if (contactVelocity(model, state, h, qdNext_)) {
      finishLinearlyImplicitEuler(state, h);
      return;
    }
  }
  state.qd += h * qdd_;
  state.q += h * state.qd;
  state.qdd = qdd_;
}

// q' = q + h qdot' with qdot' from the linearised implicit system (eq 2.77-2.79).
void ReducedSolver::finishLinearlyImplicitEuler(State& state, double h) {
  state.qdd = (qdNext_ - state.qd) / h;
  state.qd = qdNext_;
  state.q += h * state.qd;
}

// Classical RK4 on y = (q, qdot), ydot = (qdot, qddot) (eq 2.21).
void ReducedSolver::stepRK4(const Model& model, State& state, double h) {
  const ForceInputs inputs = forceInputs(state);
  q0_ = state.q;
  qd0_ = state.qd;
  accelerations(model, q0_, qd0_, inputs, qdd_);  // stage 1
  state.qdd = qdd_;
  dq_ = qd0_;
  dqd_ = qdd_;
  qStage_ = q0_ + 0.5 * h * qd0_;
  qdStage_ = qd0_ + 0.5 * h * qdd_;
  const double weights[3] = {2.0, 2.0, 1.0};
  const double advance[3] = {0.5, 1.0, 0.0};
  for (int stage = 0; stage < 3; ++stage) {  // stages 2, 3, 4
    checkCancel();
    accelerations(model, qStage_, qdStage_, inputs, qdd_);
    dq_ += weights[stage] * qdStage_;
    dqd_ += weights[stage] * qdd_;
    if (stage < 2) {
      qStage_ = q0_ + advance[stage] * h * qdStage_;
      qdStage_ = qd0_ + advance[stage] * h * qdd_;
    }
  }
  state.q = q0_ + (h / 6.0) * dq_;
  state.qd = qd0_ + (h / 6.0) * dqd_;
}

StepStatus ReducedSolver::finishStep(const Model& model, State& state, double h) {
  // Keep exponential coordinates off their singular shell (sueda 2.4.8).
  bool newChart = false;
  for (const Joint& joint : model.joints)
    newChart |= reparameterizeJoint(joint, state.q.data() + joint.qIndex, state.qd.data() + joint.qIndex);
  advanceClock(state, h);
  if (!state.q.allFinite() || !state.qd.allFinite()) {
    const bool positions = !state.q.allFinite();
    return {false, std::string(name()) + ": non-finite joint " + (positions ? "position q" : "velocity qdot") +
                       " at step " + std::to_string(state.step) + " (t = " + std::to_string(state.t) + " s)"};
  }
  if (std::string problem = checkGeneralJointCoordinates(model, state.q); !problem.empty())
    return {false, std::string(name()) + " at step " + std::to_string(state.step) + ": " + problem};
  refreshBodies(model, state);
  if (!newChart) projectContactPenetration(model, state);
  return {};
}

void ReducedSolver::refreshBodies(const Model& model, State& state) {
  computeKinematics(model, state.q, state.qd, kin_);
  copyWorldMotion(kin_, state.E_0i, state.phi);
}

}  // namespace articulab
