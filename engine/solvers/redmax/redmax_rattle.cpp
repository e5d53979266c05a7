// semi-implicit-rattle on redmax: RATTLE in its second-order (Störmer–Verlet) form on the loop
// closures in joint coordinates (GNI VII.1.4, eq 1.26-1.27); the tree joints hold by
// construction, the closures g(q) = 0 by the step's multipliers:
//   qdot+ = qdot + (h/2) M_r(q)^-1 (f_r(q, qdot) + G_r(q)^T Lambda)
//   q'    = q + h qdot+,                         g(q') = 0 for Lambda
//   qdot' = qdot+ + (h/2) M_r(q')^-1 (f_r(q', qdot') + G_r(q')^T mu),  G_r(q') qdot' = 0.
// Lambda: the acceleration-level solve as first guess, then the chord Newton of
// engine/constraints/multiplier_newton.hpp. qdot': the fixed point in qdot' (f_r is quadratic in
// qdot through the Coriolis terms), each iterate constrained to G_r(q') qdot' = 0 with the least
// M_r(q')-weighted change, which is the mu of eq 1.27.
// What it preserves. M_r depends on q, so the symplectic RATTLE is the one for p = M_r(q) qdot
// (GNI VII.1.4 with H(p, q) = p^T M_r^-1 p / 2 + U: its half-step momentum is implicit through
// dM_r/dq). This step is the velocity form instead: with f_r(q, -qdot) = f_r(q, qdot) for the
// conservative forces, the map is symmetric (time-reversible, rho(q, qdot) = (q, -qdot)): its
// adjoint is itself with the first and last half-kicks swapped, and the implicit last half-kick
// makes the two equal. Reversible, second order, g(q') = 0 and G_r qdot' = 0 exactly (to the
// Newton tolerance); the energy keeps a band without drift on reversible integrable motion
// (GNI XI), measured in docs/backends.md; not symplectic where M_r changes along the motion.
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
  rattleStartQd_ = state.qd;
  state.qd += (0.5 * h) * rattleQdd_;
  rattleStartQ_ = state.q;
  state.q = rattleStartQ_ + h * state.qd;
  if (!loopFailure_.empty()) return;
  if (loops_.rows() > 0 && !solveClosureMultipliers(model, state, inputs, h)) return;
  finishRattleStep(model, state, inputs, h);
}

// Lambda of the first half-kick: the chord Newton on g(q + h qdot+) = 0 (GNI eq 1.26).
bool RedMaxSolver::solveClosureMultipliers(const Model& model, State& state, const ForceInputs& inputs, double h) {
  startLoops_.assemble(model, ws_, state.qd);  // ws_ still holds the kinematics at q
  const auto violation = [&] {
    state.q = rattleStartQ_ + h * state.qd;
    evaluateRedMax(model, state.q, state.qd, inputs, ws_, stepCancel());
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
    return false;
  }
  if (newton.violation > positionFailure_) {
    loopFailure_ = "semi-implicit-rattle multiplier Newton left a loop-closure violation of " +
                   scene_io::shortNumber(newton.violation) + " (conflicting closures, or motion too fast for the step size)";
    return false;
  }
  return true;
}

// The last half-kick (GNI eq 1.27): qdot' = qdot+ + (h/2) M_r(q')^-1 f_r(q', qdot') held to
// G_r(q') qdot' = 0, by fixed-point iteration from the explicit guess (contraction O(h |qdot|)).
void RedMaxSolver::finishRattleStep(const Model& model, State& state, const ForceInputs& inputs, double h) {
  rattleHalfQd_ = state.qd;
  state.qd = 2.0 * rattleHalfQd_ - rattleStartQd_;  // qdot+ + (h/2) qddot(q, qdot): second order
  for (int iteration = 0; iteration < kMostHalfKickIterations; ++iteration) {
    checkCancel();
    evaluateRedMax(model, state.q, state.qd, inputs, ws_, stepCancel());
    if (iteration == 0 && !factorMass()) {
      loopFailure_ = "semi-implicit-rattle: the mass matrix at the step's end is not positive definite";
      return;
    }
    correction_ = ws_.fr;
    llt_.solveInPlace(correction_);
    correction_ = rattleHalfQd_ + (0.5 * h) * correction_;
    if (loops_.rows() > 0) {
      if (iteration == 0) loops_.assemble(model, ws_, state.qd);  // G_r at q'
      if (!loops_.constrain([this](MatrixX& Y) { llt_.solveInPlace(Y); }, zeroLoopTarget_, correction_)) {
        loopFailure_ = "semi-implicit-rattle velocity half-step: " + loops_.message();
        return;
      }
    }
    const double change = (correction_ - state.qd).lpNorm<Eigen::Infinity>();
    state.qd = correction_;
    if (change <= kHalfKickTolerance * (1.0 + state.qd.lpNorm<Eigen::Infinity>())) return;
  }
}

}  // namespace articulab
