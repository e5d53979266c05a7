#include "engine/solvers/variational_minimal/variational_minimal_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "engine/multibody/step_clock.hpp"
#include "engine/solvers/step_message_numbers.hpp"
#include "engine/solvers/workspace_budget.hpp"
#include "engine/solvers/variational_minimal/group_chart.hpp"

namespace articulab {

using variational_minimal::discreteMomenta;

namespace {

constexpr const char* kMinimalBackend = "variational-minimal";
constexpr double kRiqnDecrease = 0.8;      // |f| of an accepted plain RIQN iterate over the last one
constexpr double kAndersonGrowth = 100.0;  // largest |f| of a mixed iterate over the step's first
constexpr double kClosurePivot = 1e-10;     // relative pivot below which a closure row is redundant (redmax_loops)

}  // namespace

VariationalMinimalSolver::VariationalMinimalSolver(const Model& model, const SolverOptions& options)
    : VariationalMinimalSolver(model, options, variationalMinimalSettingTable().read(options.settings)) {}

VariationalMinimalSolver::VariationalMinimalSolver(const Model& model, const SolverOptions& options,
                                                   const VariationalMinimalSettings& settings)
    : Solver(options), ws_(model), wsDerivative_(model), inverse_(model), impulse_(model), chart_(model), kinLoop_(model) {
  resolveDefaultIntegrator();
  newtonTolerance_ = settings.newtonTolerance;
  substepRotation_ = settings.substepRotation;
  newtonIterations_ = settings.newtonIterations;
  riqnIterations_ = settings.riqnIterations;
  // The exact Newton (Alg 4) from the first guess.
  if (settings.solver == VariationalMinimalSettings::kNewton) riqnIterations_ = 0;
  const int nq = model.nq;
  anderson_.resize(nq, settings.andersonMemory);
  for (VectorX* x : {&qStart_, &qdStart_, &step_, &vTrial_, &vBest_, &v_prev_, &p_plus_, &p_, &g_, &f_, &fTrial_, &v_, &dv_, &column_, &qNext_, &a_, &aNext_})
    *x = VectorX::Zero(nq);
  jacobian_ = MatrixX::Zero(nq, nq);
  lu_ = Eigen::PartialPivLU<MatrixX>(nq);
  k_ = variational_minimal::closureRowCount(model);
  Gk_ = MatrixX::Zero(k_, nq);
  Gn_ = MatrixX::Zero(k_, nq);
  Y_ = MatrixX::Zero(nq, k_);
  S_ = MatrixX::Zero(k_, k_);
  kkt_ = MatrixX::Zero(nq + k_, nq + k_);
  for (VectorX* x : {&gap_, &mu_, &muTrial_, &muPrev_, &dmu_, &schurRhs_, &schurWork_}) *x = VectorX::Zero(k_);
  for (VectorX* x : {&rhsK_, &workK_, &stepK_}) *x = VectorX::Zero(nq + k_);
  schur_ = Eigen::FullPivLU<MatrixX>(k_, k_);
  schur_.setThreshold(kClosurePivot);
  kktLu_ = Eigen::FullPivLU<MatrixX>(nq + k_, nq + k_);
  kktLu_.setThreshold(kClosurePivot);
}

const IntegratorList& VariationalMinimalSolver::integratorList() {
  static const IntegratorList list = {
      {kVariationalMidpoint,
       "variational integrator in joint coordinates, midpoint discrete Lagrangian (lee-liu-park-srinivasa eq 1-3, "
       "forced eq 17), DRNEA residual and RIQN in O(n), split into substeps where a body turns more than "
       "substep-rotation per step: symplectic, second order in q, energy in a band without drift"},
  };
  return list;
}

double VariationalMinimalSolver::estimateWorkspaceBytes(const Model& model, Integrator) {
  const double n = model.bodyCount(), nq = model.nq, k = variational_minimal::closureRowCount(model);
  constexpr double kPerBody = 6144.0;  // tree kinematics, forces, momenta, 6 x 6 pivots, the chart model, vectors
  // loops: a second tree kinematics, G_k, G_{k+1}, M^-1 G^T (k x nq each), the k x k Schur
  // complement and the dense KKT matrix of the Newton fallback with its LU
  const double loops = k > 0 ? 2048.0 * n + 8.0 * (3.0 * k * nq + 2.0 * k * k + 2.0 * (nq + k) * (nq + k)) : 0.0;
  return kPerBody * n + 8.0 * 2.0 * nq * nq + loops;
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
    if (joint.armature != 0.0 && variational_minimal::isGroupJoint(joint))
      return refuse("joint '" + joint.name + "' has armature on a " + jointTypeName(joint) +
                    " joint, stepped in its group chart: " + kMinimalBackend + " carries armature on coordinate joints only");
  }
  if (!model.loops.empty())
    support.notes.push_back(std::to_string(variational_minimal::closureRowCount(model)) +
                            " loop-closure rows held at position level, g(q_{k+1}) = 0, by the constrained DEL "
                            "(multipliers by a k x k Schur complement; redundant rows carry none)");
  if (model.groundContact)
    return refuse("ground contact is an inequality constraint, not supported by " + std::string(kMinimalBackend));
  checkWorkspaceFits(kMinimalBackend, model, kVariationalMidpoint, support);
  return support;
}

bool VariationalMinimalSolver::historyMatches(const State& state) const {
  const StepHistory& history = state.history;
  const long nq = state.q.size();
  return history.valid && std::strcmp(history.owner, kMinimalBackend) == 0 && history.q.size() == nq &&
         history.qd.size() == historySize(nq) && history.q == state.q && history.qd.head(nq) == state.qd;
}

bool VariationalMinimalSolver::readHistory(const State& state) {
  const StepHistory& history = state.history;
  const long nq = state.q.size();
  if (!historyMatches(state)) return false;
  p_plus_ = history.qd.segment(nq, nq);
  v_prev_ = history.qd.segment(2 * nq, nq);
  muPrev_ = history.qd.segment(3 * nq, k_);
  anderson_.load(history.qd.data() + 3 * nq + k_);
  return true;
}

// First guess of v_{k+1} from history: the line through v_k (the discrete velocity of the last
// step, at t_k - h/2) and qd_k (the discrete Legendre velocity at t_k), evaluated at t_k + h/2:
// v = 2 qd_k - v_k, error O(h^2 qddd) against the constant guess v_k's O(h qdd) (lee-liu-park-
// srinivasa section 3.3 offers only first-order guesses). Both are in the chart centred at q_k.
void VariationalMinimalSolver::extrapolateFirstGuess(const Model& model, const State& state) {
  variational_minimal::chartVelocity(model, state.q, state.qd, chart_, dv_);
  v_prev_ = 2.0 * dv_ - v_prev_;
}

// The chart centred at q_k (group_chart.hpp); p^+_k from history, else the start rule
// p^+_k = M(q) qd in the chart (header).
void VariationalMinimalSolver::beginStep(const Model& model, const State& state, double h) {
  h_ = h;
  variational_minimal::centreChart(model, state.q, chart_, a_);
  if (!readHistory(state)) {
    variational_minimal::chartVelocity(model, state.q, state.qd, chart_, v_prev_);
    discreteMomenta(chart_.model, a_, v_prev_, 0.0, forceInputs(state), ws_, p_plus_, g_);  // p = M(q) qd
    muPrev_.setZero();
    anderson_.restart();
  } else {
    extrapolateFirstGuess(model, state);
  }
  if (k_ == 0) return;
  computeKinematics(chart_.model, a_, v_prev_, kinLoop_);  // G(a_k): the constraint force's rows at q_k
  variational_minimal::closureRows(chart_.model, kinLoop_, gap_, Gk_);
}

double VariationalMinimalSolver::constrainedResidual(const Model& model, const State& state, const VectorX& v,
                                                     const VectorX& mu, double tolerance) {
  residual(model, state, v, f_);
  f_.noalias() += Gk_.transpose() * mu;
  aNext_ = a_;
  aNext_.noalias() += h_ * v;
  computeKinematics(chart_.model, aNext_, v, kinLoop_);
  variational_minimal::closureRows(chart_.model, kinLoop_, gap_, Gn_);
  return std::hypot(f_.norm() / tolerance, gap_.norm() / kClosureTolerance);
}

// The constrained DEL (header) for (v, mu): F = f(v) + G_k^T mu = 0, c = g(a_k + h v) / h = 0.
// Quasi-Newton with df/dv ~ -M(q_m) (RIQN, Alg 3) on the KKT system
//   [-M G_k^T; G_{k+1} 0] [dv; dmu] = -[F; c]:
//   x = M^-1 F, Y = M^-1 G_k^T (k impulse solves with M of the first guess, once per step),
//   (G_{k+1} Y) dmu = -c - G_{k+1} x,
//   dv = x + Y dmu,
// accepted while the merit falls by 20 %; then Newton on the same system with the
// central-difference df/dv (dense (nq + k) LU), from the best iterate and then from the first guess.
void VariationalMinimalSolver::solveConstrained(const Model& model, const State& state, double tolerance,
                                                double& error, double& gapError) {
  const int nq = model.nq;
  const auto converged = [&]() { return error <= tolerance && gapError <= kClosureTolerance; };
  double merit = 0.0;
  const auto evaluate = [&](const VectorX& v, const VectorX& mu) {
    merit = constrainedResidual(model, state, v, mu, tolerance);
    error = largestAbs(f_);
    gapError = largestAbs(gap_);
  };
  v_ = v_prev_;
  mu_ = muPrev_;
  evaluate(v_, mu_);
  for (; !converged() && riqnDone_ < riqnIterations_; ++riqnDone_) {
    checkCancel();
    // M(q_m) of the first guess (ws_.kin after its residual), factored once: Y = M^-1 G_k^T once
    if (riqnDone_ == 0) {
      variational_minimal::factorMass(model, ws_.kin, impulse_);
      for (int r = 0; r < k_; ++r) {
        column_ = Gk_.row(r).transpose();
        variational_minimal::solveFactoredMass(model, column_, impulse_, dv_);
        Y_.col(r) = dv_;
      }
    }
    variational_minimal::solveFactoredMass(model, f_, impulse_, step_);
    S_.noalias() = Gn_ * Y_;
    schurRhs_ = -gap_ / h_;
    schurRhs_.noalias() -= Gn_ * step_;
    schur_.compute(S_);
    variational_minimal::solveRankRevealing(schur_, S_, schurRhs_, schurWork_, dmu_);
    step_.noalias() += Y_ * dmu_;
    vTrial_ = v_ + step_;
    muTrial_ = mu_ + dmu_;
    const double last = merit;
    evaluate(vTrial_, muTrial_);
    if (!(merit <= kRiqnDecrease * last)) {  // back to the last iterate, Newton takes over
      evaluate(v_, mu_);
      break;
    }
    v_.swap(vTrial_);
    mu_.swap(muTrial_);
  }
  const auto newton = [&]() {
    for (; !converged() && newtonDone_ < newtonIterations_; ++newtonDone_) {
      checkCancel();
      exactJacobian(model, state, v_);  // df/dv; gap_ and Gn_ stay those of (v_, mu_)
      kkt_.topLeftCorner(nq, nq) = jacobian_;
      kkt_.topRightCorner(nq, k_) = Gk_.transpose();
      kkt_.bottomLeftCorner(k_, nq) = Gn_;
      kkt_.bottomRightCorner(k_, k_).setZero();
      rhsK_.head(nq) = f_;
      rhsK_.tail(k_) = gap_ / h_;
      kktLu_.compute(kkt_);
      variational_minimal::solveRankRevealing(kktLu_, kkt_, rhsK_, workK_, stepK_);
      const double last = merit;
      double alpha = 1.0;
      for (int halving = 0; halving < 12; ++halving, alpha *= 0.5) {
        vTrial_ = v_ - alpha * stepK_.head(nq);
        muTrial_ = mu_ - alpha * stepK_.tail(k_);
        evaluate(vTrial_, muTrial_);
        if (merit < last) break;
      }
      v_.swap(vTrial_);  // the last trial (p_, g_, f_, gap_ belong to it)
      mu_.swap(muTrial_);
      if (!std::isfinite(merit)) break;
    }
  };
  newton();
  if (!converged() && riqnDone_ > 0) {  // Newton again from the first guess, without RIQN
    v_ = v_prev_;
    mu_ = muPrev_;
    evaluate(v_, mu_);
    newtonDone_ = 0;
    newton();
  }
}

// RATTLE's projection of the discrete Legendre transform onto the constraint's cotangent space
// (marsden-west 3.5, the constrained DLTs): p^+_{k+1} + G(q_{k+1})^T dmu with
// G(q_{k+1}) M(q_{k+1})^-1 p^+_{k+1} = 0, so that qd_{k+1} meets the velocity closure. The q-path
// is unchanged: the next step's multiplier acts along the same rows G(q_{k+1})^T.
void VariationalMinimalSolver::projectMomentum(const Model& model, VectorX& qd) {
  variational_minimal::closureRows(chart_.model, ws_.kin, gap_, Gk_);  // gap_: the closure at q_{k+1}
  for (int r = 0; r < k_; ++r) {
    step_ = Gk_.row(r).transpose();
    variational_minimal::solveFactoredMass(model, step_, impulse_, dv_);  // M(q_{k+1}), factored by finishStep
    Y_.col(r) = dv_;
  }
  S_.noalias() = Gk_ * Y_;
  schurRhs_.setZero();
  schurRhs_.noalias() -= Gk_ * qd;  // -(G qd) would evaluate the product into a temporary
  schur_.compute(S_);
  variational_minimal::solveRankRevealing(schur_, S_, schurRhs_, schurWork_, dmu_);
  qd.noalias() += Y_ * dmu_;
  p_plus_.noalias() += Gk_.transpose() * dmu_;
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

// Alg 4: one tangent pass of DRNEA per exact column at the point v (discrete_rnea.hpp), the
// columns it does not cover by central differences. f = p^+_k - p + g, so df/dv = d(-p + g)/dv.
// Leaves f_ at f(v) (the Newton loops read it).
int VariationalMinimalSolver::exactJacobian(const Model& model, const State& state, const VectorX& v) {
  const bool forces = chart_.joints.empty() && variational_minimal::exactDrneaForces(model, forceInputs(state));
  int exact = 0;
  for (int j = 0; j < v.size(); ++j) {
    if (forces && variational_minimal::exactDrneaColumn(chart_.model, ws_.kin, j)) continue;
    const double epsilon = 1e-5 * (1.0 + std::abs(v[j]));
    dv_ = v;
    dv_[j] = v[j] + epsilon;
    residual(model, state, dv_, column_);
    dv_[j] = v[j] - epsilon;
    residual(model, state, dv_, fTrial_);
    jacobian_.col(j) = (column_ - fTrial_) / (2.0 * epsilon);
  }
  residual(model, state, v, fTrial_);  // ws_ at v for the tangent passes; fTrial_ = f(v)
  if (!forces) return 0;
  for (int j = 0; j < v.size(); ++j) {
    if (!variational_minimal::exactDrneaColumn(chart_.model, ws_.kin, j)) continue;
    variational_minimal::discreteMomentaColumn(chart_.model, j, h_, ws_, wsDerivative_, column_);
    jacobian_.col(j) = column_;
    ++exact;
  }
  return exact;
}

// Substeps (header): m = 1, 2, 4, ... so that the fastest body turns at most substepRotation_ per
// substep at the step's start, each substep one DEL step of h / m; a substep whose solve fails is
// halved, down to h / kMaxSubsteps. The clock and qdd span the whole step.
StepStatus VariationalMinimalSolver::advanceMechanism(const Model& model, State& state, double h) {
  if (!(h > 0.0)) return failed(state, "time step " + messageNumber(h) + " s is not positive");
  constexpr int kFinest = VariationalMinimalSettings::kMaxSubsteps;
  qStart_ = state.q;
  qdStart_ = state.qd;
  const double fastest = fastestRotationRate(model, state);
  // substep length in units of h / kFinest (a power of two: exact), never longer than the last step's
  int units = kFinest / lastSubsteps(state);
  while (units > 1 && substepRotation_ > 0.0 && h * units / kFinest * fastest > substepRotation_) units /= 2;
  StepStatus status;
  for (int done = 0; done < kFinest;) {
    status = advanceDel(model, state, h * units / kFinest);
    if (status.ok) {
      done += units;
    } else if (units > 1) {
      units /= 2;
    } else {
      break;
    }
  }
  state.outputs.iterations = totalIterations_;
  totalIterations_ = 0;
  if (!status.ok) {  // back to the step's start: the partial substeps are not a state of the run
    state.q = qStart_;
    state.qd = qdStart_;
    state.history.valid = false;
    computeKinematics(model, state.q, state.qd, ws_.kin);
    copyWorldMotion(ws_.kin, state.E_0i, state.phi);
    status.message += "; the DEL equation has no root near the first guess even at the finest substep h / " +
                      std::to_string(kFinest) + " = " + messageNumber(h / kFinest) +
                      " s: the step is too large for the fastest motion (a body turns at " +
                      messageNumber(fastest) + " rad/s at the step's start); a smaller dt resolves it";
    return status;
  }
  state.history.qd[state.history.qd.size() - 1] = kFinest / units;  // the substeps the next step keeps
  state.qdd = (state.qd - qdStart_) / h;
  advanceClock(state, h);
  return status;
}

// The substep count m of the last step from history (its last entry), 1 without history: m only
// grows along a trajectory (header, "Substeps").
int VariationalMinimalSolver::lastSubsteps(const State& state) const {
  if (!historyMatches(state)) return 1;
  const double m = state.history.qd[historySize(state.q.size()) - 1];
  return m >= 1.0 && m <= VariationalMinimalSettings::kMaxSubsteps ? static_cast<int>(m) : 1;
}

double VariationalMinimalSolver::fastestRotationRate(const Model& model, const State& state) {
  computeKinematics(model, state.q, state.qd, kinLoop_);
  double fastest = 0.0;
  for (const BodyKinematics& body : kinLoop_.bodies) fastest = std::max(fastest, body.phi.head<3>().norm());
  return fastest;
}

// One DEL step of length h from the state (header).
StepStatus VariationalMinimalSolver::advanceDel(const Model& model, State& state, double h) {
  beginStep(model, state, h);
  // relative to the momentum above 1 N m s: the rounding of a long chain's DRNEA sums grows with it
  const double tolerance = newtonTolerance_ * std::max(1.0, largestAbs(p_plus_));
  riqnDone_ = newtonDone_ = 0;
  if (k_ > 0) {
    double error = 0.0, gapError = 0.0;
    solveConstrained(model, state, tolerance, error, gapError);
    if (!(error <= tolerance && gapError <= kClosureTolerance))
      return failed(state, "Newton did not converge: DEL residual " + messageNumber(error) +
                               " (N m s), loop-closure gap " + messageNumber(gapError) + " (m) after " +
                               std::to_string(riqnDone_) + " RIQN and " + std::to_string(newtonDone_) +
                               " Newton iterations, tolerances " + messageNumber(tolerance) + " and " +
                               messageNumber(kClosureTolerance));
    finishStep(model, state, h, error);
    return {};
  }
  v_ = v_prev_;  // first guess: the last discrete velocity
  residual(model, state, v_, f_);
  double error = largestAbs(f_), norm = f_.norm();
  // RIQN (Alg 3): v += M(q_m)^-1 f on the poses of the last residual. Plain, while |f| falls by 20 %
  // or more; Anderson-mixed (anderson_acceleration.hpp), while |f| stays below kAndersonGrowth times
  // its first value: mixed iterates converge like GMRES residuals, not monotonically. Newton takes
  // over from the best iterate.
  anderson_.beginNewProblem();  // the last steps' secant pairs (history) correct -M^-1 from the start
  const double growthLimit = kAndersonGrowth * norm;
  double bestNorm = norm;
  vBest_ = v_;
  for (; error > tolerance && riqnDone_ < riqnIterations_; ++riqnDone_) {
    if (riqnDone_ == 0) variational_minimal::factorMass(model, ws_.kin, impulse_);  // M(q_m) of the first guess
    variational_minimal::solveFactoredMass(model, f_, impulse_, step_);
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
      exactJacobian(model, state, v_);
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
  if (!(error <= tolerance))
    return failed(state, "Newton did not converge: DEL residual " + messageNumber(error) + " (N m s) after " +
                             std::to_string(riqnDone_) + " RIQN and " + std::to_string(newtonDone_) +
                             " Newton iterations, tolerance " + messageNumber(tolerance));
  finishStep(model, state, h, error);
  return {};
}

void VariationalMinimalSolver::finishStep(const Model& model, State& state, double h, double error) {
  totalIterations_ += riqnDone_ + newtonDone_;
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
  if (k_ > 0) projectMomentum(model, column_);  // RATTLE: qd_{k+1} on the velocity closure
  variational_minimal::coordinateVelocity(model, qNext_, column_, chart_, aNext_);  // aNext_: qd_{k+1}
  if (state.qdd.size() != nq) state.qdd.resize(nq);
  state.q = qNext_;
  state.qd = aNext_;
  StepHistory& history = state.history;
  if (history.q.size() != nq) history.q.resize(nq);
  if (newtonDone_ > 0) anderson_.restart();  // pairs of a failed RIQN run are not kept
  if (history.qd.size() != historySize(nq)) {
    history.qd.resize(historySize(nq));
    history.qd[historySize(nq) - 1] = 1.0;  // the substep count, set by advanceMechanism
  }
  history.valid = true;
  history.owner = kMinimalBackend;
  history.q = state.q;
  history.qd.head(3 * nq + k_) << state.qd, p_plus_, v_, mu_;
  anderson_.save(history.qd.data() + 3 * nq + k_);
  computeKinematics(model, state.q, state.qd, ws_.kin);
  copyWorldMotion(ws_.kin, state.E_0i, state.phi);
  state.outputs.residual = error;
  state.outputs.contactCount = 0;
  if (state.outputs.multipliers.size() != k_) state.outputs.multipliers.resize(k_);
  state.outputs.multipliers = mu_ / h;  // lambda, the closure forces (N or N m) over the (sub)step
}

void VariationalMinimalSolver::forwardDynamics(const Model& model, const State& state, VectorX& qdd) {
  const int nq = model.nq;
  qdd = VectorX::Zero(nq);
  massMatrix(model, state.q);
  computeKinematics(model, state.q, state.qd, ws_.kin);
  generalizedForce(model, ws_.kin, state.q, state.qd, forceInputs(state), inverse_, f_);
  lu_.compute(jacobian_);
  qdd = lu_.solve(f_);
  if (k_ == 0) return;
  // Loops: qdd += M^-1 G^T lambda with G qdd = -Gdot qd (sueda eq 2.100), Gdot qd by central
  // differences of G along qd; redundant rows carry no lambda.
  const double epsilon = 1e-6 / std::max(1.0, state.qd.norm());
  VectorX q = state.q + epsilon * state.qd;
  computeKinematics(model, q, state.qd, kinLoop_);
  variational_minimal::closureRows(model, kinLoop_, gap_, Gn_);
  const VectorX rateAhead = Gn_ * state.qd;
  q = state.q - epsilon * state.qd;
  computeKinematics(model, q, state.qd, kinLoop_);
  variational_minimal::closureRows(model, kinLoop_, gap_, Gn_);
  const VectorX bias = (rateAhead - Gn_ * state.qd) / (2.0 * epsilon);  // Gdot qd
  computeKinematics(model, state.q, state.qd, kinLoop_);
  variational_minimal::closureRows(model, kinLoop_, gap_, Gk_);
  Y_ = lu_.solve(Gk_.transpose());
  S_.noalias() = Gk_ * Y_;
  schurRhs_ = -bias;
  schurRhs_.noalias() -= Gk_ * qdd;
  schur_.compute(S_);
  variational_minimal::solveRankRevealing(schur_, S_, schurRhs_, schurWork_, dmu_);
  qdd.noalias() += Y_ * dmu_;
}

StepStatus VariationalMinimalSolver::failed(const State& state, const std::string& what) const {
  return {false, std::string(kMinimalBackend) + ": " + what + " at step " + std::to_string(state.step) + " (t = " +
                     messageNumber(state.t) + " s)"};
}

}  // namespace articulab
