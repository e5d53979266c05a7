#include "engine/solvers/baraff/baraff_solver.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/solvers/baraff/body_forces.hpp"
#include "engine/solvers/baraff/inequality_constraints.hpp"
#include "engine/solvers/baraff/joint_rows.hpp"
#include "engine/solvers/baraff/loop_constraints.hpp"
#include "engine/solvers/baraff/pose_update.hpp"

namespace articulab {

namespace {
constexpr int kProjectionIterations = 8;
constexpr double kPositionTolerance = 1e-13;  // m or rad: post-stabilisation target
constexpr double kPositionFailure = 1e-6;     // left after the iterations: the constraints conflict

bool finite(const State& state) {
  for (std::size_t i = 0; i < state.E_0i.size(); ++i)
    if (!state.E_0i[i].allFinite() || !state.phi[i].allFinite()) return false;
  return true;
}
}  // namespace

BaraffSolver::BaraffSolver(const Model& model, const SolverOptions& options)
    : Solver(options),
      primary_(model),
      assembledE_(model.bodyCount()),
      assembledPhi_(model.bodyCount()),
      solver_(model, baraff::totalLoopRows(model), baraff::inequalityCapacity(model)),
      solution_(model, baraff::totalLoopRows(model)),
      zeroForce_(model.bodyCount(), Vector6::Zero()),
      q_(model.q0),
      qd_(model.qd0),
      qdPrevious_(model.qd0) {
  system_.force.assign(model.bodyCount(), Vector6::Zero());
  system_.primary.resize(model.bodyCount());
  system_.auxiliary.resize(baraff::totalLoopRows(model));
  system_.unilateral.resize(baraff::inequalityCapacity(model));
  contacts_.reserve(system_.unilateral.size());
  contactRow_.reserve(system_.unilateral.size());
  stage_ = makeInitialState(model);
  for (auto* v : {&poseIncrement_, &twistIncrement_, &poseSum_, &twistSum_}) v->assign(model.bodyCount(), Vector6::Zero());
}

SolverSupport BaraffSolver::supports(const Model& model) {
  SolverSupport support;
  for (const Joint& joint : model.joints) {
    if (!baraff::hasFixedConstraintForm(joint)) {
      support.ok = false;
      support.reason = "joint '" + joint.name +
                       "' is composite: its constraint rows change with the product of its parts, so it has no "
                       "fixed row form (eq 1.69); supported: fixed, revolute, prismatic, planar, translational, "
                       "universal, spherical, free2d, free3d";
      return support;
    }
    if (joint.hasLimits && !baraff::limitsEnforced(joint))
      support.warnings.push_back("limits of joint '" + joint.name + "' are not enforced (only revolute and prismatic "
                                 "joint limits are)");
    if (joint.driven) support.warnings.push_back("driven joint '" + joint.name + "' is treated as free");
  }
  if (model.defaults.integrator == Integrator::LinearlyImplicitEuler)
    support.warnings.push_back(std::string("integrator '") + integratorName(model.defaults.integrator) +
                               "' is not used: the baraff back-end steps with semi-implicit Euler or RK4 on SE(3)");
  if (model.defaults.integrator == Integrator::RK4 && baraff::inequalityCapacity(model) > 0)
    support.warnings.push_back("integrator 'rk4' is not used with joint limits or ground contact (their rows are "
                               "velocity-level step constraints): the baraff back-end steps with semi-implicit Euler");
  if (model.loops.empty()) return support;
  BaraffSolver probe(model, SolverOptions{});
  const StepStatus status = probe.solveAccelerations(model, makeInitialState(model));
  if (!status.ok) {
    support.ok = false;
    support.reason = status.message;
  } else if (probe.lastReport().redundantRows > 0) {
    support.warnings.push_back(std::to_string(probe.lastReport().redundantRows) + " of the " +
                               std::to_string(baraff::totalLoopRows(model)) +
                               " loop-closure rows are redundant with the other constraints; they carry no force");
  }
  return support;
}

void BaraffSolver::assembleConstraints(const Model& model, const std::vector<Matrix4>& E,
                                       const std::vector<Vector6>& phi, bool withError) {
  for (int i = 0; i < model.bodyCount(); ++i) primary_.assemble(model, i, E, phi, withError, q_, qd_, system_.primary[i]);
  assembleLoops(model, E, phi);
}

void BaraffSolver::assembleLoops(const Model& model, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi) {
  int row = 0;
  for (int k = 0; k < static_cast<int>(model.loops.size()); ++k) {
    baraff::assembleLoopRows(model, k, E, phi, system_.auxiliary.data() + row);
    row += baraff::loopRowCount(model.loops[k]);
  }
}

void BaraffSolver::assembleAt(const Model& model, const State& state, bool withError) {
  assembleConstraints(model, state.E_0i, state.phi, withError);
  assembledE_ = state.E_0i;
  assembledPhi_ = state.phi;
  assembled_ = true;
  assembledWithError_ = withError;
}

void BaraffSolver::assemblePositionErrors(const Model& model, const State& state) {
  for (int i = 0; i < model.bodyCount(); ++i) primary_.assemblePositionError(model, i, state.E_0i, q_, system_.primary[i]);
  assembleLoops(model, state.E_0i, state.phi);
  assembled_ = false;  // the rows still belong to the previous poses
}

void BaraffSolver::updateVelocities(const Model& model, const State& state) {
  for (int i = 0; i < model.bodyCount(); ++i) primary_.updateVelocity(model, i, state.phi, q_, qd_, system_.primary[i]);
  assembleLoops(model, state.E_0i, state.phi);
  assembledPhi_ = state.phi;
}

bool BaraffSolver::isAssembledAt(const State& state, bool withError) const {
  return assembled_ && (assembledWithError_ || !withError) && state.E_0i == assembledE_ && state.phi == assembledPhi_;
}

// The right-hand side of the acceleration solve:
//   plain:      G a = -Gdot phi (acceleration level, Baraff eq 2);
//   Baumgarte:  G a = -Gdot phi - 2 alpha G phi - beta^2 g (sueda eq 1.82);
//   semi-implicit step of h with post-stabilisation: G (phi + h a) = 0, the velocity-level
//   form of sueda eq 1.73, which leaves the curvature of the constraints to the projection.
void BaraffSolver::setAccelerationRhs(double h, bool baumgarte) {
  if (h > 0.0 && options_.driftControl == DriftControl::PostStabilization) {
    for (baraff::PrimaryConstraint& c : system_.primary) c.rhs = -c.velocity / h;
    for (baraff::AuxiliaryRow& r : system_.auxiliary) r.rhs = -r.velocity / h;
    return;
  }
  const double a2 = baumgarte ? 2.0 * options_.baumgarteAlpha : 0.0;
  const double b2 = baumgarte ? options_.baumgarteBeta * options_.baumgarteBeta : 0.0;
  for (baraff::PrimaryConstraint& c : system_.primary) c.rhs = c.bias - a2 * c.velocity - b2 * c.error;
  for (baraff::AuxiliaryRow& r : system_.auxiliary) r.rhs = r.bias - a2 * r.velocity - b2 * r.error;
}

StepStatus BaraffSolver::solveAccelerations(const Model& model, const State& state) {
  return solveAccelerations(model, state, 0.0, false);
}

StepStatus BaraffSolver::solveAccelerations(const Model& model, const State& state, double h, bool baumgarte) {
  report_ = {};
  const bool withError = options_.driftControl == DriftControl::Baumgarte;
  if (!isAssembledAt(state, withError)) {
    q_ = state.q;
    qd_ = state.qd;
    assembleAt(model, state, withError);
  }
  baraff::fillBodyForces(model, state.E_0i, state.phi, q_, qd_, state.perturbation, system_.force);
  system_.unilateralCount = 0;
  if (h > 0.0) baraff::assembleInequalityRows(model, state.E_0i, state.phi, q_, h, system_, contacts_, contactRow_);
  setAccelerationRhs(h, baumgarte);
  if (solver_.factor(model, system_, report_)) solver_.solve(system_, system_.force, solution_, report_);
  activeInequalities_ = system_.unilateralCount;
  system_.unilateralCount = 0;  // the projections hold equalities only
  for (std::size_t c = 0; c < contacts_.size(); ++c)
    contacts_[c].force = solver_.unilateralMultipliers()[contactRow_[c]];
  if (!report_.ok) return failed(state, report_.message);
  return {};
}

void BaraffSolver::forwardDynamics(const Model& model, const State& state, VectorX& qdd) {
  if (!solveAccelerations(model, state).ok) {
    qdd.setConstant(std::numeric_limits<double>::quiet_NaN());
    return;
  }
  baraff::jointAccelerations(model, state.E_0i, state.phi, solution_.a, q_, qd_, qdd);
}

bool BaraffSolver::usesRungeKutta(const Model& model) const {
  return options_.integrator == Integrator::RK4 && baraff::inequalityCapacity(model) == 0;
}

StepStatus BaraffSolver::step(const Model& model, State& state, double h) {
  qdPrevious_ = state.qd;
  const bool baumgarte = options_.driftControl == DriftControl::Baumgarte;
  if (usesRungeKutta(model)) {
    if (const StepStatus status = integrateRungeKutta(model, state, h); !status.ok) return status;
  } else {
    if (const StepStatus status = solveAccelerations(model, state, h, baumgarte); !status.ok) return status;
    for (int i = 0; i < model.bodyCount(); ++i) {  // eq 1.28-1.29
      state.phi[i] += h * solution_.a[i];
      baraff::advancePose(state.E_0i[i], h * state.phi[i]);
    }
  }
  if (options_.driftControl == DriftControl::PostStabilization) {
    if (const StepStatus status = projectPositions(model, state, h); !status.ok) return status;
    if (const StepStatus status = projectVelocities(model, state); !status.ok) return status;
  } else {
    assembleAt(model, state, baumgarte);  // q, qdot and the next step's system
  }
  state.t += h;
  ++state.step;
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
  for (const baraff::AuxiliaryRow& r : system_.auxiliary) worst = std::max(worst, std::abs(r.error));
  return worst;
}

// Gauss-Newton onto g = 0 with the mass-weighted least step: [M G^T; G 0][d; y] = [0; -g],
// then E_i <- E_i exp(d_i) (post-stabilisation, sueda 1.12; Cline and Pai 2003). H is factored
// at the first iterate only and later iterates reuse it (a chord iteration: the poses move by
// O(g) only, so the next iterate is already at the tolerance); they recompute g alone.
StepStatus BaraffSolver::projectPositions(const Model& model, State& state, double h) {
  assembleAt(model, state, true);
  double error = largestPositionError();
  for (int iteration = 0; error >= kPositionTolerance && iteration < kProjectionIterations; ++iteration) {
    for (baraff::PrimaryConstraint& c : system_.primary) c.rhs = -c.error;
    for (baraff::AuxiliaryRow& r : system_.auxiliary) r.rhs = -r.error;
    if (iteration > 0 || solver_.factor(model, system_, report_)) solver_.solve(system_, zeroForce_, solution_, report_);
    if (!report_.ok) return failed(state, "position projection: " + report_.message);
    for (int i = 0; i < model.bodyCount(); ++i) {
      baraff::advancePose(state.E_0i[i], solution_.a[i]);
      state.phi[i] += solution_.a[i] / h;
    }
    assemblePositionErrors(model, state);
    error = largestPositionError();
  }
  if (error > kPositionFailure)
    return failed(state, "position projection left a constraint violation of " + std::to_string(error) +
                             " (redundant or conflicting constraints)");
  return {};
}

// Velocity projection onto G phi = 0: [M G^T; G 0][dphi; y] = [0; -G phi], G at the projected
// poses, H the last factor (of the position projection, whose poses differ by its last,
// O(g^2), correction; or of the step when no projection was needed).
StepStatus BaraffSolver::projectVelocities(const Model& model, State& state) {
  if (!isAssembledAt(state, false)) assembleAt(model, state, false);
  for (baraff::PrimaryConstraint& c : system_.primary) c.rhs = -c.velocity;
  for (baraff::AuxiliaryRow& r : system_.auxiliary) r.rhs = -r.velocity;
  solver_.solve(system_, zeroForce_, solution_, report_);
  if (!report_.ok) return failed(state, "velocity projection: " + report_.message);
  for (int i = 0; i < model.bodyCount(); ++i) state.phi[i] += solution_.a[i];
  updateVelocities(model, state);  // qdot and the next step's system
  return {};
}

StepStatus BaraffSolver::failed(const State& state, const std::string& what) const {
  return {false, std::string(name()) + ": " + what + " at step " + std::to_string(state.step) + " (t = " +
                     std::to_string(state.t) + " s)"};
}

}  // namespace articulab
