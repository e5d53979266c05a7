// Classical fourth-order Runge-Kutta on the maximal state of the baraff back-end, in the
// Runge-Kutta-Munthe-Kaas form for the poses (Munthe-Kaas 1998): every stage solves the
// constrained accelerations (Baraff sec. 7-8) at E_0 exp([theta_s]), phi_0 + c_s dphi_{s-1};
// the poses advance by exp of the weighted pose increments h dexp^-1(theta_s, phi_s).
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/baraff/pose_update.hpp"

namespace articulab {

namespace {
constexpr double kStageTime[4] = {0.0, 0.5, 0.5, 1.0};
constexpr double kWeight[4] = {1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0};
}  // namespace

StepStatus BaraffSolver::integrateRungeKutta(const Model& model, State& state, double h) {
  const int n = model.bodyCount();
  const bool baumgarte = options_.driftControl == DriftControl::Baumgarte;
  // The stage's kinematics and applied forces (not the history and outputs, which only grow).
  stage_.t = state.t;
  stage_.q = state.q;
  stage_.qd = state.qd;
  stage_.E_0i = state.E_0i;
  stage_.phi = state.phi;
  stage_.perturbation = state.perturbation;
  stage_.activations = state.activations;
  for (int i = 0; i < n; ++i) {
    poseSum_[i].setZero();
    twistSum_[i].setZero();
  }
  for (int s = 0; s < 4; ++s) {
    for (int i = 0; i < n && s > 0; ++i) {
      stage_.E_0i[i] = state.E_0i[i];
      baraff::advancePose(stage_.E_0i[i], kStageTime[s] * poseIncrement_[i]);
      stage_.phi[i] = state.phi[i] + kStageTime[s] * twistIncrement_[i];
    }
    if (const StepStatus status = solveAccelerations(model, stage_, 0.0, baumgarte); !status.ok) return status;
    for (int i = 0; i < n; ++i) {
      const Vector6 theta = s == 0 ? Vector6::Zero() : Vector6(kStageTime[s] * poseIncrement_[i]);
      poseIncrement_[i] = h * baraff::poseRate(theta, stage_.phi[i]);
      twistIncrement_[i] = h * solution_.a[i];
      poseSum_[i] += kWeight[s] * poseIncrement_[i];
      twistSum_[i] += kWeight[s] * twistIncrement_[i];
    }
  }
  for (int i = 0; i < n; ++i) {
    state.phi[i] += twistSum_[i];
    baraff::advancePose(state.E_0i[i], poseSum_[i]);
  }
  return {};
}

}  // namespace articulab
