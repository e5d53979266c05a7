#include "engine/solvers/baraff/baraff_solver.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/solvers/baraff/body_forces.hpp"
#include "engine/solvers/baraff/joint_rows.hpp"
#include "engine/solvers/baraff/loop_constraints.hpp"
#include "engine/solvers/baraff/primary_constraints.hpp"
#include "engine/spatial/se3.hpp"

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
      solver_(model, baraff::totalLoopRows(model)),
      solution_(model, baraff::totalLoopRows(model)),
      zeroForce_(model.bodyCount(), Vector6::Zero()),
      q_(model.q0),
      qd_(model.qd0),
      qdPrevious_(model.qd0) {
  system_.force.assign(model.bodyCount(), Vector6::Zero());
  system_.primary.resize(model.bodyCount());
  system_.auxiliary.resize(baraff::totalLoopRows(model));
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
    if (joint.hasLimits) support.warnings.push_back("joint limits are not enforced (joint '" + joint.name + "')");
    if (joint.driven) support.warnings.push_back("driven joint '" + joint.name + "' is treated as free");
  }
  if (model.defaults.integrator != Integrator::SemiImplicitEuler)
    support.warnings.push_back(std::string("integrator '") + integratorName(model.defaults.integrator) +
                               "' is not used: the baraff back-end steps with semi-implicit Euler on SE(3)");
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
  for (int i = 0; i < model.bodyCount(); ++i)
    baraff::assemblePrimaryConstraint(model, i, E, phi, withError, q_, qd_, system_.primary[i]);
  int row = 0;
  for (int k = 0; k < static_cast<int>(model.loops.size()); ++k) {
    baraff::assembleLoopRows(model, k, E, phi, system_.auxiliary.data() + row);
    row += baraff::loopRowCount(model.loops[k]);
  }
}

// The right-hand side of the acceleration solve at step h:
//   none:       G a = -Gdot phi (acceleration level, Baraff eq 2);
//   Baumgarte:  G a = -Gdot phi - 2 alpha G phi - beta^2 g (sueda eq 1.82);
//   post-stabilisation: G (phi + h a) = 0, the velocity-level form of sueda eq 1.73, which
//   leaves the curvature of the constraints to the position projection.
void BaraffSolver::setAccelerationRhs(double h) {
  if (options_.driftControl == DriftControl::PostStabilization) {
    for (baraff::PrimaryConstraint& c : system_.primary) c.rhs = -c.velocity / h;
    for (baraff::AuxiliaryRow& r : system_.auxiliary) r.rhs = -r.velocity / h;
    return;
  }
  const bool baumgarte = options_.driftControl == DriftControl::Baumgarte;
  const double a2 = baumgarte ? 2.0 * options_.baumgarteAlpha : 0.0;
  const double b2 = baumgarte ? options_.baumgarteBeta * options_.baumgarteBeta : 0.0;
  for (baraff::PrimaryConstraint& c : system_.primary) c.rhs = c.bias - a2 * c.velocity - b2 * c.error;
  for (baraff::AuxiliaryRow& r : system_.auxiliary) r.rhs = r.bias - a2 * r.velocity - b2 * r.error;
}

StepStatus BaraffSolver::solveAccelerations(const Model& model, const State& state) {
  return solveAccelerations(model, state, 0.0);
}

StepStatus BaraffSolver::solveAccelerations(const Model& model, const State& state, double h) {
  q_ = state.q;
  qd_ = state.qd;
  report_ = {};
  assembleConstraints(model, state.E_0i, state.phi, options_.driftControl == DriftControl::Baumgarte);
  baraff::fillBodyForces(model, state.E_0i, state.phi, q_, qd_, state.perturbation, system_.force);
  if (h > 0.0)
    setAccelerationRhs(h);
  else
    for (baraff::PrimaryConstraint& c : system_.primary) c.rhs = c.bias;
  if (h <= 0.0)
    for (baraff::AuxiliaryRow& r : system_.auxiliary) r.rhs = r.bias;
  if (solver_.factor(model, system_, report_)) solver_.solve(system_, system_.force, solution_, report_);
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

StepStatus BaraffSolver::step(const Model& model, State& state, double h) {
  qdPrevious_ = state.qd;
  if (const StepStatus status = solveAccelerations(model, state, h); !status.ok) return status;
  for (int i = 0; i < model.bodyCount(); ++i) {  // eq 1.28-1.29
    state.phi[i] += h * solution_.a[i];
    state.E_0i[i] = state.E_0i[i] * se3::exp(h * state.phi[i]);
  }
  if (options_.driftControl == DriftControl::PostStabilization) {
    if (const StepStatus status = projectPositions(model, state, h); !status.ok) return status;
    if (const StepStatus status = projectVelocities(model, state); !status.ok) return status;
  } else {
    assembleConstraints(model, state.E_0i, state.phi, false);  // recover q, qdot
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
// then E_i <- E_i exp(d_i) (post-stabilisation, sueda 1.12; Cline and Pai 2003).
StepStatus BaraffSolver::projectPositions(const Model& model, State& state, double h) {
  double error = 0.0;
  for (int iteration = 0;; ++iteration) {
    assembleConstraints(model, state.E_0i, state.phi, true);
    error = largestPositionError();
    if (error < kPositionTolerance || iteration == kProjectionIterations) break;
    for (baraff::PrimaryConstraint& c : system_.primary) c.rhs = -c.error;
    for (baraff::AuxiliaryRow& r : system_.auxiliary) r.rhs = -r.error;
    if (solver_.factor(model, system_, report_)) solver_.solve(system_, zeroForce_, solution_, report_);
    if (!report_.ok) return failed(state, "position projection: " + report_.message);
    for (int i = 0; i < model.bodyCount(); ++i) {
      state.E_0i[i] = state.E_0i[i] * se3::exp(solution_.a[i]);
      state.phi[i] += solution_.a[i] / h;
    }
  }
  if (error > kPositionFailure)
    return failed(state, "position projection left a constraint violation of " + std::to_string(error) +
                             " (redundant or conflicting constraints)");
  return {};
}

// Velocity projection onto G phi = 0: [M G^T; G 0][dphi; y] = [0; -G phi].
StepStatus BaraffSolver::projectVelocities(const Model& model, State& state) {
  for (baraff::PrimaryConstraint& c : system_.primary) c.rhs = -c.velocity;
  for (baraff::AuxiliaryRow& r : system_.auxiliary) r.rhs = -r.velocity;
  if (solver_.factor(model, system_, report_)) solver_.solve(system_, zeroForce_, solution_, report_);
  if (!report_.ok) return failed(state, "velocity projection: " + report_.message);
  for (int i = 0; i < model.bodyCount(); ++i) state.phi[i] += solution_.a[i];
  assembleConstraints(model, state.E_0i, state.phi, false);  // recover qdot
  return {};
}

StepStatus BaraffSolver::failed(const State& state, const std::string& what) const {
  return {false, std::string(name()) + ": " + what + " at step " + std::to_string(state.step) + " (t = " +
                     std::to_string(state.t) + " s)"};
}

}  // namespace articulab
