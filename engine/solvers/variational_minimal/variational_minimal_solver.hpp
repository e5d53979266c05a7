// Variational integrator in joint coordinates (lee-liu-park-srinivasa sections 2-3): the forced
// DEL equation (eq 3, 17) of the midpoint discrete Lagrangian (discrete_rnea.hpp), solved per step
// for v = (q_{k+1} - q_k) / h with the residual from DRNEA (Alg 2, O(n)): first by RIQN (Alg 3:
// J ~ -M(q_m), the update v += M^-1 f by the O(n) impulse-based recursion, impulse_dynamics.hpp;
// M is factored at the q_m of the first guess and kept for the step's later iterates, a chord
// quasi-Newton: q_m moves by h/2 dv between iterates, so M changes by O(h |dv|), the iterates per
// step stay the same to 2 % and a step costs about 18 % fewer instructions, docs/performance.md)
// with Anderson mixing of the last 5 updates, kept from step to step
// (anderson_acceleration.hpp; O(n) per iterate, and
// the count stays bounded on long chains where plain RIQN stalls or diverges, docs/performance.md);
// then, if needed, by Newton (Alg 1) with the dense
// Jacobian df/dv of Alg 4 (discrete_rnea.hpp: one O(n) tangent pass of DRNEA per column, O(n^2),
// plus one LU, O(n^3)) and a backtracking line search on |f|, from RIQN's last iterate and, if that
// fails, from the first guess. The Jacobian is exact for the columns of joints with a constant
// motion subspace (revolute, prismatic) under gravity and joint springs/dampers; the columns of
// joints with a q-dependent S (universal, spherical_xzx, planar, free2d, composite, the general
// scleronomic joints: their d2S/dq2 is not evaluated, AD gives first derivatives only) and the
// whole Jacobian under force elements, muscles, the mouse spring or group joints (spherical_exp,
// free3d: chart terms) are central differences (2 residuals per column).
// Setting `solver` (0 riqn, the default | 1 newton): 1 skips RIQN and runs this Newton from the
// first guess, for comparison with the paper's Table 1; RIQN stays the default because its
// iterate is O(n) against Newton's O(n^2) Jacobian and O(n^3) LU (the paper: 3.8 times faster at
// 10 DOF, 53 times at 100 DOF; docs/performance.md for ours).
//   f(v) = p^+_k + [D1 L_d + f^-](a_k, a_k + h v) = 0,   p^+_k = [D2 L_d + f^+](a_{k-1}, a_k),
// in the step's chart a (group_chart.hpp): the joint coordinates, except for spherical_exp and
// free3d joints, which are moved on SO(3) / SE(3) by Q_{k+1} = Q_k exp(h v) (free3d: exp(h v_w)
// trans(h v_t)) and whose momentum is carried from chart to chart as S(h v)^-T p.
// Joints: every joint with a coordinate parametrisation (fixed, revolute, prismatic, planar,
// translational, universal, spherical_xzx, composite, free2d and the general scleronomic joints:
// surface_surface, curve/surface point, spline curve and surface; their dS/dq from evaluateJoint,
// AD for the general ones, discrete_rnea.hpp) and spherical_exp and free3d by the group update.
// Refused: joint limits and ground contact; driven joints run free (warned).
//
// Loop closures (Model::loops, k rows g(q) = 0: engine/constraints/loop_residual, its exact
// Jacobian G = dg/dq along the two tree paths, closure_rows.hpp). Derivation: the constrained
// discrete variational principle (marsden-west "Discrete mechanics and variational integrators"
// 3.5, constrained DEL) makes the action sum stationary over q_k on N = {g = 0}, i.e. the augmented
// sum  sum_k [L_d(q_k, q_{k+1}) + lambda_k^T g(q_k) h]  with forcing as in the paper's eq 17:
//   D2 L_d(q_{k-1}, q_k) + f^+_{k-1} + D1 L_d(q_k, q_{k+1}) + f^-_k + h G(q_k)^T lambda_k = 0,
//   g(q_{k+1}) = 0,
// so, with f(v) of the header and mu = h lambda (an impulse), the step solves for (v, mu)
//   F = f(v) + G(q_k)^T mu = 0,   c = g(q_k + h v) / h = 0         (SHAKE in q; G at q_k is fixed)
// (k constraint rows at the known node q_k: the variation delta q_k is tangent to N there). The
// read-out is RATTLE's constrained discrete Legendre transform (marsden-west 3.5.3): p^+_{k+1} =
// [D2 L_d + f^+](q_k, q_{k+1}) + G(q_{k+1})^T nu with G(q_{k+1}) M(q_{k+1})^-1 p^+_{k+1} = 0, so
// qd_{k+1} lies on the velocity closure; nu acts along the rows the next step's mu acts on, so the
// q-path is SHAKE's and the map (q_k, p_k) -> (q_{k+1}, p_{k+1}) is symplectic on T*N.
// Solve: RIQN on the KKT system, df/dv ~ -M(q_m) (Alg 3):
//   [-M G_k^T; G_{k+1} 0] [dv; dmu] = -[F; c],   x = M^-1 F,  Y = M^-1 G_k^T (k O(n) impulse solves
//   with M of the first guess, once per step), (G_{k+1} Y) dmu = -c - G_{k+1} x,   dv = x + Y dmu:
//   O(n + k^2 n) + O(k^3) per iterate (k x k Schur
// complement, full-pivot LU; rows past its numerical rank, e.g. a planar loop's out-of-plane row,
// get no multiplier, as in redmax_loops). Accepted while |(|F| / tol, |g| / kClosureTolerance)|
// falls by 20 % (no Anderson mixing on loops); then Newton on the (nq + k) KKT matrix with the
// central-difference df/dv and a line search on that merit. A step stops only when max |F| <= tol
// and max |g(q_{k+1})| <= kClosureTolerance (1e-12 m): the closure is held without stabilisation.
//
// State after a step: q = q_{k+1} and qd = M(q_{k+1})^-1 p^+_{k+1} (O(n) impulse solve), the velocity of the discrete
// Legendre transform p^+_{k+1} = [D2 L_d + f^+](q_k, q_{k+1}) (matched to the continuous
// p = M qdot at the start), so q, qd and the energy read from the state are second order;
// qdd = (qd_{k+1} - qd_k) / h.
// Start rule from a state's (q, qd) (a new state, another back-end, an edit): p^+_k = M(q) qd
// (in the chart: qd of a group joint becomes its body twist S(q) qd),
// the continuous momentum (not q_{k-1} = q - h qd, which puts an O(h) error (h/2) M qdd into the
// momentum and makes the run first order). The first guess is then v = qd; from history it is
// v = 2 qd_k - v_k, the line through the last discrete velocity (t_k - h/2) and the Legendre
// velocity qd_k (t_k) at t_k + h/2: second order, where the paper's guesses (section 3.3) are
// first order; over 10 s of RC100 it saves 2.5 to 3 iterates per step (docs/performance.md).
// Substeps (issue 30; docs/backends.md, "Long runs of variational-minimal"): a step of h is m DEL
// steps of h / m, m = 1, 2, 4, ... 64 the least with (h / m) max_i |omega_i| <= substep-rotation
// at the step's start and not below the last step's m (history), and a substep whose solve fails
// is halved (down to h / 64). Each substep is the DEL map of the midpoint L_d at h / m, symplectic,
// and the p^+ it leaves is that map's discrete Legendre transform, the next substep's start: a
// step is a composition of symplectic maps. m only grows along a trajectory: a rule that also
// let m fall again switched between the maps of h and h / 2 at every whip, and each switch moved
// the energy (chain n = 20, 30 s: -1.9 % at 0.05 rad, -6.2 % at 0.1 rad); growing only, a run
// switches at most 6 times and then is the fixed-step method of h / m. Why: at 1 ms the midpoint rule is past its resolution when a
// chain whips (chain n = 20: the energy steps down by 1-2 J at each whip and then wanders, the DEL
// root disappears at 273.861 s; spherical_chain: at 8.135 s), and no tolerance fixes that; the
// measurements are in docs/backends.md.
// History (State::history, owner "variational-minimal"): q = q_{k+1}, qd = [qd_{k+1}; p^+_{k+1};
// v; mu; Anderson's pairs; m] (p^+ and v in the chart centred at q_{k+1}, which is a function of
// q_{k+1} alone; mu the k closure impulses, the next first guess; the pairs, 2 + 2 m nq numbers,
// the next step mixes with, dropped after a Newton fallback). Used when q and qd_{k+1} equal the state's bitwise; a solver recreated every step then
// continues the trajectory bitwise (its p^+ is carried, not recomputed from qd).
#pragma once

#include <Eigen/LU>
#include <string>
#include <vector>

#include "engine/algorithm/inverse_dynamics.hpp"
#include "engine/solvers/solver.hpp"
#include "engine/solvers/variational_minimal/anderson_acceleration.hpp"
#include "engine/solvers/variational_minimal/closure_rows.hpp"
#include "engine/solvers/variational_minimal/discrete_rnea.hpp"
#include "engine/solvers/variational_minimal/group_chart.hpp"
#include "engine/solvers/variational_minimal/impulse_dynamics.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_settings.hpp"

namespace articulab {

class VariationalMinimalSolver final : public Solver {
 public:
  static constexpr Integrator kVariationalMidpoint{"variational-midpoint"};
  // largest loop-closure gap |g(q_{k+1})| at which a step with loops may stop, m (or rad for the
  // hinge rows); the closure is held by the solve itself, without stabilisation
  static constexpr double kClosureTolerance = 1e-12;

  VariationalMinimalSolver(const Model& model, const SolverOptions& options);
  const char* name() const override { return "variational-minimal"; }
  static SolverSupport supports(const Model& model, const SolverOptions& options);
  static const IntegratorList& integratorList();
  const IntegratorList& integrators() const override { return integratorList(); }
  // O(nq^2): the dense Jacobian and its LU, plus O(n) tree workspace.
  static double estimateWorkspaceBytes(const Model& model, Integrator integrator);

  StepStatus advanceMechanism(const Model& model, State& state, double h) override;
  // M^-1 f_r by a dense solve (M by nq momentum passes), for plots and tests.
  void forwardDynamics(const Model& model, const State& state, VectorX& qdd) override;

  // For tests: the step's problem at the state (q_{k-1} from history or the start rule).
  void beginStep(const Model& model, const State& state, double h);
  // f(v) of the header.
  void residual(const Model& model, const State& state, const VectorX& v, VectorX& f);
  // Central-difference Jacobian df/dv into jacobian().
  void differenceJacobian(const Model& model, const State& state, const VectorX& v);
  // df/dv of Alg 4 into jacobian() (header: exact columns, central differences for the others);
  // returns the number of exact columns.
  int exactJacobian(const Model& model, const State& state, const VectorX& v);
  const MatrixX& jacobian() const { return jacobian_; }
  // Iterates of the last step: RIQN, then dense Newton.
  int riqnIterations() const { return riqnDone_; }
  // Loop closures: rows k, the gap g(q) after the last step (at q_{k+1}) and the multiplier
  // impulses mu = h lambda of its constrained DEL (N s or N m s per row).
  int closureRows() const { return k_; }
  const VectorX& closureGap() const { return gap_; }
  const VectorX& closureImpulses() const { return mu_; }
  int newtonIterations() const { return newtonDone_; }
  // M(q)^-1 b by the O(n) impulse recursion at the state's q (for tests).
  void solveMass(const Model& model, const VectorX& q, const VectorX& b, VectorX& x);
  const VectorX& startMomentum() const { return p_plus_; }
  const VectorX& solution() const { return v_; }
  // The first guess of the step set up by the last beginStep (2 qd_k - v_k, or qd at a start).
  const VectorX& firstGuess() const { return v_prev_; }
  // M(q) by nq momentum passes (DRNEA at h = 0, v = e_j) into jacobian().
  void massMatrix(const Model& model, const VectorX& q);

 private:
  VariationalMinimalSolver(const Model& model, const SolverOptions& options, const VariationalMinimalSettings& settings);
  bool readHistory(const State& state);
  long historySize(long nq) const { return 3 * nq + k_ + anderson_.savedSize() + 1; }  // + 1: the substep count
  bool historyMatches(const State& state) const;  // the history is this back-end's, for this (q, qd)
  int lastSubsteps(const State& state) const;
  // v_prev_ = 2 qd_k - v_k (the .cpp), from the v_k readHistory left in v_prev_.
  void extrapolateFirstGuess(const Model& model, const State& state);
  // F = f(v) + G(a_k)^T mu into f_, the gap g(a_k + h v) into gap_ and G(a_k + h v) into Gn_;
  // returns the merit |(|F| / tolerance, |g| / kClosureTolerance)|.
  double constrainedResidual(const Model& model, const State& state, const VectorX& v, const VectorX& mu,
                             double tolerance);
  // The KKT solve of the constrained step (header): RIQN with the Schur complement, then Newton.
  void solveConstrained(const Model& model, const State& state, double tolerance, double& error, double& gapError);
  // p^+_{k+1} += G^T dmu and qd += M^-1 G^T dmu with G qd = 0 at the poses of ws_.kin (RATTLE).
  void projectMomentum(const Model& model, VectorX& qd);
  // q_{k+1}, qd_{k+1}, p^+_{k+1} and the history from the converged v_ (and mu_).
  void finishStep(const Model& model, State& state, double h, double error);
  StepStatus failed(const State& state, const std::string& what) const;
  // One DEL step of length h (the map of the header) from the state; the clock and qdd stay.
  StepStatus advanceDel(const Model& model, State& state, double h);
  // max |omega_i| over the bodies at the state's (q, qd), rad/s: the substep rule's rate.
  double fastestRotationRate(const Model& model, const State& state);

  double h_ = 0.0;
  variational_minimal::DrneaWorkspace ws_;
  variational_minimal::DrneaDerivativeWorkspace wsDerivative_;
  InverseDynamicsWorkspace inverse_;  // forwardDynamics
  variational_minimal::ImpulseWorkspace impulse_;
  variational_minimal::AndersonAcceleration anderson_;
  variational_minimal::GroupChart chart_;  // the step's chart (group joints centred at q_k)
  VectorX a_, aNext_;                      // chart coordinates at q_k (and scratch)
  VectorX v_prev_;  // first guess of the step: 2 qd_k - v_k from history, or qd at a start
  VectorX p_plus_;  // p^+_k = [D2 L_d + f^+](q_{k-1}, q_k), or M(q) qd at a start
  VectorX p_, g_, f_, fTrial_, v_, dv_, column_, qNext_, step_, vTrial_, vBest_;
  MatrixX jacobian_;
  Eigen::PartialPivLU<MatrixX> lu_;
  double newtonTolerance_ = VariationalMinimalSettings::kTolerance;  // VariationalMinimalSettings
  double substepRotation_ = VariationalMinimalSettings::kSubstepRotation;
  int totalIterations_ = 0;        // RIQN and Newton iterates of the step's substeps
  VectorX qStart_, qdStart_;       // the state at the step's start (qdd, and a failed step's restore)
  int newtonIterations_ = 0;
  int riqnIterations_ = 0;
  int riqnDone_ = 0, newtonDone_ = 0;
  // Loop closures (k_ rows; all sized in the constructor)
  int k_ = 0;
  TreeKinematics kinLoop_;       // poses at a_{k+1} = a_k + h v
  MatrixX Gk_, Gn_, Y_, S_, kkt_;  // G(a_k), G(a_{k+1}), M^-1 G_k^T, G_{k+1} M^-1 G_k^T, [J G_k^T; G_{k+1} 0]
  VectorX gap_, mu_, muTrial_, muPrev_, dmu_, schurRhs_, schurWork_, rhsK_, workK_, stepK_;
  Eigen::FullPivLU<MatrixX> schur_, kktLu_;
};

}  // namespace articulab
