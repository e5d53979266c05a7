// Whether a run's step size is stable for its explicit integrator, told before the run: the
// largest angular frequency w_max of the dynamics linearised at the start and where the motion
// may go (lookAheadFrequency), against the
// integrator's stability limit h w_max < c (BackendCapabilities::stabilityLimits: 2 for
// semi-implicit Euler, 2.78 for rk4). The usual failure it catches: semi-implicit Euler or rk4
// on a long chain at 1 ms, whose fastest mode grows with the chain's length.
#pragma once

#include <string>

#include "engine/multibody/model.hpp"
#include "engine/multibody/state.hpp"
#include "engine/run/run_plan.hpp"
#include "engine/solvers/solver.hpp"

namespace articulab {

// The largest angular frequency (rad/s) of the dynamics linearised at the state: sqrt of the
// largest |eigenvalue| of A = -d qdd / d q at the state's velocities, by power iteration on A v,
// each product a forward difference of the solver's forward dynamics along v (no matrix: O(n)
// per iteration on an O(n) back-end). Converges from below; `iterations` products at most.
double largestFrequency(Solver& solver, const Model& model, const State& state, int iterations = 60);

// The largest frequency at the state and at states its motion may reach (a look-ahead: a chain
// at rest starts slow, and its fastest mode appears as it swings straight). Their velocities lie
// along the direction the start moves in (its velocities, or from rest its accelerations), with
// the kinetic energy of the scene's energy scale (energyScale) at the start pose, and at the
// joints' zero pose (a chain hanging straight; not on a model with loops) the kinetic energy
// conservation gives it there, E0 - V(0), where that is positive. An estimate, not a bound:
// measured on chain.json at rest, n = 20 gives 596 rad/s where the largest along the motion
// (sampled every 1 ms over 0.7 s, rk4 at 0.1 ms) is 672; n = 500 gives 13400 rad/s (a stable rk4
// step of 1e-4 s), and rk4 there diverges at 1 ms (t = 0.88 s) and at 0.5 ms (t = 1.33 s).
double lookAheadFrequency(Solver& solver, const Model& model, const State& state);

struct StepStability {
  double omegaMax = 0.0;    // rad/s, lookAheadFrequency; 0 when not estimated
  double limit = 0.0;       // the integrator's largest stable h w; 0: the integrator has none
  double stableStep = 0.0;  // s: a step that works, min(0.9 limit, 1) / w_max rounded down to 1, 2 or 5 x 10^k
  bool unstable(double h) const { return limit > 0.0 && omegaMax > 0.0 && h * omegaMax >= limit; }
};

// The stability of the plan's step on the model from the state, with a solver of its own (the
// run's solver keeps its caches). Not estimated (omegaMax 0) for an integrator without a limit,
// or where one forward dynamics costs more than a slow step (estimateStepCost above
// kFastStartSeconds: the estimate would take longer than the user waits).
StepStability checkStepStability(const RunPlan& plan, const Model& model, const State& state);

// "the step 0.001 s is unstable for semi-implicit on this scene: ... (h < 0.00064 s)"; empty when
// the step is stable or not checked.
std::string unstableStepReason(const RunPlan& plan, const StepStability& stability);
// The reason with the step that works: "...; a step of 0.0005 s works (--dt 0.0005)".
std::string unstableStepText(const RunPlan& plan, const StepStability& stability);

}  // namespace articulab
