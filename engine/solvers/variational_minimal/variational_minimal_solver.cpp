#include "engine/solvers/variational_minimal/variational_minimal_solver.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "engine/solvers/solver_settings.hpp"
#include "engine/solvers/step_message_numbers.hpp"
#include "engine/solvers/workspace_budget.hpp"
#include "engine/solvers/variational_minimal/group_chart.hpp"

namespace articulab {

using variational_minimal::discreteMomenta;

namespace {

constexpr const char* kMinimalBackend = "variational-minimal";
constexpr double kRiqnDecrease = 0.8;      // |f| of an accepted plain RIQN iterate over the last one
constexpr double kAndersonGrowth = 100.0;  // largest |f| of a mixed iterate over the step's first

}  // namespace

VariationalMinimalSolver::VariationalMinimalSolver(const Model& model, const SolverOptions& options)
    : Solver(options), ws_(model), inverse_(model), impulse_(model), chart_(model) {
  resolveDefaultIntegrator();
  newtonTolerance_ = settingValue(options, kMinimalBackend, settings(), "newton-tolerance");
  newtonIterations_ = static_cast<int>(settingValue(options, kMinimalBackend, settings(), "newton-iterations"));
  riqnIterations_ = static_cast<int>(settingValue(options, kMinimalBackend, settings(), "riqn-iterations"));
  const int nq = model.nq;
  anderson_.resize(nq, static_cast<int>(settingValue(options, kMinimalBackend, settings(), "anderson-memory")));
  for (VectorX* x : {&step_, &vTrial_, &vBest_, &v_prev_, &p_plus_, &p_, &g_, &f_, &fTrial_, &v_, &dv_, &column_, &qNext_, &a_, &aNext_})
    *x = VectorX::Zero(nq);
  jacobian_ = MatrixX::Zero(nq, nq);
  lu_ = Eigen::PartialPivLU<MatrixX>(nq);
}

const IntegratorList& VariationalMinimalSolver::integratorList() {
  static const IntegratorList list = {
      {kVariationalMidpoint,
       "variational integrator in joint coordinates, midpoint discrete Lagrangian (lee-liu-park-srinivasa eq 1-3, "
       "forced eq 17), DRNEA residual and RIQN in O(n): symplectic, second order in q, energy oscillates in a "
       "band without drift"},
  };
  return list;
}

const SolverSettingList& VariationalMinimalSolver::settings() {
  static const SolverSettingList list = {
      {"newton-tolerance", kTolerance, "N m s or N s", 1e-15, 1e-4,
       "largest DEL residual (impulse per coordinate) at which Newton stops, times the largest momentum "
       "where that exceeds 1"},
      {"newton-iterations", static_cast<double>(kIterations), "iterations", 1, 1000,
       "dense Newton iterates before the step fails"},
      {"riqn-iterations", static_cast<double>(kRiqnIterations), "iterations", 0, 1000,
       "RIQN iterates (O(n) each) before the dense Newton takes over; 0: dense Newton only"},
      {"anderson-memory", static_cast<double>(kAndersonMemory), "steps", 0,
       static_cast<double>(variational_minimal::AndersonAcceleration::kMaxMemory),
       "past RIQN steps mixed into each iterate (Anderson acceleration); 0: plain RIQN"},
  };
  return list;
}

double VariationalMinimalSolver::estimateWorkspaceBytes(const Model& model, Integrator) {
  const double n = model.bodyCount(), nq = model.nq;
  constexpr double kPerBody = 6144.0;  // tree kinematics, forces, momenta, 6 x 6 pivots, the chart model, vectors
  return kPerBody * n + 8.0 * 2.0 * nq * nq;
}

SolverSupport VariationalMinimalSolver::supports(const Model& model, const SolverOptions& options) {
  SolverSupport support;
  const auto refuse = [&support](const std::string& reason) {
    support.ok = false;
    support.reason = reason;
    return support;
  };
  if (!options.integrator.isDefault() && !findOffered(integratorList(), options.integrator))
    return refuse(integratorRefusal(kMinimalBackend, options.integrator, integratorList()));
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    if (joint.hasLimits)
      return refuse("joint '" + joint.name + "' has limits: inequality constraints are not supported by " + kMinimalBackend);
    if (joint.driven) support.warnings.push_back("driven joint '" + joint.name + "' is treated as free");
  }
  if (!model.loops.empty())
    return refuse("loop closures are not supported by " + std::string(kMinimalBackend) + " yet (tree scenes only)");
  if (model.groundContact)
    return refuse("ground contact is an inequality constraint, not supported by " + std::string(kMinimalBackend));
  checkWorkspaceFits(kMinimalBackend, model, kVariationalMidpoint, support);
  return support;
}

bool VariationalMinimalSolver::readHistory(const State& state) {
  const StepHistory& history = state.history;
  const long nq = state.q.size();
  if (!history.valid || std::strcmp(history.owner, kMinimalBackend) != 0 || history.q.size() != nq ||
      history.qd.size() != 3 * nq)
    return false;
  if (history.q != state.q || history.qd.head(nq) != state.qd) return false;
  p_plus_ = history.qd.segment(nq, nq);
  v_prev_ = history.qd.tail(nq);
  return true;
}

// The chart centred at q_k (group_chart.hpp); p^+_k from history, else the start rule
// p^+_k = M(q) qd in the chart (header).
void VariationalMinimalSolver::beginStep(const Model& model, const State& state, double h) {
  h_ = h;
  variational_minimal::centreChart(model, state.q, chart_, a_);
  if (!readHistory(state)) {
    variational_minimal::chartVelocity(model, state.q, state.qd, chart_, v_prev_);
    discreteMomenta(chart_.model, a_, v_prev_, 0.0, forceInputs(state), ws_, p_plus_, g_);  // p = M(q) qd
  }
}

void VariationalMinimalSolver::solveMass(const Model& model, const VectorX& q, const VectorX& b, VectorX& x) {
  computeKinematics(model, q, VectorX::Zero(model.nq), ws_.kin);
  if (x.size() != model.nq) x.resize(model.nq);
  variational_minimal::solveMass(model, ws_.kin, b, impulse_, x);
}

void VariationalMinimalSolver::massMatrix(const Model& model, const VectorX& q) {
  for (int j = 0; j < model.nq; ++j) {  // M e_j = p at h = 0
    dv_.setZero();
    dv_[j] = 1.0;
    discreteMomenta(model, q, dv_, 0.0, passiveInputs(), ws_, column_, fTrial_);
    jacobian_.col(j) = column_;
  }
}

// f(v) = p^+_k + [D1 L_d + f^-](a_k, a_k + h v) = p^+_k - p + g in the chart of the step.
void VariationalMinimalSolver::residual(const Model& model, const State& state, const VectorX& v, VectorX& f) {
  discreteMomenta(chart_.model, a_, v, h_, forceInputs(state), ws_, p_, g_);
  if (chart_.joints.empty()) {
    f = p_plus_ - p_ + g_;
    return;
  }
  variational_minimal::addGroupJointForces(model, ws_.q_m, ws_.v, h_, chart_, g_);
  f = p_plus_ - p_ + g_;
  variational_minimal::chartBackwardMomentum(model, p_plus_, v, h_, p_, g_, chart_, f);  // D1 of the group joints
}

void VariationalMinimalSolver::differenceJacobian(const Model& model, const State& state, const VectorX& v) {
  // central differences, error O(epsilon^2) + rounding / epsilon, about 1e-10 relative
  dv_ = v;
  for (int j = 0; j < v.size(); ++j) {
    const double epsilon = 1e-5 * (1.0 + std::abs(v[j]));
    dv_[j] = v[j] + epsilon;
    residual(model, state, dv_, column_);
    dv_[j] = v[j] - epsilon;
    residual(model, state, dv_, fTrial_);
    jacobian_.col(j) = (column_ - fTrial_) / (2.0 * epsilon);
    dv_[j] = v[j];
  }
}

StepStatus VariationalMinimalSolver::advanceMechanism(const Model& model, State& state, double h) {
  if (!(h > 0.0)) return failed(state, "time step " + messageNumber(h) + " s is not positive");
  beginStep(model, state, h);
  v_ = v_prev_;  // first guess: the last discrete velocity
  residual(model, state, v_, f_);
  double error = largestAbs(f_), norm = f_.norm();
  // relative to the momentum above 1 N m s: the rounding of a long chain's DRNEA sums grows with it
  const double tolerance = newtonTolerance_ * std::max(1.0, largestAbs(p_plus_));
  // RIQN (Alg 3): v += M(q_m)^-1 f on the poses of the last residual. Plain, while |f| falls by 20 %
  // or more; Anderson-mixed (anderson_acceleration.hpp), while |f| stays below kAndersonGrowth times
  // its first value: mixed iterates converge like GMRES residuals, not monotonically. Newton takes
  // over from the best iterate.
  riqnDone_ = newtonDone_ = 0;
  anderson_.restart();
  const double growthLimit = kAndersonGrowth * norm;
  double bestNorm = norm;
  vBest_ = v_;
  for (; error > tolerance && riqnDone_ < riqnIterations_; ++riqnDone_) {
    variational_minimal::solveMass(model, ws_.kin, f_, impulse_, step_);
    anderson_.next(v_, step_, vTrial_);
    residual(model, state, vTrial_, fTrial_);
    const double trialNorm = fTrial_.norm();
    if (!(trialNorm <= (anderson_.enabled() ? growthLimit : kRiqnDecrease * norm))) break;
    v_.swap(vTrial_);
    f_.swap(fTrial_);
    norm = trialNorm;
    error = largestAbs(f_);
    if (norm < bestNorm) bestNorm = norm, vBest_ = v_;
  }
  if (error > tolerance) {  // p_, g_ and f_ at the best iterate
    v_ = vBest_;
    residual(model, state, v_, f_);
    error = largestAbs(f_);
  }
  const auto newton = [&]() {
    for (; error > tolerance && newtonDone_ < newtonIterations_; ++newtonDone_) {
      differenceJacobian(model, state, v_);
      lu_.compute(jacobian_);
      step_.noalias() = lu_.solve(f_);
      // backtracking line search on |f| (12 halvings), the full step when it reduces |f|
      norm = f_.norm();
      double alpha = 1.0;
      for (int halving = 0; halving < 12; ++halving, alpha *= 0.5) {
        vTrial_ = v_ - alpha * step_;
        residual(model, state, vTrial_, f_);
        if (f_.norm() < norm) break;
      }
      v_.swap(vTrial_);  // the last trial (p_, g_, f_ belong to it)
      error = largestAbs(f_);
      if (!std::isfinite(error)) break;
    }
  };
  newton();
  if (!(error <= tolerance) && riqnDone_ > 0) {  // Newton again from the first guess, without RIQN
    v_ = v_prev_;
    residual(model, state, v_, f_);
    error = largestAbs(f_);
    newtonDone_ = 0;
    newton();
  }
  const int iterations = riqnDone_ + newtonDone_;
  if (!(error <= tolerance))
    return failed(state, "Newton did not converge: DEL residual " + messageNumber(error) + " (N m s) after " +
                             std::to_string(riqnDone_) + " RIQN and " + std::to_string(newtonDone_) +
                             " Newton iterations, tolerance " + messageNumber(tolerance));
  // a_{k+1} = a_k + h v, q_{k+1} by the group update; p^+_{k+1} = p + g of the last residual (at v),
  // moved to the chart centred at q_{k+1}; qd_{k+1} from M(q_{k+1})^-1 p^+_{k+1} in that chart
  const long nq = state.q.size();
  aNext_ = a_;
  aNext_.noalias() += h * v_;
  p_plus_ = p_ + g_;
  if (!chart_.joints.empty()) variational_minimal::recentreMomentum(model, aNext_, chart_, p_plus_);
  variational_minimal::groupUpdate(model, aNext_, chart_, qNext_);
  variational_minimal::centreChart(model, qNext_, chart_, a_);
  computeKinematics(chart_.model, a_, v_, ws_.kin);  // the poses at q_{k+1} for the O(n) solve
  variational_minimal::solveMass(chart_.model, ws_.kin, p_plus_, impulse_, column_);
  variational_minimal::coordinateVelocity(model, qNext_, column_, chart_, aNext_);  // aNext_: qd_{k+1}
  if (state.qdd.size() != nq) state.qdd.resize(nq);
  state.qdd = (aNext_ - state.qd) / h;
  state.q = qNext_;
  state.qd = aNext_;
  StepHistory& history = state.history;
  if (history.q.size() != nq) history.q.resize(nq);
  if (history.qd.size() != 3 * nq) history.qd.resize(3 * nq);
  history.valid = true;
  history.owner = kMinimalBackend;
  history.q = state.q;
  history.qd << state.qd, p_plus_, v_;
  computeKinematics(model, state.q, state.qd, ws_.kin);
  copyWorldMotion(ws_.kin, state.E_0i, state.phi);
  state.outputs.iterations = iterations;
  state.outputs.residual = error;
  state.outputs.contactCount = 0;
  if (state.outputs.multipliers.size() != 0) state.outputs.multipliers.resize(0);
  state.t += h;
  ++state.step;
  return {};
}

void VariationalMinimalSolver::forwardDynamics(const Model& model, const State& state, VectorX& qdd) {
  const int nq = model.nq;
  qdd = VectorX::Zero(nq);
  massMatrix(model, state.q);
  computeKinematics(model, state.q, state.qd, ws_.kin);
  generalizedForce(model, ws_.kin, state.q, state.qd, forceInputs(state), inverse_, f_);
  lu_.compute(jacobian_);
  qdd = lu_.solve(f_);
}

StepStatus VariationalMinimalSolver::failed(const State& state, const std::string& what) const {
  return {false, std::string(kMinimalBackend) + ": " + what + " at step " + std::to_string(state.step) + " (t = " +
                     messageNumber(state.t) + " s)"};
}

}  // namespace articulab
