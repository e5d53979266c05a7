#include "engine/solvers/recursive/recursive_solver.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "engine/contact/contact_note.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/contact/ground_contact.hpp"
#include "engine/solvers/recursive/inverse_inertia.hpp"
#include "engine/solvers/workspace_budget.hpp"

namespace articulab {

RecursiveSolver::RecursiveSolver(const Model& model, const SolverOptions& options)
    : RecursiveSolver(model, options, recursiveSettingTable().read(options.settings)) {}

RecursiveSolver::RecursiveSolver(const Model& model, const SolverOptions& options, const RecursiveSettings& settings)
    : ReducedSolver(model, options),
      gmresTolerance_(settings.gmresTolerance),
      gmresIterations_(settings.gmresIterations),
      dynamics_(model),
      implicit_(integrator() == Integrator::LinearlyImplicitEuler ? makeImplicitVelocity(model) : nullptr),
      springs_(model),
      prescribed_(VectorX::Zero(model.nq)),
      drivenForce_(VectorX::Zero(model.nq)),
      kinematicsQ_(VectorX::Zero(model.nq)),
      kinematicsQd_(VectorX::Zero(model.nq)),
      jointFriction_(model, settings.jointFriction),
      contact_(model, settings.contact.frictionDirections, settings.contact.staggered),
      contactInertia_(model),
      contactStartKin_(model),
      contactAlpha_(model.bodies.size(), Vector6::Zero()),
      contactWrench_(VectorX::Zero(6 * model.bodyCount())),
      contactRow_(VectorX::Zero(model.nq)),
      contactColumn_(VectorX::Zero(model.nq)) {}

SolverSupport RecursiveSolver::supports(const Model& model, const SolverOptions& options) {
  const Integrator integrator = options.integrator.isDefault() ? sharedIntegrators().front().integrator : options.integrator;
  const int directions = recursiveSettingTable().read(options.settings).contact.frictionDirections;
  if ((model.groundContact || model.bodyContact) && contact::hasContactFriction(model) &&
      !contact::validFrictionDirections(directions))
    return {false, "setting 'friction-directions' of back-end 'recursive' must be 4, 8 or 16; got " +
                       std::to_string(directions), {}, {}};
  if (std::string refusal = jointFrictionIntegratorRefusal("recursive", model, integrator); !refusal.empty())
    return {false, refusal, {}, {}};
  if (std::string refusal = contactIntegratorRefusal(model, integrator); !refusal.empty())
    return {false, refusal, {}, {}};
  SolverSupport support = supportsShared("recursive", model, options, &RecursiveSolver::supports);
  if (!support.ok || !(model.groundContact || model.bodyContact)) return support;
  support.notes.push_back(contact::contactNote(
      model, directions, "by staggered projections on the velocity-level steps (not rk4; O(k n) responses)"));
  return support;
}

double RecursiveSolver::estimateWorkspaceBytes(const Model& model, Integrator integrator) {
  const double n = model.bodyCount(), m = model.nq;
  constexpr double kPerBody = 8192.0;  // O(n) buffers with the model and state: 8.2 KB measured (docs/backends.md)
  double bytes = kPerBody * n;
  if (integrator == Integrator::LinearlyImplicitEuler) bytes += 8.0 * (5.0 * m * m + 202.0 * m) + kPerBody * n;
  return bytes;
}

SolverSupport RecursiveSolver::supports(const Model& model) {
  SolverSupport support;
  if (!model.loops.empty()) {
    support.ok = false;
    support.reason = "the recursive back-end simulates trees: the scene has " + std::to_string(model.loops.size()) +
                     " loop-closing constraint(s)";
  }
  for (const Joint& joint : model.joints)
    if (joint.hasLimits) support.warnings.push_back("joint limits are not enforced (joint '" + joint.name + "')");
  if (std::string note = jointFrictionNote(model); !note.empty() && support.ok) support.notes.push_back(note);
  return support;
}

void RecursiveSolver::writeOutputs(State& state) const {
  ReducedSolver::writeOutputs(state);
  const bool friction = jointFriction_.active() && integrator() != Integrator::SemiImplicitEuler;
  state.outputs.contactIterations = friction ? jointFriction_.result().iterations : 0;
  state.outputs.contactChange = friction ? jointFriction_.result().change : 0.0;
  if (hasContact() && (!friction || contact_.rowCount() > 0)) contact_.writeOutputs(state.outputs);
  if (integrator() != Integrator::LinearlyImplicitEuler) return;
  state.outputs.iterations = implicitReport_.krylov.iterations;
  state.outputs.residual = implicitReport_.krylov.relativeResidual;
}

void RecursiveSolver::setPrescribedAccelerations(const VectorX& qdd) {
  if (qdd.size() != prescribed_.size())
    throw std::invalid_argument("recursive: prescribed accelerations have " + std::to_string(qdd.size()) +
                                " entries, expected one per coordinate (" + std::to_string(prescribed_.size()) + ")");
  prescribed_ = qdd;
}

void RecursiveSolver::hybridDynamics(const Model& model, const State& state, VectorX& qdd, VectorX& drivenForce) {
  updateKinematics(model, state.q, state.qd);
  hybridDynamicsAtKinematics(model, state.q, state.qd, forceInputs(state), prescribed_, dynamics_, qdd, drivenForce);
}

void RecursiveSolver::accelerations(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                                    VectorX& qdd) {
  updateKinematics(model, q, qd);
  hybridDynamicsAtKinematics(model, q, qd, inputs, prescribed_, dynamics_, qdd, drivenForce_);
}

// The kinematics depend on (q, qdot) only; the body refresh after a step leaves them at the
// state the next step starts from.
void RecursiveSolver::updateKinematics(const Model& model, const VectorX& q, const VectorX& qd) {
  if (kinematicsCurrent_ && q == kinematicsQ_ && qd == kinematicsQd_) return;
  computeKinematics(model, q, qd, dynamics_.kin);
  kinematicsCurrent_ = true;
  kinematicsQ_ = q;
  kinematicsQd_ = qd;
}

void RecursiveSolver::refreshBodies(const Model& model, State& state) {
  updateKinematics(model, state.q, state.qd);
  copyWorldMotion(dynamics_.kin, state.E_0i, state.phi);
}

void RecursiveSolver::integratorChanged(const Model& model) {
  ReducedSolver::integratorChanged(model);
  if (integrator() != Integrator::LinearlyImplicitEuler) implicit_.reset();
  else if (!implicit_) implicit_ = makeImplicitVelocity(model);
}

std::unique_ptr<ImplicitVelocity> RecursiveSolver::makeImplicitVelocity(const Model& model) const {
  auto implicit = std::make_unique<ImplicitVelocity>(model);
  implicit->tolerance = gmresTolerance_;
  if (gmresIterations_ > 0) implicit->maxIterations = gmresIterations_;
  return implicit;
}

void RecursiveSolver::implicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) {
  implicitReport_ = implicit_->solve(model, state, h, prescribed_, qdNext);
  if (jointFriction_.active()) applyJointFriction(model, state, h, qdNext);
}

void RecursiveSolver::springImplicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) {
  updateKinematics(model, state.q, state.qd);
  articulab::springImplicitVelocity(model, state.q, state.qd, forceInputs(state), prescribed_, h, dynamics_, springs_,
                                    qdNext);
  if (jointFriction_.active()) applyJointFriction(model, state, h, qdNext);
}

// K T^T one response per friction axis, then Alg 8 (recursive_joint_friction.hpp).
void RecursiveSolver::applyJointFriction(const Model& model, const State& state, double h, VectorX& qdNext) {
  if (!qdNext.allFinite()) return;  // a singular step: reported as non-finite
  updateKinematics(model, state.q, state.qd);
  jointFriction_.assemble(model, dynamics_.kin);
  const MatrixX& T = jointFriction_.directions();
  for (Eigen::Index k = 0; k < T.rows(); ++k) {
    contactRow_ = T.row(k).transpose();
    velocityResponse(model, state, h, contactRow_, contactColumn_);
    jointFriction_.responses().col(k) = contactColumn_;
  }
  if (!jointFriction_.solve(model, state, dynamics_.kin, forceInputs(state), h, qdNext))
    contactFailure_ = "joint friction: a friction QP did not converge (BISP)";
}

}  // namespace articulab

namespace articulab {

// Staggered projections on qdot' = qdot + h qddot + h M_r^-1 R^T f (reduced_contact.hpp): row r
// of R is J^T of the row's body wrench (Alg 6), its response M_r^-1 r^T the inverse-inertia
// product (Alg 10) with the driven joints' entries zero (they follow their prescribed motion).
bool RecursiveSolver::contactVelocity(const Model& model, const State& state, double h, VectorX& qdNext) {
  const int rows = contact_.assemble(model, state.E_0i, state.phi, h);
  if (rows == 0) return false;
  updateKinematics(model, state.q, state.qd);
  if (!prepareVelocityResponse(model)) {
    contactFailure_ = "contact: the articulated inertia is singular";
    return false;
  }
  MatrixX& R = contact_.reducedRows();
  MatrixX& Y = contact_.responses();
  for (int r = 0; r < rows; ++r) {
    const constraints::ConstraintRow& row = contact_.row(r);
    contactWrench_.setZero();
    contactWrench_.segment<6>(6 * row.bodyA) = row.jA.transpose();
    if (row.bodyB >= 0) contactWrench_.segment<6>(6 * row.bodyB) += row.jB.transpose();
    jacobianTransposeProduct(model, dynamics_.kin, contactWrench_, contactAlpha_, contactRow_);  // r^T = J^T w
    R.row(r) = contactRow_.transpose();
    velocityResponse(model, state, h, contactRow_, contactColumn_);
    Y.col(r) = contactColumn_;
  }
  if (integrator() != Integrator::SemiImplicitEuler && options_.driftControl == DriftControl::PostStabilization)
    contactStartKin_.bodies = dynamics_.kin.bodies;  // for contactMassResponses, which only the projection calls
  if (!contact_.solve(state, h, qdNext))
    contactFailure_ = std::string("contact: ") + contact_.failure() + " (staggered projections)";
  if (contact_.droppedContacts() > 0)
    contactFailure_ = std::to_string(contact_.droppedContacts()) + " body-body contact points exceed the capacity of " +
                      std::to_string(contact::kMostBodyContactPoints);
  return true;
}

bool RecursiveSolver::prepareVelocityResponse(const Model& model) {
  if (integrator() != Integrator::SemiImplicitEuler) return true;
  return factorInverseInertia(model, dynamics_.kin, nullptr, true, contactInertia_);
}

// Semi-implicit: Alg 10 on M_r. Implicit-springs: Alg 10 on the step's own elimination of
// M_r + h D_r + h^2 K_r (and its element coupling). Implicit: GMRES on the step's A.
void RecursiveSolver::velocityResponse(const Model& model, const State& state, double h, VectorX& x, VectorX& y) {
  for (const Joint& joint : model.joints)
    if (joint.driven) x.segment(joint.qIndex, joint.nq).setZero();
  if (integrator() == Integrator::LinearlyImplicitEuler) implicit_->applyInverse(model, state, h, x, y);
  else if (integrator() == Integrator::SpringImplicitEuler) applySpringImplicitInverse(model, dynamics_, springs_, x, y);
  else applyInverseInertia(model, dynamics_.kin, x, true, contactInertia_, y);
}

// M_r^-1 R_n^T by Alg 10 at the step's start (as the semi-implicit step's responses and redmax's
// Cholesky of the step's M_r, so that both back-ends project alike), the driven joints' entries
// zero as in velocityResponse; only after an implicit step that left a contact row too deep.
bool RecursiveSolver::contactMassResponses(const Model& model, const State&, contact::ReducedContact& contact) {
  if (!factorInverseInertia(model, contactStartKin_, nullptr, true, contactInertia_)) return false;
  for (int r = 0; r < contact.normalRowCount(); ++r) {
    contactRow_ = contact.reducedRows().row(r).transpose();
    for (const Joint& joint : model.joints)
      if (joint.driven) contactRow_.segment(joint.qIndex, joint.nq).setZero();
    applyInverseInertia(model, contactStartKin_, contactRow_, true, contactInertia_, contactColumn_);
    contact.massResponses().col(r) = contactColumn_;
  }
  return true;
}

StepStatus RecursiveSolver::correctDrift(const Model&, State& state, double) {
  if (contactFailure_.empty()) return {};
  StepStatus status{false, std::string(name()) + ": " + contactFailure_ + " at step " + std::to_string(state.step) +
                               " (t = " + std::to_string(state.t) + " s)"};
  contactFailure_.clear();
  return status;
}

}  // namespace articulab
