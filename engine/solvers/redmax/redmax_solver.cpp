#include "engine/solvers/redmax/redmax_solver.hpp"

#include <cmath>
#include <limits>

#include "engine/contact/contact_note.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/contact/ground_contact.hpp"
#include "engine/forces/implicit_elements.hpp"
#include "engine/solvers/workspace_budget.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab {

RedMaxSolver::RedMaxSolver(const Model& model, const SolverOptions& options)
    : RedMaxSolver(model, options, redmaxSettingTable().read(options.settings)) {}

RedMaxSolver::RedMaxSolver(const Model& model, const SolverOptions& options, const RedMaxSettings& settings)
    : ReducedSolver(model, options),
      ws_(model),
      fjws_(model),
      llt_(model.nq),
      lu_(model.nq),
      K_(MatrixX::Zero(model.nq, model.nq)),
      D_(MatrixX::Zero(model.nq, model.nq)),
      A_(MatrixX::Zero(model.nq, model.nq)),
      JsT_H_(MatrixX::Zero(model.nq, 6)),
      rhs_(VectorX::Zero(model.nq)),
      loops_(model),
      startLoops_(model),
      rattleStartQ_(VectorX::Zero(model.nq)),
      rattleStartQd_(VectorX::Zero(model.nq)),
      rattleHalfQd_(VectorX::Zero(model.nq)),
      rattleQdd_(VectorX::Zero(model.nq)),
      target_(VectorX::Zero(loops_.rows())),
      correction_(VectorX::Zero(model.nq)),
      luWork_(MatrixX::Zero(model.nq, loops_.rows())),
      closureForces_(VectorX::Zero(loops_.rows())),
      closureImpulses_(VectorX::Zero(loops_.rows())),
      projectionIterations_(settings.projectionIterations),
      positionTolerance_(settings.projectionTolerance),
      positionFailure_(settings.projectionFailure),
      jointFriction_(model, settings.jointFriction),
      contact_(model, settings.contact.frictionDirections, settings.contact.staggered) {
  const int rows = static_cast<int>(contact_.reducedRows().rows());
  contactRhs_ = MatrixX::Zero(model.nq, rows);
  loopColumn_ = VectorX::Zero(model.nq);
  zeroLoopTarget_ = VectorX::Zero(loops_.rows());
}

SolverSupport RedMaxSolver::supports(const Model& model, const SolverOptions& options) {
  const Integrator integrator = options.integrator.isDefault() ? sharedIntegrators().front().integrator : options.integrator;
  const int directions = redmaxSettingTable().read(options.settings).contact.frictionDirections;
  if (std::string refusal = jointFrictionIntegratorRefusal("redmax", model, integrator); !refusal.empty())
    return {false, refusal, {}, {}};
  if (model.groundContact || model.bodyContact) {
    if (std::string refusal = contactIntegratorRefusal(model, integrator); !refusal.empty())
      return {false, refusal, {}, {}};
    if (contact::hasContactFriction(model) && !contact::validFrictionDirections(directions))
      return {false, "setting 'friction-directions' of back-end 'redmax' must be 4, 8 or 16; got " +
                         std::to_string(directions), {}, {}};
  }
  if (integrator == kSemiImplicitRattle && (model.groundContact || model.bodyContact))
    return {false, "integrator 'semi-implicit-rattle' is not available on this scene: its contact is a velocity-level "
                   "step that the multiplier Newton does not carry; available: implicit, implicit-springs, semi-implicit",
            {}, {}};
  SolverSupport support = supportsShared("redmax", model, options, &RedMaxSolver::supports, integratorList());
  if (support.ok && (model.groundContact || model.bodyContact))
    support.notes.push_back(contact::contactNote(model, directions,
                                                 "by staggered projections on the velocity-level steps (not rk4)"));
  return support;
}

const IntegratorList& RedMaxSolver::integratorList() {
  static const IntegratorList list = [] {
    IntegratorList out = sharedIntegrators();
    out.push_back({kSemiImplicitRattle,
                   "RATTLE on the loop closures in joint coordinates, Stormer-Verlet with constraints in velocity "
                   "form (GNI VII.1.4): positions on the closures through the step's multipliers, the last half-kick "
                   "implicit in qdot and held to G_r qdot = 0; second order, time-reversible, not symplectic where "
                   "M_r depends on q; not with contact: energy within 1e-4 J of E0 on the four-bar over 10 s at "
                   "1 ms, within 0.2 % of the largest kinetic energy on loop_chain and 10 % on spherical_chain"});
    return out;
  }();
  return list;
}

double RedMaxSolver::estimateWorkspaceBytes(const Model& model, Integrator) {
  const double n = model.bodyCount(), m = model.nq, k = loopClosureRows(model);
  // contact rows: normals and friction axes (reduced_contact.hpp), R, R^T, Y and the Delassus A
  const double c = (model.groundContact || model.bodyContact)
                       ? (1.0 + contact::kMaxFrictionDirections / 2) *
                             (contact::groundSupportCapacity(model) + contact::bodyContactCapacity(model))
                       : 0.0;
  constexpr double kPerBody = 8192.0;  // O(n) buffers with the model and state, bytes (docs/backends.md)
  return kPerBody * n + 8.0 * (12.0 * n * m + 9.0 * m * m + 3.0 * k * m + 3.0 * k * k + 3.0 * c * m + 2.0 * c * c);
}

SolverSupport RedMaxSolver::supports(const Model& model) {
  SolverSupport support;
  for (const Joint& joint : model.joints) {
    if (joint.hasLimits) support.warnings.push_back("joint limits are not enforced (joint '" + joint.name + "')");
    if (joint.driven)
      support.warnings.push_back("driven joint '" + joint.name + "' moves freely (hybrid dynamics: recursive back-end)");
  }
  if (std::string note = jointFrictionNote(model); !note.empty()) support.notes.push_back(note);
  if (model.loops.empty()) return support;
  RedMaxSolver probe(model, SolverOptions{});
  VectorX qdd = VectorX::Zero(model.nq);
  probe.accelerations(model, model.q0, model.qd0, passiveInputs(), qdd);
  if (!probe.loopFailure_.empty()) {
    support.ok = false;
    support.reason = probe.loopFailure_ + " at the initial state";
    return support;
  }
  if (probe.loops_.redundantRows() > 0)
    support.notes.push_back(std::to_string(probe.loops_.redundantRows()) + " of the " +
                               std::to_string(probe.loops_.rows()) +
                               " loop-closure rows are redundant with the other constraints; they carry no force");
  if (probe.loops_.largestError() > probe.positionFailure_)
    support.warnings.push_back("the initial coordinates violate the loop closures by " +
                               std::to_string(probe.loops_.largestError()) + " (m or rad)");
  return support;
}

bool RedMaxSolver::factorMass() {
  llt_.compute(ws_.Mr);
  return llt_.info() == Eigen::Success;
}

void RedMaxSolver::closureTarget(double h) {
  const bool baumgarte = options_.driftControl == DriftControl::Baumgarte;
  const double a2 = baumgarte ? 2.0 * options_.baumgarteAlpha : 0.0;
  const double b2 = baumgarte ? options_.baumgarteBeta * options_.baumgarteBeta : 0.0;
  if (h > 0.0 && options_.driftControl == DriftControl::PostStabilization) {
    target_.setZero();  // G_r qdot' = 0 (eq 2.101)
    return;
  }
  target_ = loops_.bias() - a2 * loops_.velocity() - b2 * loops_.error();  // eq 2.100, 1.82
  if (h > 0.0) target_ = loops_.velocity() + h * target_;  // G_r (qdot' - qdot) / h = target
}

// M_r qddot = f_r (eq 2.18), solved with a Cholesky factorization of M_r.
void RedMaxSolver::accelerations(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                                 VectorX& qdd) {
  evaluateRedMax(model, q, qd, inputs, ws_, stepCancel());
  if (!factorMass()) {
    qdd.setConstant(std::numeric_limits<double>::quiet_NaN());  // reported by the step as non-finite
    return;
  }
  qdd = ws_.fr;
  llt_.solveInPlace(qdd);
  if (loops_.rows() == 0) return;
  loops_.assemble(model, ws_, qd);
  closureTarget(0.0);
  if (!loops_.constrain([this](MatrixX& Y) { llt_.solveInPlace(Y); }, target_, qdd)) {
    loopFailure_ = loops_.message();
    qdd.setConstant(std::numeric_limits<double>::quiet_NaN());
    return;
  }
  closureForces_ = loops_.multipliers();  // forces: the right-hand side is f_r
}

void RedMaxSolver::implicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) {
  evaluateRedMax(model, state.q, state.qd, forceInputs(state), ws_, stepCancel());
  forceJacobians(model, state.q, state.qd, forceInputs(state), fjws_, K_, D_);
  projectToPositiveSemidefinite(K_, fjws_);
  A_ = ws_.Mr + h * D_ + (h * h) * K_;
  rhs_ = ws_.fr;
  rhs_.noalias() += D_ * state.qd;
  rhs_ *= h;
  rhs_.noalias() += ws_.Mr * state.qd;
  solveImplicitVelocity(model, state, h, qdNext);
}

void RedMaxSolver::springImplicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) {
  evaluateRedMax(model, state.q, state.qd, forceInputs(state), ws_, stepCancel());
  A_ = ws_.Mr;
  rhs_ = ws_.fr;
  for (const Joint& joint : model.joints) {  // K_r, D_r (eq 2.78)
    if (joint.nq == 0) continue;  // welded: no diagonal entries (and none at all when nq = 0)
    A_.diagonal().segment(joint.qIndex, joint.nq).array() += h * joint.damping + h * h * joint.stiffness;
    rhs_.segment(joint.qIndex, joint.nq) -= (h * joint.stiffness) * state.qd.segment(joint.qIndex, joint.nq);
  }
  forEachImplicitElement(model, TreeMotion{ws_.kin}, forceInputs(state), elementJacobians_,
                         [&](int a, int b, const ElementJacobians& jacobians) { addImplicitElement(a, b, jacobians, h); });
  rhs_ *= h;
  rhs_.noalias() += A_ * state.qd;  // A qdot' = A qdot + h (...)
  solveImplicitVelocity(model, state, h, qdNext);
}

// Block (s, t) of the element over bodies (a, b): A += J_s^T (h D_st + h^2 K_st) J_t and
// rhs -= h J_s^T K_st phi_t, J_s the body Jacobian rows of s (eq 2.14).
void RedMaxSolver::addImplicitElement(int bodyA, int bodyB, const ElementJacobians& jacobians, double h) {
  const int bodies[2] = {bodyA, bodyB};
  for (int s = 0; s < 2; ++s) {
    if (bodies[s] < 0) continue;
    const auto Js = ws_.J.middleRows(6 * bodies[s], 6);
    for (int t = 0; t < 2; ++t) {
      if (bodies[t] < 0) continue;
      const auto Jt = ws_.J.middleRows(6 * bodies[t], 6);
      const Matrix6 H = h * jacobians.D.block<6, 6>(6 * s, 6 * t) + (h * h) * jacobians.K.block<6, 6>(6 * s, 6 * t);
      JsT_H_.noalias() = Js.transpose() * H;
      A_.noalias() += JsT_H_ * Jt;
      rhs_.noalias() -= Js.transpose() * ((h * jacobians.K.block<6, 6>(6 * s, 6 * t)) * ws_.kin.bodies[bodies[t]].phi);
    }
  }
}

void RedMaxSolver::solveImplicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) {
  lu_.compute(A_);
  qdNext = lu_.solve(rhs_);
  if (loops_.rows() > 0 && !constrainImplicitVelocity(model, state, h, qdNext)) return;
  if (!jointFriction_.active()) return;
  closureImpulses_ = closureForces_ * h;
  if (!jointFriction_.apply(model, state, ws_, lu_, loops_, h, qdNext, closureImpulses_))
    loopFailure_ = "joint friction: a friction QP did not converge (BISP)";
  closureForces_ = closureImpulses_ / h;
}

bool RedMaxSolver::constrainImplicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) {
  loops_.assemble(model, ws_, state.qd);
  closureTarget(h);
  const auto solveInPlace = [this](MatrixX& Y) {
    luWork_ = Y;
    Y.noalias() = lu_.solve(luWork_);
  };
  if (!loops_.constrain(solveInPlace, target_, qdNext)) {  // eq 2.101 with A in place of M_r
    loopFailure_ = loops_.message();
    qdNext.setConstant(std::numeric_limits<double>::quiet_NaN());
    return false;
  }
  closureForces_ = loops_.multipliers() / h;  // impulses over the step: the right-hand side is a momentum
  return true;
}

void RedMaxSolver::writeOutputs(State& state) const {
  ReducedSolver::writeOutputs(state);
  state.outputs.contactIterations = jointFriction_.active() ? jointFriction_.result().iterations : 0;
  state.outputs.contactChange = jointFriction_.active() ? jointFriction_.result().change : 0.0;
  if (hasContact() && (!jointFriction_.active() || contact_.rowCount() > 0)) contact_.writeOutputs(state.outputs);
}

// Staggered projections on qdot' = v0 + h K R^T f (reduced_contact.hpp), K = M_r^-1 on the
// semi-implicit step (Cholesky of accelerations()) or A^-1 on the implicit ones (their LU).
bool RedMaxSolver::contactVelocity(const Model& model, const State& state, double h, VectorX& qdNext) {
  const int rows = contact_.assemble(model, state.E_0i, state.phi, h);
  if (rows == 0 || !loopFailure_.empty()) return false;
  contact_.mapRows(ws_.J);  // ws_ holds J_mr at the step's q (evaluateRedMax)
  auto Y = contact_.responses().leftCols(rows);
  auto rhs = contactRhs_.leftCols(rows);
  rhs = contact_.reducedRows().topRows(rows).transpose();
  const bool semiImplicit = options_.integrator == Integrator::SemiImplicitEuler;
  if (semiImplicit) {
    Y = rhs;
    llt_.solveInPlace(Y);
  } else {
    Y.noalias() = lu_.solve(rhs);
  }
  if (loops_.rows() > 0) {  // the closures keep holding: G_r x = 0 on every response column
    const auto solveInPlace = [&](MatrixX& Z) {
      if (semiImplicit) {
        llt_.solveInPlace(Z);
        return;
      }
      luWork_ = Z;
      Z.noalias() = lu_.solve(luWork_);
    };
    for (int r = 0; r < rows; ++r) {
      loopColumn_ = Y.col(r);
      loops_.constrain(solveInPlace, zeroLoopTarget_, loopColumn_);
      Y.col(r) = loopColumn_;
    }
  }
  if (!contact_.solve(state, h, qdNext)) loopFailure_ = std::string("contact: ") + contact_.failure() + " (staggered projections)";
  if (contact_.droppedContacts() > 0)
    loopFailure_ = std::to_string(contact_.droppedContacts()) + " body-body contact points exceed the capacity of " +
                   std::to_string(contact::kMostBodyContactPoints);
  return true;
}

// M_r^-1 R_n^T by the Cholesky of ws_'s M_r (the step's start, or the loop projection's last
// iterate), the closures kept on every column (G_r x = 0), as contactVelocity's semi-implicit
// columns.
bool RedMaxSolver::contactMassResponses(const Model&, const State&, contact::ReducedContact& contact) {
  if (!factorMass()) return false;
  const int normals = contact.normalRowCount();
  auto Y = contact.massResponses().leftCols(normals);
  Y = contact.reducedRows().topRows(normals).transpose();
  llt_.solveInPlace(Y);
  for (int r = 0; r < normals && loops_.rows() > 0; ++r) {
    loopColumn_ = Y.col(r);
    if (!loops_.constrain([this](MatrixX& Z) { llt_.solveInPlace(Z); }, zeroLoopTarget_, loopColumn_)) return false;
    Y.col(r) = loopColumn_;
  }
  return true;
}

StepStatus RedMaxSolver::correctDrift(const Model& model, State& state, double) {
  if (loopFailure_.empty() && loops_.rows() > 0 && options_.driftControl == DriftControl::PostStabilization &&
      integrator() != kSemiImplicitRattle && projectPositions(model, state))
    projectVelocities(state);
  if (loopFailure_.empty()) return {};
  StepStatus status{false, std::string(name()) + ": " + loopFailure_ + " at step " + std::to_string(state.step) +
                               " (t = " + std::to_string(state.t) + " s)"};
  loopFailure_.clear();
  return status;
}

// Gauss-Newton onto g(q) = 0 with the mass-weighted least step: M_r dq = G_r^T mu,
// G_r dq = -g (post-stabilisation, sueda notes 1.12, in reduced coordinates).
bool RedMaxSolver::projectPositions(const Model& model, State& state) {
  for (int iteration = 0;; ++iteration) {
    checkCancel();
    evaluateRedMax(model, state.q, state.qd, forceInputs(state), ws_, stepCancel());
    loops_.assemble(model, ws_, state.qd);
    if (loops_.largestError() < positionTolerance_ || iteration == projectionIterations_) break;
    correction_.setZero();
    target_ = -loops_.error();
    if (!factorMass() || !loops_.constrain([this](MatrixX& Y) { llt_.solveInPlace(Y); }, target_, correction_)) {
      loopFailure_ = "position projection: " + loops_.message();
      return false;
    }
    state.q += correction_;
  }
  if (loops_.largestError() <= positionFailure_) return true;
  loopFailure_ = "position projection left a loop-closure violation of " + std::to_string(loops_.largestError()) +
                 " (conflicting closures)";
  return false;
}

// qdot onto G_r qdot = 0 with the least kinetic-energy change.
bool RedMaxSolver::projectVelocities(State& state) {
  correction_.setZero();
  target_ = -loops_.velocity();
  if (!factorMass() || !loops_.constrain([this](MatrixX& Y) { llt_.solveInPlace(Y); }, target_, correction_)) {
    loopFailure_ = "velocity projection: " + loops_.message();
    return false;
  }
  state.qd += correction_;
  return true;
}

}  // namespace articulab
