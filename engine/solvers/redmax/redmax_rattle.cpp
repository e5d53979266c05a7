// semi-implicit-rattle on redmax's loop closures in joint coordinates (engine/constraints/
// multiplier_newton.hpp, GNI VII.1): the tree joints hold by construction, the closures g(q) = 0
// by the step's multipliers,
//   qdot' = qdot + h M_r(q)^-1 (f_r(q, qdot) + G_r(q)^T Lambda),  q' = q + h qdot',  g(q') = 0,
//   qdot'' = qdot' + M_r(q')^-1 G_r(q')^T mu  with  G_r(q') qdot'' = 0.
// The first guess of Lambda is the acceleration-level solve of the semi-implicit step (eq 2.100);
// each Newton iterate solves with M_r(q) (its Cholesky, kept from the step's start) and G_r(q)
// (startLoops_) for the right-hand side -g(q') / h. M_r depends on q: the kick uses M_r(q) and
// f_r(q, qdot) with its Coriolis terms, so the map is not symplectic in (q, p) where M_r changes
// along the motion; what it keeps exactly is g(q') = 0 and G_r qdot = 0, and its energy band is
// measured (docs/backends.md).
#include "engine/constraints/multiplier_newton.hpp"
#include "engine/io/number_text.hpp"
#include "engine/solvers/redmax/redmax_solver.hpp"

namespace articulab {

void RedMaxSolver::integrate(const Model& model, State& state, double h) {
  if (integrator() == kSemiImplicitRattle)
    stepRattle(model, state, h);
  else
    ReducedSolver::integrate(model, state, h);
}

void RedMaxSolver::stepRattle(const Model& model, State& state, double h) {
  const ForceInputs inputs = forceInputs(state);
  accelerations(model, state.q, state.qd, inputs, rattleQdd_);  // M_r(q) factored, the closures at q
  state.qdd = rattleQdd_;
  state.qd += h * rattleQdd_;
  rattleStartQ_ = state.q;
  state.q = rattleStartQ_ + h * state.qd;
  if (loops_.rows() == 0 || !loopFailure_.empty()) return;
  startLoops_.assemble(model, ws_, state.qd);  // ws_ still holds the kinematics at q
  const auto violation = [&] {
    state.q = rattleStartQ_ + h * state.qd;
    evaluateRedMax(model, state.q, state.qd, inputs, ws_);
    loops_.assemble(model, ws_, state.qd);
    return loops_.largestError();
  };
  const auto correct = [&] {
    correction_.setZero();
    target_ = -loops_.error() / h;
    if (!startLoops_.constrain([this](MatrixX& Y) { llt_.solveInPlace(Y); }, target_, correction_)) return false;
    state.qd += correction_;
    return true;
  };
  const MultiplierNewtonResult newton = solveStepMultipliers(violation, correct, positionTolerance_, projectionIterations_);
  if (!newton.solved) {
    loopFailure_ = "semi-implicit-rattle multiplier Newton: " + startLoops_.message();
    return;
  }
  if (newton.violation > positionFailure_) {
    loopFailure_ = "semi-implicit-rattle multiplier Newton left a loop-closure violation of " +
                   scene_io::shortNumber(newton.violation) + " (conflicting closures, or motion too fast for the step size)";
    return;
  }
  projectVelocities(state);  // M_r and G_r at q' (the last violation's evaluation)
}

}  // namespace articulab
