#include "engine/io/number_text.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "engine/algorithm/initial_state.hpp"
#include "engine/constraints/joint_rows.hpp"
#include "engine/constraints/loop_rows.hpp"
#include "engine/contact/contact_note.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/contact/ground_contact.hpp"
#include "engine/multibody/step_clock.hpp"
#include "engine/solvers/baraff/baraff_backend.hpp"
#include "engine/solvers/baraff/body_forces.hpp"
#include "engine/solvers/baraff/inequality_constraints.hpp"
#include "engine/solvers/baraff/pose_update.hpp"
#include "engine/solvers/workspace_budget.hpp"

namespace articulab {

namespace {
constexpr double kChordContraction = 1e-2;  // an iterate reducing g less than this refactors H

// The pyramid directions the settings ask for, 0 when the model has no friction.
int frictionDirectionsOf(const Model& model, const BaraffSettings& settings) {
  return contact::hasContactFriction(model) ? settings.contact.frictionDirections : 0;
}

// Armature (rotor nodes, block_tree_ldlt.hpp) on revolute and prismatic joints; not under
// semi-implicit-rattle, whose multiplier Newton has no position row for a rotor.
std::string armatureRefusal(const Joint& joint, Integrator integrator) {
  if (joint.armature == 0.0 || joint.nq == 0) return "";
  if (!baraff::carriesArmature(joint))
    return "joint '" + joint.name + "' has armature on a " + jointTypeName(joint) +
           " joint: baraff carries armature on revolute and prismatic joints only";
  if (integrator == kSemiImplicitRattle)
    return "integrator 'semi-implicit-rattle' is not available on this scene: joint '" + joint.name +
           "' has armature, and the step's multiplier Newton has no position row for its rotor; available: "
           "semi-implicit, rk4";
  return "";
}

bool finite(const State& state) {
  for (std::size_t i = 0; i < state.E_0i.size(); ++i)
    if (!state.E_0i[i].allFinite() || !state.phi[i].allFinite()) return false;
  return true;
}
}  // namespace

BaraffSolver::BaraffSolver(const Model& model, const SolverOptions& options)
    : BaraffSolver(model, options, baraffSettingTable().read(options.settings)) {}

BaraffSolver::BaraffSolver(const Model& model, const SolverOptions& options, const BaraffSettings& settings)
    : Solver(options),
      primary_(model),
      assembledE_(model.bodyCount()),
      assembledPhi_(model.bodyCount()),
      solver_(model, constraints::totalLoopRows(model), baraff::inequalityCapacity(model),
              baraff::frictionCapacity(model, std::max(frictionDirectionsOf(model, settings), 4))),
      solution_(model, constraints::totalLoopRows(model)),
      curvature_(model, constraints::totalLoopRows(model)),
      zeroForce_(model.bodyCount(), Vector6::Zero()),
      unconstrained_(baraff::unconstrainedBodies(model)),
      q_(model.q0),
      qd_(model.qd0),
      qdPrevious_(model.qd0),
      maxProjectionIterations_(settings.projectionIterations),
      positionTolerance_(settings.projectionTolerance),
      positionFailure_(settings.projectionFailure),
      nearFactorError_(settings.nearFactorError),
      inequalityCapacity_(baraff::inequalityCapacity(model)) {
  resolveDefaultIntegrator();
  frictionDirections_ = frictionDirectionsOf(model, settings);
  if (!contact::validFrictionDirections(frictionDirections_)) frictionDirections_ = 0;  // refused by supports()
  contactRows_ = contact::ContactRows(model, frictionDirections_);
  solver_.setStaggeredSettings(settings.contact.staggered);
  system_.force.assign(model.bodyCount(), Vector6::Zero());
  system_.primary.resize(model.bodyCount());
  for (int i = 0; i < model.bodyCount(); ++i) primary_.initialize(i, system_.primary[i]);
  system_.auxiliary.resize(constraints::totalLoopRows(model));
  system_.unilateral.resize(baraff::inequalityCapacity(model));
  system_.friction.resize(baraff::frictionCapacity(model, std::max(frictionDirections_, 4)));
  system_.frictionContacts.resize(baraff::frictionContactCapacity(model));
  contactAnchors_.resize(system_.unilateral.size());
  inequalityMultipliers_ = VectorX::Zero(static_cast<Eigen::Index>(system_.unilateral.size()));
  stage_ = makeInitialState(model);
  factoredAt_.assign(model.bodyCount(), Matrix4::Zero());
  for (const baraff::PrimaryConstraint& c : system_.primary) multiplierCount_ += c.rows;
  multiplierCount_ += static_cast<int>(system_.auxiliary.size() + system_.unilateral.size());
  for (auto* v : {&poseIncrement_, &twistIncrement_, &poseSum_, &twistSum_}) v->assign(model.bodyCount(), Vector6::Zero());
  startSystem_.primary = system_.primary;
  startSystem_.auxiliary = system_.auxiliary;
  startPoses_.assign(model.bodyCount(), Matrix4::Identity());
  startTwists_.assign(model.bodyCount(), Vector6::Zero());
  halfTwists_.assign(model.bodyCount(), Vector6::Zero());
}

const IntegratorList& BaraffSolver::integratorList() {
  static const IntegratorList list = {
      {Integrator::SemiImplicitEuler,
       "semi-implicit Euler on SE(3) with velocity-level constraint rows (eq 1.28-1.29): symplectic-like for a "
       "single joint only; with more joints, loops or a free rotation energy drifts"},
      {kSemiImplicitRattle,
       "RATTLE on SE(3), Stormer-Verlet with constraints (GNI VII.1.4): positions on every joint and loop through "
       "the step's multipliers, the last half-kick implicit in the twists and held to the velocity constraints; "
       "second order, time-reversible, symplectic only without gyroscopic forces; not with joint limits or ground "
       "contact: energy within 1e-4 J of E0 on the four-bar over 10 s at 1 ms, within 0.04 % of the largest "
       "kinetic energy on loop_chain and 0.9 % on spherical_chain"},
      {Integrator::RK4,
       "Munthe-Kaas RK4 on the poses and twists: fourth order, accurate reference; not with joint limits or "
       "ground contact"},
  };
  return list;
}

double BaraffSolver::estimateWorkspaceBytes(const Model& model, Integrator) {
  const double n = model.bodyCount(), k = loopClosureRows(model), u = baraff::inequalityCapacity(model);
  constexpr double kPerBody = 10240.0;  // factor blocks, rows, RK4 stages, model and state: 9.7 KB measured
  constexpr double kPerRow = 512.0;    // one auxiliary or inequality row
  return kPerBody * n + kPerRow * (k + u) + 8.0 * (3.0 * k * k + (k + u) * (k + u));
}

SolverSupport BaraffSolver::supports(const Model& model) { return baraffBackend().supports(model); }

SolverSupport BaraffSolver::supports(const Model& model, const SolverOptions& options) {
  SolverSupport support;
  if (!options.integrator.isDefault() && !findOffered(integratorList(), options.integrator)) {
    support.ok = false;
    support.reason = integratorRefusal("baraff", options.integrator, integratorList());
    return support;
  }
  if (options.integrator == Integrator::RK4 && baraff::inequalityCapacity(model) > 0) {
    support.ok = false;
    support.reason = "integrator 'rk4' is not available on this scene: its joint limits or ground contact are "
                     "velocity-level step rows that RK4 stages cannot carry; available: semi-implicit";
    return support;
  }
  if (options.integrator == kSemiImplicitRattle && baraff::inequalityCapacity(model) > 0) {
    support.ok = false;
    support.reason = "integrator 'semi-implicit-rattle' is not available on this scene: its joint limits or ground "
                     "contact are inequality rows that the step's multiplier Newton does not solve; available: "
                     "semi-implicit";
    return support;
  }
  if (!checkWorkspaceFits("baraff", model, options.integrator.isDefault() ? Integrator::SemiImplicitEuler : options.integrator, support))
    return support;
  if (contact::hasContactFriction(model)) {
    const int directions = frictionDirectionsOf(model, baraffSettingTable().read(options.settings));
    if (!contact::validFrictionDirections(directions)) {
      support.ok = false;
      support.reason = "setting 'friction-directions' of back-end 'baraff' must be 4, 8 or 16; got " +
                       std::to_string(directions);
      return support;
    }
    support.notes.push_back(contact::contactNote(model, directions, "by staggered projections"));
  }
  for (const Joint& joint : model.joints) {
    if (std::string refusal = constraints::fixedFormRefusal(joint); !refusal.empty()) {
      support.ok = false;
      support.reason = refusal;
      return support;
    }
    if (std::string refusal = armatureRefusal(joint, options.integrator); !refusal.empty()) {
      support.ok = false;
      support.reason = refusal;
      return support;
    }
    if (joint.hasLimits && !baraff::limitsEnforced(joint))
      support.warnings.push_back("limits of joint '" + joint.name + "' are not enforced (only revolute and prismatic "
                                 "joint limits are)");
    if (joint.driven) support.warnings.push_back("driven joint '" + joint.name + "' is treated as free");
  }
  if (model.loops.empty()) return support;
  BaraffSolver probe(model, SolverOptions{});
  const StepStatus status = probe.solveAccelerations(model, makeInitialState(model));
  if (!status.ok) {
    support.ok = false;
    support.reason = status.message;
  } else if (probe.lastReport().redundantRows > 0) {
    support.notes.push_back(std::to_string(probe.lastReport().redundantRows) + " of the " +
                               std::to_string(constraints::totalLoopRows(model)) +
                               " loop-closure rows are redundant with the other constraints; they carry no force");
  }
  return support;
}

void BaraffSolver::assembleLoops(const Model& model, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi) {
  int row = 0;
  for (int k = 0; k < static_cast<int>(model.loops.size()); ++k) {
    constraints::assembleLoopRows(model, k, PoseListMotion{E, phi}, system_.auxiliary.data() + row);
    row += constraints::loopRowCount(model.loops[k]);
  }
}

void BaraffSolver::assembleAt(const Model& model, const State& state, bool withError) {
  assemblePrimaryRows(model, state, withError, true);
  updateVelocities(model, state);  // the loops' rows too
}

void BaraffSolver::assembleRowsAt(const Model& model, const State& state, bool withError, bool allCoordinates) {
  assemblePrimaryRows(model, state, withError, allCoordinates);
  assembleLoops(model, state.E_0i, state.phi);
}

void BaraffSolver::assemblePrimaryRows(const Model& model, const State& state, bool withError, bool allCoordinates) {
  for (int i = 0; i < model.bodyCount(); ++i)
    primary_.assembleRows(model, i, state.E_0i, withError, allCoordinates, q_, system_.primary[i]);
  assembledE_ = state.E_0i;
  assembled_ = false;  // the velocity terms still belong to the previous poses
  assembledWithError_ = withError;
}

void BaraffSolver::updateVelocities(const Model& model, const State& state) {
  for (int i = 0; i < model.bodyCount(); ++i) primary_.updateVelocity(model, i, state.phi, q_, qd_, system_.primary[i]);
  assembleLoops(model, state.E_0i, state.phi);
  assembledPhi_ = state.phi;
  assembled_ = true;
}

// Bitwise equality of the poses and twists (a state that was not touched since the assembly).
bool BaraffSolver::isAssembledAt(const State& state, bool withError) const {
  return assembled_ && (assembledWithError_ || !withError) && state.E_0i.size() == assembledE_.size() &&
         state.phi.size() == assembledPhi_.size() &&
         std::memcmp(state.E_0i.data(), assembledE_.data(), assembledE_.size() * sizeof(Matrix4)) == 0 &&
         std::memcmp(state.phi.data(), assembledPhi_.data(), assembledPhi_.size() * sizeof(Vector6)) == 0;
}

// The right-hand side of the acceleration solve:
//   plain:      G a = -Gdot phi (acceleration level, Baraff eq 2);
//   Baumgarte:  G a = -Gdot phi - 2 alpha G phi - beta^2 g (sueda eq 1.82);
//   semi-implicit step of h with post-stabilisation: G (phi + h a) = 0, the velocity-level
//   form of sueda eq 1.73, which leaves the curvature of the constraints to the projection.
// A rotor's row (PrimaryConstraint::armature) states qddot = rotorRow . (a_c - Ad_cp a_p) +
// rotorBias at every level: its velocity is the joint's qdot of the twists, nothing drifts.
void BaraffSolver::setAccelerationRhs(double h, bool baumgarte) {
  for (baraff::PrimaryConstraint& c : system_.primary) c.rotorRhs = c.rotorBias;  // every level: qddot's own term
  if (h > 0.0 && (options_.driftControl == DriftControl::PostStabilization || usesRattle())) {
    for (baraff::PrimaryConstraint& c : system_.primary) c.rhs = -c.velocity / h;
    for (constraints::ConstraintRow& r : system_.auxiliary) r.rhs = -r.velocity / h;
    return;
  }
  const double a2 = baumgarte ? 2.0 * options_.baumgarteAlpha : 0.0;
  const double b2 = baumgarte ? options_.baumgarteBeta * options_.baumgarteBeta : 0.0;
  for (baraff::PrimaryConstraint& c : system_.primary) c.rhs = c.bias - a2 * c.velocity - b2 * c.error;
  for (constraints::ConstraintRow& r : system_.auxiliary) r.rhs = r.bias - a2 * r.velocity - b2 * r.error;
}

StepStatus BaraffSolver::solveAccelerations(const Model& model, const State& state) {
  return solveAccelerations(model, state, 0.0, false);
}

StepStatus BaraffSolver::solveAccelerations(const Model& model, const State& state, double h, bool baumgarte) {
  report_ = {};
  const bool withError = options_.driftControl == DriftControl::Baumgarte;
  // A post-stabilised step that ended at this state left H factored near its rows (history).
  bool nearFactor = h > 0.0 && carriesNearFactor(state);
  if (nearFactor && !holdsFactorOf(state.history)) nearFactor = refactorAtHistory(model, state);
  const bool assembled = isAssembledAt(state, withError);
  if (!assembled) {
    q_ = state.q;
    qd_ = state.qd;
    assembleAt(model, state, withError);
  }
  baraff::fillBodyForces(model, state.E_0i, state.phi, q_, qd_, forceInputs(state), system_.force);
  if (h > 0.0)  // the semi-implicit step moves unconstrained bodies in world axes (pose_update.hpp)
    for (int i = 0; i < model.bodyCount(); ++i)
      if (unconstrained_[i])
        system_.force[i] += baraff::frameRotationWrench(model.bodies[i].mass, model.bodies[i].com, state.phi[i]);
  system_.unilateralCount = 0;
  droppedContacts_ = 0;
  if (h > 0.0) {
    firstContactRow_ = baraff::assembleInequalityRows(model, state.E_0i, state.phi, q_, h, contactRows_, system_);
    droppedContacts_ = contactRows_.droppedContacts();
    for (std::size_t c = 0; c < contacts().size(); ++c)
      contactAnchors_[c] = contact::anchorContact(contacts()[c], state.E_0i);  // for projectContacts
    loadFrictionWarmStart(state);
  }
  setAccelerationRhs(h, baumgarte);
  const bool refined = nearFactor && system_.unilateralCount == 0 &&
                       solver_.solveRefined(model, system_, system_.force, solution_, report_);
  if (!refined) {  // a complementarity problem, no factor near, or one correction not enough
    report_ = {};
    setAccelerationRhs(h, baumgarte);
    factorCurrent_ = false;  // H is now factored at this state's rows
    if (solver_.factor(model, system_, report_)) solver_.solve(system_, system_.force, solution_, report_);
  }
  activeInequalities_ = system_.unilateralCount;
  activeFrictionRows_ = system_.unilateralCount > 0 ? system_.frictionCount : 0;
  staggered_ = activeFrictionRows_ > 0 ? solver_.staggeredResult() : contact::StaggeredProjectionResult{};
  if (activeFrictionRows_ == 0) staggered_.iterations = 0;
  system_.unilateralCount = 0;  // the projections hold equalities only (and projectContacts its own rows)
  system_.frictionCount = 0;
  if (activeInequalities_ > 0)
    inequalityMultipliers_.head(activeInequalities_) = solver_.unilateralMultipliers().head(activeInequalities_);
  for (std::size_t c = 0; c < contacts().size(); ++c)
    contacts()[c].force = inequalityMultipliers_[firstContactRow_ + static_cast<int>(c)];
  collectFrictionForces();
  if (!report_.ok) return failed(state, report_.message);
  if (droppedContacts_ > 0)
    return failed(state, std::to_string(contactRows_.bodyPointCount()) + " body-body contact points exceed the capacity of " +
                             std::to_string(contact::bodyContactCapacity(model)) + " (contact::kMostBodyContactPoints)");
  return {};
}

bool BaraffSolver::carriesNearFactor(const State& state) const {
  const StepHistory& history = state.history;
  return history.valid && std::strcmp(history.owner, name()) == 0 && history.poses.size() == factoredAt_.size() &&
         history.q.size() == q_.size();
}

bool BaraffSolver::holdsFactorOf(const StepHistory& history) const {
  return factorCurrent_ &&
         std::memcmp(history.poses.data(), factoredAt_.data(), factoredAt_.size() * sizeof(Matrix4)) == 0;
}

// The rows at the history's poses and coordinates, as the projection assembled them, and H
// factored there: bitwise the factor the step that wrote the history left behind.
bool BaraffSolver::refactorAtHistory(const Model& model, const State& state) {
  stage_.E_0i = state.history.poses;
  stage_.phi = state.phi;  // the factor does not depend on the twists
  q_ = state.history.q;
  assembleRowsAt(model, stage_, true);
  baraff::SolveReport report;
  factorCurrent_ = solver_.factor(model, system_, report);
  factoredAt_ = state.history.poses;
  return factorCurrent_;
}

void BaraffSolver::recordFactor(State& state) {
  factoredAt_ = state.E_0i;
  factorCurrent_ = true;
  state.history.poses = state.E_0i;
  state.history.q = q_;
  state.history.owner = name();
}

// The friction forces of the state's last step at this step's frictional contacts (by support
// point), zero for a point that was not in contact.
void BaraffSolver::loadFrictionWarmStart(const State& state) {
  if (frictionDirections_ == 0) return;
  const int axes = contact::frictionAxes(frictionDirections_);
  const VectorX& warm = state.outputs.frictionWarmStart;
  VectorX& beta = solver_.frictionMultipliers();
  int row = 0;
  for (const baraff::ContactPoint& c : contacts()) {
    if (c.friction <= 0.0) continue;
    for (int j = 0; j < axes; ++j, ++row) {  // body-body contacts (no support point) start at zero
      const int at = c.support * axes + j;
      beta[row] = c.support >= 0 && at < warm.size() ? warm[at] : 0.0;
    }
  }
}

// f = sum_j beta_j d_j over the pyramid axes (world; the ground's tangent plane).
void BaraffSolver::collectFrictionForces() {
  const int axes = frictionDirections_ > 0 ? contact::frictionAxes(frictionDirections_) : 0;
  int row = 0;
  for (baraff::ContactPoint& c : contacts()) {
    c.frictionForce.setZero();
    if (c.friction <= 0.0 || activeFrictionRows_ == 0) continue;
    for (int j = 0; j < axes; ++j, ++row)
      c.frictionForce += solver_.frictionMultipliers()[row] * (c.other < 0 ? contact::frictionAxis(frictionDirections_, j)
                                                                           : contact::frictionAxis(frictionDirections_, j, c.normal));
  }
}

void BaraffSolver::writeOutputs(const Model& model, State& state, int projectionIterations) const {
  StepOutputs& out = state.outputs;
  if (out.contacts.size() < contacts().capacity()) out.contacts.resize(contacts().capacity());  // first step only
  out.contactCount = 0;
  for (const baraff::ContactPoint& contact : contacts())
    if (contact.force > 0.0)
      out.contacts[out.contactCount++] = {contact.position, contact.force, contact.frictionForce,
                                          contact.normal, contact.body, contact.other};
  out.contactIterations = staggered_.iterations;
  out.contactChange = staggered_.change;
  if (frictionDirections_ > 0) {
    const int axes = contact::frictionAxes(frictionDirections_);
    const int size = axes * contact::groundSupportCapacity(model);
    if (out.frictionWarmStart.size() != size) out.frictionWarmStart.resize(size);  // first step only
    out.frictionWarmStart.setZero();
    int row = 0;
    for (const baraff::ContactPoint& c : contacts()) {
      if (c.friction <= 0.0 || activeFrictionRows_ == 0) continue;
      for (int j = 0; j < axes; ++j, ++row)
        if (c.support >= 0) out.frictionWarmStart[c.support * axes + j] = solver_.frictionMultipliers()[row];
    }
  }
  if (out.multipliers.size() != multiplierCount_) out.multipliers.resize(multiplierCount_);  // first step only
  out.multipliers.setZero();
  int row = 0;
  for (int i = 0; i < model.bodyCount(); ++i) {
    const int rows = system_.primary[i].rows;
    if (rows > 0 && solution_.lambda[i].size() >= rows) out.multipliers.segment(row, rows) = solution_.lambda[i].head(rows);
    row += rows;
  }
  const int auxiliary = std::min<int>(solution_.mu.size(), static_cast<int>(system_.auxiliary.size()));
  out.multipliers.segment(row, auxiliary) = solution_.mu.head(auxiliary);
  row += static_cast<int>(system_.auxiliary.size());
  const int inequalities = std::min<int>(activeInequalities_, inequalityMultipliers_.size());
  out.multipliers.segment(row, inequalities) = inequalityMultipliers_.head(inequalities);
  out.iterations = projectionIterations;
  out.residual = projectionIterations >= 0 ? projectionError_ : 0.0;
}

void BaraffSolver::forwardDynamics(const Model& model, const State& state, VectorX& qdd) {
  if (!solveAccelerations(model, state).ok) {
    qdd.setConstant(std::numeric_limits<double>::quiet_NaN());
    return;
  }
  baraff::jointAccelerations(model, state.E_0i, state.phi, solution_.a, q_, qd_, qdd);
}

bool BaraffSolver::usesRungeKutta(const Model& model) const {
  (void)model;
  return options_.integrator == Integrator::RK4 && inequalityCapacity_ == 0;
}

StepStatus BaraffSolver::advanceMechanism(const Model& model, State& state, double h) {
  qdPrevious_ = state.qd;
  const bool baumgarte = options_.driftControl == DriftControl::Baumgarte;
  if (usesRungeKutta(model)) {
    if (const StepStatus status = integrateRungeKutta(model, state, h); !status.ok) return status;
    writeOutputs(model, state, -1);  // the last stage's multipliers
  } else if (usesRattle()) {  // the constraints hold by the step: no drift control after it
    if (const StepStatus status = advanceRattle(model, state, h); !status.ok) return status;
  } else {
    if (const StepStatus status = solveAccelerations(model, state, h, baumgarte); !status.ok) return status;
    writeOutputs(model, state, -1);
    const bool curved = options_.driftControl == DriftControl::PostStabilization && solveCurvature();
    for (int i = 0; i < model.bodyCount(); ++i) {  // eq 1.28-1.29
      if (unconstrained_[i]) {  // in world axes (pose_update.hpp); no joint rows to curve along
        baraff::advanceFreeBody(state.E_0i[i], state.phi[i], solution_.a[i], h, model.bodies[i].com);
        continue;
      }
      state.phi[i] += h * solution_.a[i];
      Vector6 xi = h * state.phi[i];
      if (curved) xi += (h * h) * curvature_.a[i];
      baraff::advancePose(state.E_0i[i], xi);
    }
  }
  if (options_.driftControl == DriftControl::PostStabilization && !usesRattle()) {
    if (const StepStatus status = projectPositions(model, state, h); !status.ok) return status;
    if (const StepStatus status = projectVelocities(model, state); !status.ok) return status;
    state.outputs.iterations = projectionIterations_;
    state.outputs.residual = projectionError_;
  } else if (!usesRattle()) {  // the RATTLE step assembled the next step's system itself
    assembleAt(model, state, baumgarte);  // q, qdot and the next step's system
    state.history.valid = false;
  }
  advanceClock(state, h);
  state.q = q_;
  state.qd = qd_;
  state.qdd = (qd_ - qdPrevious_) / h;
  if (!finite(state) || !state.q.allFinite()) return failed(state, "non-finite body pose or twist");
  return {};
}

double BaraffSolver::largestPositionError() const {
  double worst = 0.0;
  for (const baraff::PrimaryConstraint& c : system_.primary)
    if (c.rows > 0) worst = std::max(worst, c.error.cwiseAbs().maxCoeff());
  for (const constraints::ConstraintRow& r : system_.auxiliary) worst = std::max(worst, std::abs(r.error));
  return worst;
}

// Gauss-Newton onto g = 0 with the mass-weighted least step: [M G^T; G 0][d; y] = [0; -g],
// then E_i <- E_i exp(d_i) (post-stabilisation, sueda 1.12; Cline and Pai 2003). H is factored
// at the first iterate; a later iterate (rarely needed: the step leaves g = O(h^3)) reuses it
// as a chord iteration while the last iterate reduced g at least 100-fold, else refactors
// (Newton; violent motion, where the step leaves g ~ 1e-2). Each iterate assembles the rows at the new poses with g, which is
// both the convergence test and the velocity projection's and next step's rows. The factor
// serves the velocity projection and, refined, the next step (refinement.cpp): one
// factorisation of H per step.
StepStatus BaraffSolver::projectPositions(const Model& model, State& state, double h) {
  assembleRowsAt(model, state, true, false);  // the poses move on: q is recovered at the last iterate
  double error = largestPositionError();
  const double stepError = error;
  bool factored = false, lifted = false;
  state.history.valid = false;
  projectionIterations_ = 0;
  if (const StepStatus status = iterateJointProjection(model, state, h, error, factored); !status.ok) return status;
  if (const StepStatus status = projectContacts(model, state, lifted); !status.ok) return status;
  if (lifted) {  // the lift kept the rows to first order: its second-order error, O(d^2), poses only
    factored = false;
    error = largestPositionError();
    if (const StepStatus status = iterateJointProjection(model, state, 0.0, error, factored); !status.ok) return status;
  }
  projectionError_ = error;
  if (error > positionFailure_)
    return failed(state, "position projection left a constraint violation of " + scene_io::shortNumber(error) +
                             " after " + std::to_string(maxProjectionIterations_) + " iterates (the step left " +
                             scene_io::shortNumber(stepError) +
                             "): redundant or conflicting constraints, or motion too fast for the step size");
  if (!factored) {  // no iterate was needed: q at these poses, and H for the velocity projection
    assembleRowsAt(model, state, true);
    factored = solver_.factor(model, system_, report_);
    recordFactor(state);
    if (!factored) return failed(state, "position projection: " + report_.message);
  }
  factorCurrent_ = factored;
  state.history.valid = factored && stepError < nearFactorError_;
  return {};
}

// The Gauss-Newton iterates of projectPositions from the rows assembled at the state's poses,
// their largest violation `error`, while it is above the tolerance (factored: whether H is
// factored at an iterate's rows; refactored when the chord is slow). h > 0: each correction d
// also moves the twists by d / h (the step's velocity drifted with it); h = 0: poses only.
StepStatus BaraffSolver::iterateJointProjection(const Model& model, State& state, double h, double& error,
                                                bool& factored) {
  double previous = 0.0;
  for (int iteration = 0; error >= positionTolerance_ && iteration < maxProjectionIterations_; ++iteration) {
    checkCancel();
    ++projectionIterations_;
    for (baraff::PrimaryConstraint& c : system_.primary) {
      c.rhs = -c.error;
      c.rotorRhs = 0.0;
    }
    for (constraints::ConstraintRow& r : system_.auxiliary) r.rhs = -r.error;
    const bool newton = !factored || error > kChordContraction * previous;  // refactor when the chord is slow
    previous = error;
    if (newton) {
      factored = solver_.factor(model, system_, report_);
      recordFactor(state);
    }
    if (factored) solver_.solve(system_, zeroForce_, solution_, report_, false);
    if (!report_.ok) return failed(state, "position projection: " + report_.message);
    for (int i = 0; i < model.bodyCount(); ++i) {
      baraff::advancePose(state.E_0i[i], solution_.a[i]);
      if (h > 0.0) state.phi[i] += solution_.a[i] / h;
    }
    assembleRowsAt(model, state, true);
    error = largestPositionError();
  }
  return {};
}

// Contact post-stabilisation (sueda notes 1.12 with unilateral rows, as the reduced back-ends'
// ReducedContact::positionCorrection): q + h qdot' moves a contact point along the chord of its
// arc, which the velocity-level rows do not see (the falling chain's corners sank 1.1e-5 m and
// the next step's recovery lifted them with energy). The least mass-weighted displacement d
// with the contact rows J_c (contact_anchor.hpp) at the poses after the step:
//   M d = G^T lambda + J_c^T l,  G d = 0,  J_c d >= -g',  l >= 0,  l (J_c d + g') = 0,
// the mixed complementarity problem of the acceleration solve (anticipation.hpp) with
// displacements for accelerations: only the rows that need it push. It runs after the joint and
// loop projection (whose corrections moved the corners by up to 2e-8 m when it ran first); G d = 0
// keeps the joints to first order and leaves the O(d^2) rest to one more projection iterate. The
// twists are not changed (a lift is not a velocity). Each iterate factors H at its poses; lifted
// says whether the poses moved.
StepStatus BaraffSolver::projectContacts(const Model& model, State& state, bool& lifted) {
  for (int iterate = 0; iterate < contact::kContactProjectionIterates; ++iterate) {
    if (assembleContactProjectionRows(state) <= contact::kContactProjectionSlop) break;
    for (baraff::PrimaryConstraint& c : system_.primary) {
      c.rhs.setZero();
      c.rotorRhs = 0.0;
    }
    for (constraints::ConstraintRow& r : system_.auxiliary) r.rhs = 0.0;
    const bool factored = solver_.factor(model, system_, report_);
    if (factored) solver_.solve(system_, zeroForce_, solution_, report_, false);
    system_.unilateralCount = 0;
    factorCurrent_ = false;  // the projection that follows factors H at its own poses
    if (!factored || !report_.ok) return failed(state, "contact projection: " + report_.message);
    for (int i = 0; i < model.bodyCount(); ++i) baraff::advancePose(state.E_0i[i], solution_.a[i]);
    assembleRowsAt(model, state, true, false);
    lifted = true;
  }
  system_.unilateralCount = 0;
  return {};
}

double BaraffSolver::assembleContactProjectionRows(const State& state) {
  double deepest = 0.0;
  system_.unilateralCount = 0;
  system_.frictionCount = 0;
  for (std::size_t c = 0; c < contacts().size(); ++c) {
    const contact::ContactPoint& point = contacts()[c];
    constraints::ConstraintRow& row = system_.unilateral[system_.unilateralCount++];
    row.bodyA = point.body;
    row.bodyB = point.other;
    contact::anchoredNormalRow(point, contactAnchors_[c], state.E_0i, row.jA, row.jB);
    row.error = contact::anchoredGap(point, contactAnchors_[c], state.E_0i);
    row.rhs = -row.error;
    deepest = std::max(deepest, -row.error);
  }
  return deepest;
}

// Velocity projection onto G phi = 0: [M G^T; G 0][dphi; y] = [0; -G phi], G at the projected
// poses, H the projection's factor (its poses differ by its last correction, O(h^3)).
StepStatus BaraffSolver::projectVelocities(const Model& model, State& state) {
  for (int i = 0; i < model.bodyCount(); ++i) primary_.updateVelocityViolation(model, i, state.phi, system_.primary[i]);
  assembleLoops(model, state.E_0i, state.phi);
  for (baraff::PrimaryConstraint& c : system_.primary) {
    c.rhs = -c.velocity;
    c.rotorRhs = 0.0;
  }
  for (constraints::ConstraintRow& r : system_.auxiliary) r.rhs = -r.velocity;
  solver_.solve(system_, zeroForce_, solution_, report_, false);
  if (!report_.ok) return failed(state, "velocity projection: " + report_.message);
  for (int i = 0; i < model.bodyCount(); ++i) state.phi[i] += solution_.a[i];
  updateVelocities(model, state);  // qdot and the next step's system
  return {};
}

// The pose step h phi' of the velocity-level step leaves g = (h^2 / 2) Gdot phi' phi' + O(h^3)
// (phi' along the constraints at the start of the step, which curve away from it). The least
// mass-weighted correction c with G c = -Gdot phi / 2 (the rows' bias over two), added as
// E exp(h (phi' + h c)), follows the curvature: g = O(h^3), so that one Newton iterate of the
// projection reaches rounding. The twists are not changed (c is not a velocity); H is the
// step's factor. False when the solve fails (the projection then does the work).
bool BaraffSolver::solveCurvature() {
  for (baraff::PrimaryConstraint& c : system_.primary) {
    c.rhs = 0.5 * c.bias;
    c.rotorRhs = 0.0;
  }
  for (constraints::ConstraintRow& r : system_.auxiliary) r.rhs = 0.5 * r.bias;
  baraff::SolveReport report;
  solver_.solve(system_, zeroForce_, curvature_, report, false);
  return report.ok;
}

StepStatus BaraffSolver::failed(const State& state, const std::string& what) const {
  return {false, std::string(name()) + ": " + what + " at step " + std::to_string(state.step) + " (t = " +
                     std::to_string(state.t) + " s)"};
}

}  // namespace articulab
