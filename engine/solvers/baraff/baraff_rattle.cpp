// semi-implicit-rattle on the baraff back-end's maximal state: RATTLE in its second-order
// (Störmer–Verlet) form on SE(3) (GNI VII.1.4, eq 1.26-1.27, with the pose update of eq
// 1.28-1.29); every joint and loop row is a constraint g(E) = 0:
//   phi+ = phi + (h/2) M^-1 (F(E, phi) + G(E)^T Lambda)
//   E'   = E exp(h phi+),                      g(E') = 0 for Lambda
//   phi' = phi+ + (h/2) M^-1 (F(E', phi') + G(E')^T mu),  G(E') phi' = 0.
// Lambda: the velocity-level solve G(E) phi+ = 0 as first guess, then the chord Newton of
// engine/constraints/multiplier_newton.hpp (the step's factor of H at E, rows at E, right-hand
// side -g(E') / h). phi': the fixed point in phi' through the gyroscopic force -ad*(phi) M phi of
// F (M is each body's constant inertia in body axes), each iterate solved with H factored at E'.
// What it preserves: g(E') = 0 and G(E') phi' = 0 to the Newton tolerance; with F(E, -phi) =
// F(E, phi) (gravity, springs, the quadratic gyroscopic force) the map is symmetric (time-
// reversible: the implicit last half-kick is the adjoint of the explicit first one) and second
// order. It is the Lie-group RATTLE in body twists, symplectic where the gyroscopic force
// vanishes on the motion; elsewhere its energy band is measured (docs/backends.md). Bodies
// without rows take the semi-implicit free-body step (pose_update.hpp).
#include <algorithm>

#include "engine/constraints/multiplier_newton.hpp"
#include "engine/io/number_text.hpp"
#include "engine/solvers/baraff/body_forces.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/baraff/pose_update.hpp"

namespace articulab {

StepStatus BaraffSolver::advanceRattle(const Model& model, State& state, double h) {
  state.history.valid = false;  // the chord matrix is factored at this step's start, not refined from a near one
  if (const StepStatus status = solveAccelerations(model, state, 0.5 * h, false); !status.ok) return status;
  writeOutputs(model, state, -1);
  startSystem_.primary = system_.primary;  // the rows at E (solver_ holds H factored there)
  startSystem_.auxiliary = system_.auxiliary;
  startPoses_ = state.E_0i;
  startTwists_ = state.phi;
  for (int i = 0; i < model.bodyCount(); ++i) {
    if (unconstrained_[i])  // no rows: the free body's semi-implicit step
      baraff::advanceFreeBody(state.E_0i[i], state.phi[i], solution_.a[i], h, model.bodies[i].com);
    else
      state.phi[i] += (0.5 * h) * solution_.a[i];
  }
  if (const StepStatus status = solveRattleMultipliers(model, state, h); !status.ok) return status;
  return finishRattleStep(model, state, h);
}

// Lambda of the first half-kick: the chord Newton on g(E exp(h phi+)) = 0 (GNI eq 1.26).
StepStatus BaraffSolver::solveRattleMultipliers(const Model& model, State& state, double h) {
  const auto violation = [&] {
    moveConstrainedPoses(model, state, h);
    assembleRowsAt(model, state, true, false);
    return largestPositionError();
  };
  const auto correct = [&] {
    for (int i = 0; i < model.bodyCount(); ++i) startSystem_.primary[i].rhs = -system_.primary[i].error / h;
    for (std::size_t r = 0; r < system_.auxiliary.size(); ++r)
      startSystem_.auxiliary[r].rhs = -system_.auxiliary[r].error / h;
    solver_.solve(startSystem_, zeroForce_, solution_, report_, false);
    if (!report_.ok) return false;
    for (int i = 0; i < model.bodyCount(); ++i)
      if (!unconstrained_[i]) state.phi[i] += solution_.a[i];
    return true;
  };
  const MultiplierNewtonResult newton =
      solveStepMultipliers(violation, correct, positionTolerance_, maxProjectionIterations_);
  projectionIterations_ = newton.iterations;
  projectionError_ = newton.violation;
  if (!newton.solved) return failed(state, "semi-implicit-rattle multiplier Newton: " + report_.message);
  if (newton.violation > positionFailure_)
    return failed(state, "semi-implicit-rattle multiplier Newton left a constraint violation of " +
                             scene_io::shortNumber(newton.violation) + " after " + std::to_string(newton.iterations) +
                             " iterates: redundant or conflicting constraints, or motion too fast for the step size");
  return {};
}

// The last half-kick (GNI eq 1.27): [M G^T; G 0] at E' with G(E') (phi+ + (h/2) a) = 0 and the
// force at phi', by fixed-point iteration from the explicit guess (contraction O(h |phi|)).
StepStatus BaraffSolver::finishRattleStep(const Model& model, State& state, double h) {
  assembleRowsAt(model, state, true);  // q at E'
  updateVelocities(model, state);      // G(E') phi+ in the rows
  factorCurrent_ = false;              // the next step factors H at its own start (its chord matrix)
  if (!solver_.factor(model, system_, report_)) return failed(state, "semi-implicit-rattle half-kick: " + report_.message);
  setAccelerationRhs(0.5 * h, false);  // G (phi+ + (h/2) a) = 0
  halfTwists_ = state.phi;
  for (int i = 0; i < model.bodyCount(); ++i)
    if (!unconstrained_[i]) state.phi[i] = 2.0 * halfTwists_[i] - startTwists_[i];  // second-order guess
  for (int iteration = 0; iteration < kMostHalfKickIterations; ++iteration) {
    checkCancel();
    baraff::fillBodyForces(model, state.E_0i, state.phi, q_, qd_, forceInputs(state), system_.force);
    solver_.solve(system_, system_.force, solution_, report_);
    if (!report_.ok) return failed(state, "semi-implicit-rattle half-kick: " + report_.message);
    double change = 0.0, largest = 0.0;
    for (int i = 0; i < model.bodyCount(); ++i) {
      if (unconstrained_[i]) continue;
      const Vector6 next = halfTwists_[i] + (0.5 * h) * solution_.a[i];
      change = std::max(change, (next - state.phi[i]).lpNorm<Eigen::Infinity>());
      largest = std::max(largest, next.lpNorm<Eigen::Infinity>());
      state.phi[i] = next;
    }
    if (change <= kHalfKickTolerance * (1.0 + largest)) break;
  }
  updateVelocities(model, state);  // qdot and the next step's system
  state.outputs.iterations = projectionIterations_;
  state.outputs.residual = projectionError_;
  return {};
}

// E' = E exp(h phi+) from the step's start poses, for every body with rows (eq 1.28-1.29).
void BaraffSolver::moveConstrainedPoses(const Model& model, State& state, double h) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    if (unconstrained_[i]) continue;
    state.E_0i[i] = startPoses_[i];
    baraff::advancePose(state.E_0i[i], h * state.phi[i]);
  }
}

}  // namespace articulab
