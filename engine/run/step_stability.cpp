#include "engine/run/step_stability.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/divergence.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/number_text.hpp"
#include "engine/solvers/step_cost_estimate.hpp"

namespace articulab {

namespace {

// The h w_max of the step proposed: the fastest mode resolved, not only stable (w_max is an
// estimate; at h w = 1 rk4 keeps 99.4 % of the mode's amplitude per step, semi-implicit Euler all).
constexpr double kResolvedStep = 1.0;

// The largest of 1, 2, 5 x 10^k at most `seconds`.
double roundDownToNiceStep(double seconds) {
  const double decade = std::pow(10.0, std::floor(std::log10(seconds)));
  for (double mantissa : {5.0, 2.0, 1.0})
    if (mantissa * decade <= seconds) return mantissa * decade;
  return decade;
}

// Forward dynamics at (q, qd) with the body poses and twists of q (what maximal back-ends read).
void accelerationsAt(Solver& solver, const Model& model, State& probe, TreeKinematics& kin, VectorX& qdd) {
  computeKinematics(model, probe.q, probe.qd, kin);
  copyWorldMotion(kin, probe.E_0i, probe.phi);
  solver.forwardDynamics(model, probe, qdd);
}

// The state's velocities scaled along `direction` to the kinetic energy `energy` (J), with the
// body poses and twists they give; the state unchanged where the direction moves nothing.
void giveKineticEnergy(const Model& model, State& state, const VectorX& direction, double energy, TreeKinematics& kin) {
  state.qd = direction;
  computeKinematics(model, state.q, state.qd, kin);
  copyWorldMotion(kin, state.E_0i, state.phi);
  const double kinetic = computeEnergy(model, state).kinetic;
  if (!(kinetic > 0.0) || !std::isfinite(kinetic)) return;
  state.qd *= std::sqrt(energy / kinetic);
  computeKinematics(model, state.q, state.qd, kin);
  copyWorldMotion(kin, state.E_0i, state.phi);
}

// Two significant digits: "0.0012", "630".
std::string twoDigits(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2g", value);
  return text;
}

}  // namespace

double largestFrequency(Solver& solver, const Model& model, const State& state, int iterations) {
  const Eigen::Index n = state.q.size();
  if (n == 0) return 0.0;
  State probe = state;
  TreeKinematics kin(model);
  VectorX base(n), moved(n), v(n);
  accelerationsAt(solver, model, probe, kin, base);
  // Alternating signs weight the fast modes (neighbours moving against each other); the uneven
  // sizes keep v from being orthogonal to a mode.
  for (Eigen::Index k = 0; k < n; ++k) v[k] = (k % 2 ? -1.0 : 1.0) * (1.0 + 0.37 * static_cast<double>(k % 7));
  v.normalize();
  const double epsilon = 1e-6 * std::max(1.0, state.q.cwiseAbs().maxCoeff());
  double lambda = 0.0;
  for (int k = 0; k < iterations; ++k) {
    probe.q = state.q + epsilon * v;
    accelerationsAt(solver, model, probe, kin, moved);
    const VectorX product = (base - moved) / epsilon;  // A v, A = -d qdd / d q
    const double size = product.norm();
    if (!std::isfinite(size) || size == 0.0) break;
    lambda = std::max(lambda, size);  // the norm ratio creeps up to |lambda_max| from below
    v = product / size;
  }
  return std::sqrt(lambda);
}

double lookAheadFrequency(Solver& solver, const Model& model, const State& state) {
  const double atStart = largestFrequency(solver, model, state);
  if (state.q.size() == 0) return atStart;
  // The direction the motion takes: its velocities, or from rest its accelerations.
  VectorX direction = state.qd;
  TreeKinematics kin(model);
  if (direction.squaredNorm() == 0.0) {
    State probe = state;
    accelerationsAt(solver, model, probe, kin, direction);
  }
  if (direction.squaredNorm() == 0.0 || !direction.allFinite()) return atStart;
  const double energy = computeEnergy(model, state).total();
  State moving = state;
  giveKineticEnergy(model, moving, direction, energyScale(model, state, energy), kin);
  double fastest = std::max(atStart, largestFrequency(solver, model, moving));
  if (!model.loops.empty()) return fastest;  // the zero pose of a loop need not close it
  // The zero pose where energy conservation lets the motion reach it, with the kinetic energy it
  // has there: E0 - V(0).
  moving.q.setZero();
  moving.qd.setZero();
  computeKinematics(model, moving.q, moving.qd, kin);
  copyWorldMotion(kin, moving.E_0i, moving.phi);
  const double kineticThere = energy - computeEnergy(model, moving).potential;
  if (!(kineticThere > 0.0) || !std::isfinite(kineticThere)) return fastest;
  giveKineticEnergy(model, moving, direction, kineticThere, kin);
  return std::max(fastest, largestFrequency(solver, model, moving));
}

StepStability checkStepStability(const RunPlan& plan, const Model& model, const State& state) {
  StepStability stability;
  stability.limit = plan.backend->capabilities.stabilityLimit(plan.integrator);
  if (stability.limit <= 0.0) return stability;
  if (estimateStepCost(plan.backend->name, model, plan.integrator).seconds > kFastStartSeconds) return stability;
  const std::unique_ptr<Solver> solver = plan.backend->create(model, plan.options);
  stability.omegaMax = lookAheadFrequency(*solver, model, state);
  if (stability.omegaMax > 0.0)
    stability.stableStep = roundDownToNiceStep(std::min(0.9 * stability.limit, kResolvedStep) / stability.omegaMax);
  return stability;
}

std::string unstableStepReason(const RunPlan& plan, const StepStability& stability) {
  if (!stability.unstable(plan.dt)) return "";
  using scene_io::shortNumber;
  return "the step " + shortNumber(plan.dt) + " s is unstable for " + plan.integrator.name() +
         " on this scene: its fastest mode where the motion may go has w_max = " + twoDigits(stability.omegaMax) +
         " rad/s, and " + plan.integrator.name() + " is stable for h w_max < " + shortNumber(stability.limit) +
         " (h < " + twoDigits(stability.limit / stability.omegaMax) + " s)";
}

std::string unstableStepText(const RunPlan& plan, const StepStability& stability) {
  const std::string reason = unstableStepReason(plan, stability);
  if (reason.empty()) return "";
  const std::string step = scene_io::shortNumber(stability.stableStep);
  return reason + "; a step of " + step + " s works (--dt " + step + ")";
}

}  // namespace articulab
