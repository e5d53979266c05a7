// Variational integrator in maximal coordinates (bruedigam-manchester, sections 2-4): every
// body has its centre-of-mass position x and unit quaternion q; a step solves the discrete
// Euler-Lagrange equations of all bodies (eq 26, 33, discrete_euler_lagrange.hpp) together
// with the position-level constraints g(x_3, q_3) = 0 of every joint and loop closure by
// Newton's method on s = (u_2, Lambda_2) (eq 34-39) with a backtracking line search, each
// Newton system solved by the O(n) block LDU of the tree with the loop rows in one dense last
// node (newton_system.hpp). No stabilisation: the constraints hold to the Newton tolerance.
//
// History (State::history, owner "variational-maximal"): q = per body (x, q_w, q_x, q_y, q_z)
// then the impulses Lambda of the last step (the next Newton's first guess); qd = per body the
// discrete velocity u_1 = (omega; v) of the last step, then per body the twist the step wrote,
// then per body the velocity u_0 the last step started from (the first guess 2 u_1 - u_0 of the
// next, setting newton-guess). It is used when its configuration and
// velocity give exactly the state's poses and twists; otherwise (a new state, another back-end,
// an edit) the step starts from the state alone: u_1 = the body velocities of (q, qdot), that is
// the previous configuration x_0 = x_1 - h v, q_0 = q_1 (x) (c, h omega / 2)^dagger, Lambda = 0
// (with variational-trapezoid: u_1 = u - (h/2) a, the chord of the half step before). The
// RATTLE forms (triple jump, midpoint) start from the state's (q, qdot); the midpoint reads only
// its last chord and impulses, for the first Newton guess. The triple jump leaves it invalid (its
// chord belongs to a sub-step).
// Rotors (Joint::armature on revolute and prismatic joints) enter every integrator's discrete
// Lagrangian and the continuous equations as rotor_coupling.hpp derives.
#pragma once

#include <string>
#include <vector>

#include "engine/solvers/solver.hpp"
#include "engine/solvers/variational_maximal/constraint_blocks.hpp"
#include "engine/solvers/variational_maximal/discrete_euler_lagrange.hpp"
#include "engine/solvers/variational_maximal/newton_system.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_settings.hpp"

namespace articulab {

class VariationalMaximalSolver final : public Solver {
 public:
  // The first-order discrete Lagrangian of the paper (eq 24, 29).
  static constexpr Integrator kVariational{"variational"};
  // The trapezoidal discrete Lagrangian h/2 (L(x_k, v_k) + L(x_{k+1}, v_k)): its discrete
  // Euler-Lagrange equations are those of the first-order one (the potential's two halves at
  // x_k add up), so the configurations are the same Newton solve; its Legendre transform
  // p_k = m v_k - (h/2) F(x_k) gives the velocity at the step ends, v(t_{k+1}) = v_k + (h/2) a,
  // and the start from (q, qdot) as the chord v_0 = v - (h/2) a: second order in q, qdot and energy.
  static constexpr Integrator kVariationalTrapezoid{"variational-trapezoid"};
  // Yoshida's triple jump (sub-steps c1 h, c0 h, c1 h, c1 = 1 / (2 - 2^(1/3)), c0 = -2^(1/3) c1)
  // of the trapezoidal discrete Lagrangian's symmetric one-step map of (q, qdot), RATTLE's form:
  // start momentum p^+(u_2) = (J omega; m v) + (h/2)(tau; F) + G^T Lambda with g(x_3) = 0, end
  // momentum p^-(u_2) + (h/2)(tau; F) + G^T mu with G u' = 0 (constrained discrete Legendre
  // transforms). The constraints hold at every sub-step; three Newton solves per step.
  static constexpr Integrator kVariationalTripleJump{"variational-triple-jump"};
  // The SE(3) midpoint discrete Lagrangian (midpoint_lagrangian.hpp: each body on the screw
  // between its poses, gravity at the screw's midpoint) in the same RATTLE form, one Newton
  // solve per step: second order and symmetric; its energy band on the four-bar is 0.6 times the
  // trapezoid's.
  static constexpr Integrator kVariationalMidpoint{"variational-midpoint"};
  // Blocks of 6 n in the history's qd: u_1, the twists, u_0.
  static constexpr int kHistoryVelocityBlocks = 3;

  VariationalMaximalSolver(const Model& model, const SolverOptions& options);
  const char* name() const override { return "variational-maximal"; }
  // Refuses joints without a fixed constraint form (composite, general), inequality
  // constraints (joint limits, ground contact) and armature on joints without a rotor
  // coordinate (rotorBlock), naming the joint.
  static SolverSupport supports(const Model& model, const SolverOptions& options);
  static const IntegratorList& integratorList();
  const IntegratorList& integrators() const override { return integratorList(); }
  // Bytes of the workspace: O(n) for the bodies, joints and the tree factor, plus one tree
  // vector per loop row (O(kn)) and the k x k loop node.
  static double estimateWorkspaceBytes(const Model& model, Integrator integrator);
  bool controlsDrift() const override { return false; }  // constraints hold at position level by themselves

  StepStatus advanceMechanism(const Model& model, State& state, double h) override;
  // Joint accelerations of the continuous equations (the limit h -> 0 of eq 26, 33) solved with
  // the same block LDU; the constraint curvature in closed form (acceleration_rows.hpp).
  void forwardDynamics(const Model& model, const State& state, VectorX& qdd) override;

  // For tests (variational-triple-jump, variational-midpoint): one symmetric step of signed size
  // h (the RATTLE form above, from the state alone); h < 0 steps backwards.
  StepStatus symmetricSubStep(const Model& model, State& state, double h);

  // For tests: the step's Newton problem at the state's configuration and step h (extrapolate:
  // the first guess may be 2 u_1 - u_0, guessVelocities).
  void beginStep(const Model& model, const State& state, double h, bool extrapolate = true);
  // f(s); false (and the body in `body`) when some |omega| is beyond the update's reach.
  bool residual(const Model& model, const VectorX& s, VectorX& f, int& body);
  // F(s) into system() (not factored).
  void jacobian(const Model& model, const VectorX& s);
  variational::NewtonSystem& system() { return system_; }
  const VectorX& initialGuess() const { return s0_; }
  // max |f| after each Newton iterate of the last step, the first entry before any.
  const std::vector<double>& residualHistory() const { return residualHistory_; }

 private:
  VariationalMaximalSolver(const Model& model, const SolverOptions& options, const VariationalMaximalSettings& settings);
  // supports(): with linear-solver dense LU, whether the dense Newton matrix fits in memory.
  static bool denseLuFits(const Model& model, const SolverOptions& options, SolverSupport& support);
  // F at s from the poses of the last residual evaluation, which must have been at s; the
  // G_{x,q} blocks (fixed over a step) are copied only when forcesChanged.
  void assembleJacobian(const VectorX& s, bool forcesChanged);
  // (wdot; vdot) per body into ds_ at the state (false if singular): with the exact acceleration
  // rows (forwardDynamics), or as the steps' Legendre transforms use them (variational-trapezoid's
  // start chord and end velocity, at velocities off the tangent space): -Gdot u by a central
  // difference of G u along the motion, kept so that those trajectories do not change.
  bool bodyAccelerations(const Model& model, const State& state, bool exactRows = false);
  // Newton on the discrete Euler-Lagrange equations and the state written, for a step of signed h.
  StepStatus solveStep(const Model& model, State& state, double h);
  StepStatus solveStepFrom(const Model& model, State& state, double h, bool extrapolate);
  void guessVelocities(const State& state, bool extrapolate);
  StepStatus tripleJump(const Model& model, State& state, double h);
  // The step starts from the state's momentum and ends with the constrained Legendre transform.
  bool rattleForm() const;
  bool midpoint() const { return options_.integrator == kVariationalMidpoint; }
  // The step's discrete Lagrangian, the trapezoid's (discrete_euler_lagrange.hpp) or the
  // midpoint's (midpoint_lagrangian.hpp): p^+(u) at the step's start rotation, its Jacobian in u
  // (the body block of the Newton matrix), and p^-(u) at the end rotation R (without the
  // forcing halves).
  Vector6 startMomentum(int body, const Vector6& u) const;
  Matrix6 startJacobian(int body, const Vector6& u) const;
  Vector6 endMomentum(int body, const Matrix3& R, const Vector6& u, double h) const;
  void readTrapezoidVelocities(const Model& model, State& state, double h);
  void readRattleVelocities(const Model& model, State& state, double h);
  // bodyAccelerations: D, the forcing, and the exact acceleration rows at the state
  // (acceleration_rows.hpp), or the position rows G with f's rows -Gdot u by central differences.
  void loadContinuousBodies(const Model& model, const State& state);
  void loadAccelerationRows(const Model& model, const State& state);
  void loadContinuousConstraints(const Model& model, const State& state);
  void constraintCurvature(const Model& model);
  // Rotors (rotor_coupling.hpp): their coordinate at configuration 2 and the step's incoming
  // impulse; their impulse in f at configuration 3 (E3_); their continuous rows at the state.
  void beginRotors(const Model& model, double h);
  void addRotorResidual(const Model& model, VectorX& f);
  void loadContinuousRotors(const Model& model, const State& state);
  bool readHistory(const Model& model, const State& state);
  // joint2_, loop2_ (blocks with Jacobians) at the poses E, recomputed unless they are already
  // there: the accepted residual of a step leaves them at the poses the next step starts from.
  bool blocksMatchPoses(const std::vector<Matrix4>& E) const;
  void loadStartBlocks(const Model& model, const std::vector<Matrix4>& E);
  void writeState(const Model& model, State& state, double h, int iterations, double residual);
  StepStatus failed(const std::string& what) const;
  std::string omegaRefusal(const Model& model, int body, double h) const;

  int n_ = 0, m_ = 0;  // bodies, constraint rows
  double h_ = 0.0;
  double stepTime_ = 0.0;  // t and index of the step in progress, for failed()
  long stepIndex_ = 0;
  State work_;  // the triple jump's sub-steps run on this copy of the state
  std::vector<int> jointRows_, loopRows_;
  std::vector<variational::BodyInertia> inertia_;
  std::vector<variational::BodyConfiguration> config2_, config3_;
  std::vector<Vector6> u0_, u1_, u2_, wrench_;
  std::vector<Matrix3> rotationRate_;  // Gamma(omega_2) of eq 32 per body, for the rate rows
  std::vector<Matrix3> startRotation_;  // R_2 per body (variational-midpoint's momenta)
  Vector3 gravity_ = Vector3::Zero();   // the model's, at the step's start
  std::vector<Vector6> incoming_;  // RATTLE form: the start momentum (J omega; m v) + (h/2)(tau; F)
  std::vector<variational::BodyForcing> forcing_;
  std::vector<Matrix4> E3_;
  std::vector<variational::ConstraintBlock> joint2_, loop2_, joint3_, loop3_;
  std::vector<double> armature_;  // per joint, rotorInertias(): 0 without a rotor
  bool rotors_ = false;           // some armature_ > 0
  // Per joint with a rotor: its block at configurations 2 and 3 (or the continuous row), the
  // incoming impulse (a/h) Delta_1 or the state's a Qdot, and Delta_2 of the last residual.
  std::vector<variational::ConstraintBlock> rotor2_, rotor3_;
  std::vector<double> rotorIncoming_, rotorIncrement_;
  std::vector<Matrix4> startBlockPoses_;  // the poses joint2_ and loop2_ were computed at
  bool startBlocksValid_ = false;
  variational::NewtonSystem system_;
  VectorX s0_, s_, f_, ds_, trial_, fTrial_, qdPrevious_;
  std::vector<double> residualHistory_;
  double newtonTolerance_ = VariationalMaximalSettings::kTolerance;  // VariationalMaximalSettings
  int newtonIterations_ = VariationalMaximalSettings::kIterations;
  int newtonGuess_ = VariationalMaximalSettings::kExtrapolatedGuess;
  bool extrapolated_ = false;  // the step's first guess was 2 u_1 - u_0
};

}  // namespace articulab
