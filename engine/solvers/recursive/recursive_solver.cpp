#include "engine/solvers/recursive/recursive_solver.hpp"

#include <stdexcept>
#include <string>

#include "engine/solvers/solver_settings.hpp"
#include "engine/solvers/workspace_budget.hpp"

namespace articulab {

RecursiveSolver::RecursiveSolver(const Model& model, const SolverOptions& options)
    : ReducedSolver(model, options),
      gmresTolerance_(settingValue(options, "recursive", settings(), "gmres-tolerance")),
      gmresIterations_(static_cast<int>(settingValue(options, "recursive", settings(), "gmres-iterations"))),
      dynamics_(model),
      implicit_(integrator() == Integrator::LinearlyImplicitEuler ? makeImplicitVelocity(model) : nullptr),
      springs_(model),
      prescribed_(VectorX::Zero(model.nq)),
      drivenForce_(VectorX::Zero(model.nq)),
      kinematicsQ_(VectorX::Zero(model.nq)),
      kinematicsQd_(VectorX::Zero(model.nq)) {}

SolverSupport RecursiveSolver::supports(const Model& model, const SolverOptions& options) {
  return supportsShared("recursive", model, options, &RecursiveSolver::supports);
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
  if (model.groundContact) support.warnings.push_back("ground contact is not simulated: bodies pass through z = 0");
  return support;
}

const SolverSettingList& RecursiveSolver::settings() {
  static const SolverSettingList list = {
      {"gmres-tolerance", ImplicitVelocity::defaultTolerance, "relative", 1e-14, 1e-4,
       "relative preconditioned residual at which GMRES stops (integrator implicit)"},
      {"gmres-iterations", 0.0, "iterations", 0.0, 1e6,
       "Arnoldi steps before the dense LU fallback; 0 stands for 4 nq + 20 (integrator implicit)"},
  };
  return list;
}

void RecursiveSolver::writeOutputs(State& state) const {
  ReducedSolver::writeOutputs(state);
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
}

void RecursiveSolver::springImplicitVelocity(const Model& model, const State& state, double h, VectorX& qdNext) {
  updateKinematics(model, state.q, state.qd);
  articulab::springImplicitVelocity(model, state.q, state.qd, forceInputs(state), prescribed_, h, dynamics_, springs_,
                                    qdNext);
}

}  // namespace articulab
