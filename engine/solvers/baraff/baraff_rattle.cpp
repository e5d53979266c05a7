// semi-implicit-rattle on the baraff back-end's maximal state (engine/constraints/
// multiplier_newton.hpp, GNI VII.1): every joint and loop row is a constraint g(E) = 0,
//   phi' = phi + h M^-1 (F(E, phi) + G(E)^T Lambda),  E' = E exp(h phi')  (eq 1.28-1.29),
//   g(E') = 0 for Lambda,  phi'' = phi' + M^-1 G(E')^T mu with G(E') phi'' = 0.
// The first guess of Lambda is the velocity-level solve G(E) phi' = 0 of the semi-implicit
// step; each Newton iterate solves with the step's own factor of H at E (the chord matrix) and
// the rows at E, with right-hand side -g(E') / h. M is each body's constant inertia in body axes;
// the gyroscopic force -ad*(phi) M phi in F is taken at the step's start (explicit), so the map
// is symplectic where that force vanishes (planar motion, the four-bar) and measured elsewhere
// (docs/backends.md).
#include "engine/constraints/multiplier_newton.hpp"
#include "engine/io/number_text.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/baraff/pose_update.hpp"

namespace articulab {

StepStatus BaraffSolver::advanceRattle(const Model& model, State& state, double h) {
  state.history.valid = false;  // the chord matrix is factored at this step's start, not refined from a near one
  if (const StepStatus status = solveAccelerations(model, state, h, false); !status.ok) return status;
  writeOutputs(model, state, -1);
  startSystem_.primary = system_.primary;  // the rows at E (solver_ holds H factored there)
  startSystem_.auxiliary = system_.auxiliary;
  startPoses_ = state.E_0i;
  for (int i = 0; i < model.bodyCount(); ++i) {
    if (unconstrained_[i])  // no rows: the free body's semi-implicit step
      baraff::advanceFreeBody(state.E_0i[i], state.phi[i], solution_.a[i], h, model.bodies[i].com);
    else
      state.phi[i] += h * solution_.a[i];
  }
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
  const MultiplierNewtonResult newton = solveStepMultipliers(violation, correct, positionTolerance_, maxProjectionIterations_);
  projectionIterations_ = newton.iterations;
  projectionError_ = newton.violation;
  if (!newton.solved) return failed(state, "semi-implicit-rattle multiplier Newton: " + report_.message);
  if (newton.violation > positionFailure_)
    return failed(state, "semi-implicit-rattle multiplier Newton left a constraint violation of " +
                             scene_io::shortNumber(newton.violation) + " after " + std::to_string(newton.iterations) +
                             " iterates: redundant or conflicting constraints, or motion too fast for the step size");
  assembleRowsAt(model, state, true);  // q at E', and H there for the velocity projection
  factorCurrent_ = false;              // the next step factors H at its own start (its chord matrix)
  if (!solver_.factor(model, system_, report_))
    return failed(state, "semi-implicit-rattle velocity projection: " + report_.message);
  if (const StepStatus status = projectVelocities(model, state); !status.ok) return status;
  state.outputs.iterations = projectionIterations_;
  state.outputs.residual = projectionError_;
  return {};
}

// E' = E exp(h phi') from the step's start poses, for every body with rows (eq 1.28-1.29).
void BaraffSolver::moveConstrainedPoses(const Model& model, State& state, double h) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    if (unconstrained_[i]) continue;
    state.E_0i[i] = startPoses_[i];
    baraff::advancePose(state.E_0i[i], h * state.phi[i]);
  }
}

}  // namespace articulab
