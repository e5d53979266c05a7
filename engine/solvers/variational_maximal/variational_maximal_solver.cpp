#include "engine/solvers/variational_maximal/variational_maximal_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "engine/algorithm/initial_state.hpp"
#include "engine/constraints/joint_rows.hpp"
#include "engine/constraints/loop_rows.hpp"
#include "engine/multibody/step_clock.hpp"
#include "engine/solvers/variational_maximal/acceleration_rows.hpp"
#include "engine/solvers/variational_maximal/forcing.hpp"
#include "engine/solvers/variational_maximal/joint_state.hpp"
#include "engine/solvers/variational_maximal/midpoint_lagrangian.hpp"
#include "engine/solvers/variational_maximal/rotor_coupling.hpp"
#include "engine/solvers/step_message_numbers.hpp"
#include "engine/solvers/workspace_budget.hpp"

namespace articulab {

using namespace variational;

namespace {

constexpr const char* kName = "variational-maximal";

// G u of a constraint block for body velocities u (body -1: the world, at rest).
Vector6 blockRate(const ConstraintBlock& c, const std::vector<Vector6>& u) {
  Vector6 rate = Vector6::Zero();
  if (c.bodyA >= 0) rate += c.GA * u[c.bodyA];
  if (c.bodyB >= 0) rate += c.GB * u[c.bodyB];
  return rate;
}

// The coupling of a block: impulses act through G at configuration 2 (force), fixed over a
// step's Newton iterations; the rate rows are G at configuration 3 times
// d(dtheta_3, dx_3)/du = diag(h Gamma(omega), h I) (eq 27, 32), Gamma per body in `gamma`.
void coupleForces(const ConstraintBlock& at2, CouplingBlock& out) {
  out.bodyA = at2.bodyA;
  out.bodyB = at2.bodyB;
  out.forceA = at2.GA;
  out.forceB = at2.GB;
}

void coupleRates(const ConstraintBlock& at3, const std::vector<Matrix3>& gamma, double h, CouplingBlock& out) {
  const auto rate = [h, &gamma](const Matrix6& G, int body, Matrix6& R) {
    if (body < 0) return;
    R.leftCols<3>().noalias() = h * G.leftCols<3>() * gamma[body];
    R.rightCols<3>() = h * G.rightCols<3>();
  };
  rate(at3.GA, at3.bodyA, out.rateA);
  rate(at3.GB, at3.bodyB, out.rateB);
}

// The Newton system's rows of a joint: its constraint rows when it has a fixed form (supports()
// refuses the others).
int newtonJointRows(const Joint& joint) {
  return constraints::hasFixedConstraintForm(joint) ? constraints::constraintRowCount(joint) : 0;
}

// Subtracts G_{x,q}^T Lambda of a block from the body rows of f.
// (Lambda padded to six entries: G's rows past c.rows are zero, and a fixed 6 x 6 product is
// several times cheaper than Eigen's product of run-time size.)
void subtractImpulses(const ConstraintBlock& c, const VectorX& s, int offset, VectorX& f) {
  Vector6 Lambda = Vector6::Zero();
  Lambda.head(c.rows) = s.segment(offset, c.rows);
  if (c.bodyA >= 0) f.segment<6>(6 * c.bodyA).noalias() -= c.GA.transpose() * Lambda;
  if (c.bodyB >= 0) f.segment<6>(6 * c.bodyB).noalias() -= c.GB.transpose() * Lambda;
}

}  // namespace

VariationalMaximalSolver::VariationalMaximalSolver(const Model& model, const SolverOptions& options)
    : VariationalMaximalSolver(model, options, variationalMaximalSettingTable().read(options.settings)) {}

VariationalMaximalSolver::VariationalMaximalSolver(const Model& model, const SolverOptions& options,
                                                   const VariationalMaximalSettings& settings)
    : Solver(options) {
  resolveDefaultIntegrator();
  newtonTolerance_ = settings.newtonTolerance;
  newtonIterations_ = settings.newtonIterations;
  newtonGuess_ = settings.newtonGuess;
  n_ = model.bodyCount();
  jointRows_.assign(n_, 0);
  for (int i = 0; i < n_; ++i) jointRows_[i] = newtonJointRows(model.joints[i]);
  loopRows_.clear();
  for (const LoopConstraint& loop : model.loops) loopRows_.push_back(constraints::loopRowCount(loop));
  armature_ = rotorInertias(model);
  std::vector<int> rotorRows(n_, 0);
  for (int i = 0; i < n_; ++i) rotorRows[i] = armature_[i] > 0.0 ? 1 : 0;
  rotors_ = std::find(rotorRows.begin(), rotorRows.end(), 1) != rotorRows.end();
  system_.resize(model, jointRows_, loopRows_, rotorRows);
  system_.setDenseLu(settings.linearSolver == VariationalMaximalSettings::kDenseLu);
  m_ = system_.size() - 6 * n_;
  inertia_.clear();
  for (const Body& body : model.bodies) inertia_.push_back(inertiaAboutCentre(body));
  config2_.assign(n_, BodyConfiguration{});
  config3_.assign(n_, BodyConfiguration{});
  for (auto* v : {&u0_, &u1_, &u2_, &wrench_, &incoming_}) v->assign(n_, Vector6::Zero());
  rotationRate_.assign(n_, Matrix3::Zero());
  startRotation_.assign(n_, Matrix3::Identity());
  forcing_.assign(n_, BodyForcing{});
  E3_.assign(n_, Matrix4::Identity());
  joint2_.assign(n_, ConstraintBlock{});
  joint3_.assign(n_, ConstraintBlock{});
  rotor2_.assign(n_, ConstraintBlock{});
  rotor3_.assign(n_, ConstraintBlock{});
  rotorIncoming_.assign(n_, 0.0);
  rotorIncrement_.assign(n_, 0.0);
  loop2_.assign(model.loops.size(), ConstraintBlock{});
  loop3_.assign(model.loops.size(), ConstraintBlock{});
  startBlockPoses_.assign(n_, Matrix4::Identity());
  for (VectorX* v : {&s0_, &s_, &f_, &ds_, &trial_, &fTrial_}) *v = VectorX::Zero(system_.size());
  qdPrevious_ = VectorX::Zero(model.nq);
  residualHistory_.reserve(newtonIterations_ + 1);
  work_ = makeInitialState(model);  // the triple jump's copy, sized so that its first step allocates nothing
  work_.history.q = VectorX::Zero(7 * n_ + m_);
  work_.history.qd = VectorX::Zero(kHistoryVelocityBlocks * 6 * n_);
  work_.outputs.multipliers = VectorX::Zero(m_);
}

const IntegratorList& VariationalMaximalSolver::integratorList() {
  static const IntegratorList list = {
      {kVariational,
       "first-order variational integrator in maximal coordinates (discrete Euler-Lagrange, bruedigam-manchester "
       "eq 26, 33), joints and loops held at position level by Newton: symplectic, energy in a band (over 5 s on the "
       "shipped scenes)"},
      {kVariationalTrapezoid,
       "the same trajectory read with the trapezoidal discrete Lagrangian's Legendre transform (second order: "
       "velocities at the step ends, start from the chord v - h a / 2): symplectic, energy band O(h^2)"},
      {kVariationalTripleJump,
       "fourth order: Yoshida's triple jump (sub-steps 1.35 h, -1.70 h, 1.35 h) of the trapezoidal discrete "
       "Lagrangian's symmetric RATTLE form, the constraints held at each sub-step, three Newton solves per step: "
       "symplectic, energy band O(h^4)"},
      {kVariationalMidpoint,
       "second order: the SE(3) midpoint discrete Lagrangian (each body on the screw between its poses, gravity "
       "at its midpoint) in RATTLE's symmetric form, one Newton solve per step: symplectic, energy band O(h^2) "
       "(0.6 times the trapezoid's on the four-bar)"},
  };
  return list;
}

double VariationalMaximalSolver::estimateWorkspaceBytes(const Model& model, Integrator) {
  const double n = model.bodyCount(), k = loopClosureRows(model);
  // Per body (an upper bound, as the members hold them): its node and its joint's node of the
  // block LDU (D, A, B, D^-1, L), the Newton blocks, the joint blocks at two configurations, the
  // configurations, poses, velocities, rotation-rate Jacobians and forcing, seven Newton vectors
  // of 12 rows, and the triple jump's copy of the state (poses, twists, 7 coordinates and rates,
  // history).
  constexpr double kLdu = 2.0 * 5.0 * sizeof(Matrix6);
  constexpr double kNewton = sizeof(Matrix6) + sizeof(variational::CouplingBlock) + 2.0 * sizeof(Vector6);
  constexpr double kJointBlocks = 4.0 * sizeof(variational::ConstraintBlock) + 3.0 * sizeof(double);  // and rotors
  constexpr double kBodies = 2.0 * sizeof(variational::BodyConfiguration) + 3.0 * sizeof(Matrix4) +
                             5.0 * sizeof(Vector6) + sizeof(Matrix3) + sizeof(variational::BodyForcing) +
                             sizeof(variational::BodyInertia);
  constexpr double kVectors = 7.0 * 12.0 * sizeof(double);
  constexpr double kStateCopy = sizeof(Matrix4) + 2.0 * sizeof(Vector6) + (4.0 * 7.0 + 19.0) * sizeof(double);
  constexpr double kPerBody = kLdu + kNewton + kJointBlocks + kBodies + kVectors + kStateCopy;
  return kPerBody * n + 2.0 * n * sizeof(Vector6) * k + 8.0 * 3.0 * k * k;
}

// Two N x N matrices (F and its LU) for the N unknowns of the Newton system.
bool VariationalMaximalSolver::denseLuFits(const Model& model, const SolverOptions& options, SolverSupport& support) {
  if (variationalMaximalSettingTable().read(options.settings).linearSolver != VariationalMaximalSettings::kDenseLu)
    return true;
  double unknowns = 6.0 * model.bodyCount() + loopClosureRows(model);  // the rows of the constructor's system_
  for (const Joint& joint : model.joints) unknowns += newtonJointRows(joint);
  const double bytes = 2.0 * unknowns * unknowns * sizeof(double), available = availableMemoryBytes();
  if (bytes <= available) return true;
  support.ok = false;
  support.reason = "the dense LU of linear-solver 1 needs about " + formatBytes(bytes) + " for " +
                   std::to_string(static_cast<long>(unknowns)) + " unknowns, more than the " + formatBytes(available) +
                   " of memory available; linear-solver 0 (the block LDU, O(n)) needs about " +
                   formatBytes(estimateWorkspaceBytes(model, kVariational));
  return false;
}

SolverSupport VariationalMaximalSolver::supports(const Model& model, const SolverOptions& options) {
  SolverSupport support;
  if (!options.integrator.isDefault() && !findOffered(integratorList(), options.integrator)) {
    support.ok = false;
    support.reason = integratorRefusal(kName, options.integrator, integratorList());
    return support;
  }
  if (!checkWorkspaceFits(kName, model, kVariational, support)) return support;
  if (!denseLuFits(model, options, support)) return support;
  for (const Joint& joint : model.joints) {
    if (std::string refusal = constraints::fixedFormRefusal(joint); !refusal.empty()) {
      support.ok = false;
      support.reason = refusal;
      return support;
    }
    if (joint.hasLimits) {
      support.ok = false;
      support.reason = "joint '" + joint.name +
                       "' has limits: inequality constraints are not supported by the variational integrator yet";
      return support;
    }
    if (joint.armature != 0.0 && joint.nq > 0 && !hasRotorCoordinate(joint)) {
      support.ok = false;
      support.reason = "joint '" + joint.name + "' has armature on a " + jointTypeName(joint) + " joint: " + kName +
                       " carries rotors on revolute and prismatic joints only";
      return support;
    }
    if (joint.driven) support.warnings.push_back("driven joint '" + joint.name + "' is treated as free");
  }
  if (model.groundContact) {
    support.ok = false;
    support.reason = "ground contact is an inequality constraint, not supported by the variational integrator yet";
    return support;
  }
  if (model.loops.empty()) return support;
  VariationalMaximalSolver probe(model, SolverOptions{});
  VectorX qdd;
  probe.forwardDynamics(model, makeInitialState(model), qdd);
  if (!probe.system_.loopsFactored()) return support;  // a singular tree: the first step says so
  const int redundant = probe.system_.loopRowCount() - probe.system_.loopRank();
  if (redundant > 0)
    support.notes.push_back(std::to_string(redundant) + " of the " + std::to_string(probe.system_.loopRowCount()) +
                            " loop-closure rows are redundant with the other constraints; they carry no impulse");
  return support;
}

bool VariationalMaximalSolver::readHistory(const Model& model, const State& state) {
  const StepHistory& history = state.history;
  if (!history.valid || std::strcmp(history.owner, kName) != 0 || history.q.size() != 7 * n_ + m_ ||
      history.qd.size() != kHistoryVelocityBlocks * 6 * n_)
    return false;
  for (int i = 0; i < n_; ++i) {
    const double* x = history.q.data() + 7 * i;
    config2_[i].x = Vector3(x[0], x[1], x[2]);
    config2_[i].q = Quaternion(x[3], x[4], x[5], x[6]);
    u1_[i] = history.qd.segment<6>(6 * i);
    u0_[i] = history.qd.segment<6>(6 * (2 * n_ + i));
    const Vector3& c = model.bodies[i].com;
    const Matrix4 E = poseFromConfiguration(config2_[i], c);
    if (E != state.E_0i[i] || history.qd.segment<6>(6 * (n_ + i)) != state.phi[i]) return false;
  }
  s0_.tail(m_) = history.q.tail(m_);
  return true;
}

// The first Newton guess of the velocities: the last step's u_1, or (newton-guess 1, with the
// history of two steps and a last step that moved the guess at all) the line through the last
// two, 2 u_1 - u_0, which is O(h^2) from u_2 where u_1 is O(h): measured, one Newton iteration
// per step where two were needed (docs/performance.md). At rest (the last step took no
// iteration) u_1 already solves the step and the line would only add rounding.
void VariationalMaximalSolver::guessVelocities(const State& state, bool extrapolate) {
  extrapolated_ =
      extrapolate && newtonGuess_ == VariationalMaximalSettings::kExtrapolatedGuess && state.outputs.iterations > 0;
  for (int i = 0; i < n_; ++i)
    s0_.segment<6>(6 * i) = extrapolated_ ? Vector6(2.0 * u1_[i] - u0_[i]) : u1_[i];
}

void VariationalMaximalSolver::beginStep(const Model& model, const State& state, double h, bool extrapolate) {
  h_ = h;
  const bool rattle = rattleForm();
  const bool fromHistory = !rattle && readHistory(model, state);
  // variational-midpoint starts from the state too, but guesses from the history's last chord
  // (at t - h/2, moved to u0_) and the state's velocity (at t): 2 u_1 - u_0 then reaches t + h/2.
  const bool chordFromHistory = midpoint() && readHistory(model, state);
  if (chordFromHistory) u0_.swap(u1_);
  if (!fromHistory) {  // start from the state alone (header)
    const bool trapezoid = options_.integrator == kVariationalTrapezoid;
    if (trapezoid) bodyAccelerations(model, state);
    for (int i = 0; i < n_; ++i) {
      const Vector3& c = model.bodies[i].com;
      config2_[i] = configurationFromPose(state.E_0i[i], c);
      u1_[i] = velocityFromTwist(state.phi[i], state.E_0i[i].topLeftCorner<3, 3>(), c);
      if (trapezoid) u1_[i] -= 0.5 * h * ds_.segment<6>(6 * i);  // the chord over [t - h, t]
    }
    if (!chordFromHistory) s0_.tail(m_).setZero();
  }
  guessVelocities(state, (fromHistory || chordFromHistory) && extrapolate);
  computeForcing(model, state, wrench_, forcing_);
  gravity_ = model.gravity;
  if (midpoint())
    for (int i = 0; i < n_; ++i) startRotation_[i] = config2_[i].q.toRotationMatrix();
  if (rattle)
    for (int i = 0; i < n_; ++i) {
      incoming_[i] << inertia_[i].J * u1_[i].head<3>(), inertia_[i].m * u1_[i].tail<3>();
      incoming_[i] += 0.5 * h * (Vector6() << forcing_[i].tau, forcing_[i].F).finished();
    }
  if (!blocksMatchPoses(state.E_0i)) loadStartBlocks(model, state.E_0i);
  beginRotors(model, h);
}

// Q and g at configuration 2; the incoming impulse (a/h) Delta_1 with configuration 1 the
// configuration 2 moved back by u_1 (eq 27, 32 with -h), or with RATTLE the state's a Qdot.
void VariationalMaximalSolver::beginRotors(const Model& model, double h) {
  if (!rotors_) return;
  for (int i = 0; i < n_; ++i) E3_[i] = poseFromConfiguration(config2_[i], model.bodies[i].com);
  for (int i = 0; i < n_; ++i)
    if (armature_[i] > 0.0) rotorBlock(model, i, E3_, rotor2_[i]);
  if (rattleForm()) {
    for (int i = 0; i < n_; ++i)
      if (armature_[i] > 0.0) rotorIncoming_[i] = armature_[i] * blockRate(rotor2_[i], u1_)[0];
    return;
  }
  for (int i = 0; i < n_; ++i) E3_[i] = poseFromConfiguration(advance(config2_[i], u1_[i], -h), model.bodies[i].com);
  for (int i = 0; i < n_; ++i)
    if (armature_[i] > 0.0) {
      rotorBlock(model, i, E3_, rotor3_[i]);
      const double delta1 = rotorIncrement(model.joints[i], rotor3_[i].g[0], rotor2_[i].g[0]);
      rotorIncoming_[i] = armature_[i] / h * delta1;
    }
}

// d += ((a/h) Delta_2 - incoming) g(2) (rotor_coupling.hpp), Delta_2 from the poses E3_.
void VariationalMaximalSolver::addRotorResidual(const Model& model, VectorX& f) {
  for (int i = 0; i < n_; ++i) {
    if (!(armature_[i] > 0.0)) continue;
    rotorBlock(model, i, E3_, rotor3_[i]);
    rotorIncrement_[i] = rotorIncrement(model.joints[i], rotor2_[i].g[0], rotor3_[i].g[0]);
    addRotorImpulse(rotor2_[i], armature_[i] / h_ * rotorIncrement_[i] - rotorIncoming_[i], f);
  }
}

// The rotor rows of the continuous equations at the state (rotor_coupling.hpp); f's body rows
// gain a b g.
void VariationalMaximalSolver::loadContinuousRotors(const Model& model, const State& state) {
  for (int i = 0; i < n_; ++i) {
    if (!(armature_[i] > 0.0)) continue;
    rotorAccelerationRow(model, i, state.E_0i, state.phi, state.q, state.qd, rotor3_[i]);
    loadRotorRow(rotor3_[i], armature_[i], system_.joints()[i]);
    addRotorImpulse(rotor3_[i], armature_[i] * rotor3_[i].g[0], f_);
  }
}

bool VariationalMaximalSolver::blocksMatchPoses(const std::vector<Matrix4>& E) const {
  if (!startBlocksValid_) return false;
  for (int i = 0; i < n_; ++i)
    if (startBlockPoses_[i] != E[i]) return false;
  return true;
}

void VariationalMaximalSolver::loadStartBlocks(const Model& model, const std::vector<Matrix4>& E) {
  for (int i = 0; i < n_; ++i)
    if (jointRows_[i] > 0) jointBlock(model, i, E, joint2_[i]);
  for (std::size_t k = 0; k < loop2_.size(); ++k) loopBlock(model, static_cast<int>(k), E, loop2_[k]);
  startBlockPoses_ = E;  // same size: no allocation
  startBlocksValid_ = true;
}

bool VariationalMaximalSolver::residual(const Model& model, const VectorX& s, VectorX& f, int& body) {
  for (int i = 0; i < n_; ++i) {
    const Vector6 u = s.segment<6>(6 * i);
    if (rotationScalar(u.head<3>(), h_) < 0.0) {
      body = i;
      return false;
    }
    config3_[i] = advance(config2_[i], u, h_);
    E3_[i] = poseFromConfiguration(config3_[i], model.bodies[i].com);
    if (rattleForm())
      f.segment<6>(6 * i) = startMomentum(i, u) - incoming_[i];
    else
      f.segment<6>(6 * i) = delResidual(inertia_[i], u1_[i], u, forcing_[i], h_);
  }
  for (int i = 0; i < n_; ++i) {
    if (jointRows_[i] == 0) continue;
    const int offset = system_.jointOffset(i);
    subtractImpulses(joint2_[i], s, offset, f);
    jointBlock(model, i, E3_, joint3_[i]);  // with the Jacobians: the Newton matrix or the next step's start
    f.segment(offset, jointRows_[i]) = joint3_[i].g.head(jointRows_[i]);
  }
  for (std::size_t k = 0; k < loop2_.size(); ++k) {
    const int offset = system_.loopOffset(static_cast<int>(k));
    subtractImpulses(loop2_[k], s, offset, f);
    loopBlock(model, static_cast<int>(k), E3_, loop3_[k]);
    f.segment(offset, loopRows_[k]) = loop3_[k].g.head(loopRows_[k]);
  }
  if (rotors_) addRotorResidual(model, f);
  return true;
}

bool VariationalMaximalSolver::rattleForm() const {
  return options_.integrator == kVariationalTripleJump || options_.integrator == kVariationalMidpoint;
}

Vector6 VariationalMaximalSolver::startMomentum(int body, const Vector6& u) const {
  if (midpoint()) return midpointMomentumAtStepStart(inertia_[body], gravity_, startRotation_[body], u, h_);
  return momentumAtStepStart(inertia_[body], u, h_);
}

Matrix6 VariationalMaximalSolver::startJacobian(int body, const Vector6& u) const {
  if (midpoint()) return midpointStartJacobian(inertia_[body], gravity_, startRotation_[body], u, h_);
  return delJacobian(inertia_[body], u, h_);
}

Vector6 VariationalMaximalSolver::endMomentum(int body, const Matrix3& R, const Vector6& u, double h) const {
  if (midpoint()) return midpointMomentumAtStepEnd(inertia_[body], gravity_, R, u, h);
  return momentumAtStepEnd(inertia_[body], u, h);
}

void VariationalMaximalSolver::jacobian(const Model& model, const VectorX& s) {
  int body = -1;
  residual(model, s, fTrial_, body);  // the blocks at configuration 3 of s
  assembleJacobian(s, true);
}

void VariationalMaximalSolver::assembleJacobian(const VectorX& s, bool forcesChanged) {
  for (int i = 0; i < n_; ++i) {
    u2_[i] = s.segment<6>(6 * i);
    system_.bodies()[i] = startJacobian(i, u2_[i]);
    rotationRate_[i] = rotationRateJacobian(u2_[i].head<3>(), h_);  // once per body, read by every block on it
  }
  for (int i = 0; i < n_; ++i)
    if (jointRows_[i] > 0) {
      if (forcesChanged) coupleForces(joint2_[i], system_.joints()[i]);
      coupleRates(joint3_[i], rotationRate_, h_, system_.joints()[i]);
      if (!(armature_[i] > 0.0)) continue;
      if (forcesChanged) coupleRotorForces(rotor2_[i], system_.joints()[i]);
      coupleRotorRates(rotor3_[i], rotationRate_, armature_[i], system_.joints()[i]);
    }
  for (std::size_t k = 0; k < loop2_.size(); ++k) {
    if (forcesChanged) coupleForces(loop2_[k], system_.loops()[k]);
    coupleRates(loop3_[k], rotationRate_, h_, system_.loops()[k]);
  }
}

StepStatus VariationalMaximalSolver::advanceMechanism(const Model& model, State& state, double h) {
  stepTime_ = state.t;
  stepIndex_ = state.step;
  if (!(h > 0.0)) return failed("time step " + messageNumber(h) + " s is not positive");
  if (options_.integrator == kVariationalTripleJump) return tripleJump(model, state, h);
  return solveStep(model, state, h);
}

StepStatus VariationalMaximalSolver::symmetricSubStep(const Model& model, State& state, double h) {
  stepTime_ = state.t;
  stepIndex_ = state.step;
  return solveStep(model, state, h);
}

// Yoshida (1990) triple jump: Phi_{c1 h} o Phi_{c0 h} o Phi_{c1 h} with c1 + c0 + c1 = 1 and
// c1^3 + c0^3 + c1^3 = 0 cancels the h^3 term of the local error of a second-order step Phi, and
// is fourth order when Phi is symmetric (Phi_{-h} o Phi_h = id). Phi is the RATTLE form of the
// trapezoidal discrete Lagrangian (header), a map of (q, qdot) alone; c0 h < 0 steps backwards. The sub-steps run on a copy, so a failed one leaves the state as it was.
StepStatus VariationalMaximalSolver::tripleJump(const Model& model, State& state, double h) {
  const double c1 = 1.0 / (2.0 - std::cbrt(2.0)), c0 = -std::cbrt(2.0) * c1;
  work_ = state;
  int iterations = 0;
  const double fractions[3] = {c1, c0, c1};
  for (int k = 0; k < 3; ++k) {
    const StepStatus status = solveStep(model, work_, fractions[k] * h);
    if (!status.ok)
      return {false, status.message + " (triple-jump sub-step " + std::to_string(k + 1) + " of 3, h = " +
                         messageNumber(fractions[k] * h) + " s)"};
    iterations += work_.outputs.iterations;
    work_.step = state.step;  // one step in all
  }
  work_.t = state.t + h;  // not the sum of the three sub-steps, which may differ in the last bit
  work_.step = state.step + 1;
  work_.qdd = (work_.qd - state.qd) / h;
  work_.outputs.iterations = iterations;
  work_.history.valid = false;  // its chord belongs to the last sub-step, not to a step of h
  state = work_;
  return {};
}

// A step whose extrapolated guess fails (a rate beyond the update's reach, no convergence) is
// solved again from the last step's velocities; its state is written only on success.
StepStatus VariationalMaximalSolver::solveStep(const Model& model, State& state, double h) {
  const StepStatus status = solveStepFrom(model, state, h, true);
  if (status.ok || !extrapolated_) return status;
  return solveStepFrom(model, state, h, false);
}

StepStatus VariationalMaximalSolver::solveStepFrom(const Model& model, State& state, double h, bool extrapolate) {
  beginStep(model, state, h, extrapolate);
  s_ = s0_;
  int body = -1;
  if (!residual(model, s_, f_, body)) return failed(omegaRefusal(model, body, h));
  double error = largestAbs(f_), norm = f_.norm();
  residualHistory_.clear();
  residualHistory_.push_back(error);
  int iterations = 0;
  for (; error > newtonTolerance_ && iterations < newtonIterations_; ++iterations) {
    checkCancel();
    const bool firstIteration = iterations == 0;  // G_{x,q} is fixed over the step: loaded once
    assembleJacobian(s_, firstIteration);      // the last residual evaluated was at s_
    if (!system_.factor(firstIteration)) return failed("singular Newton matrix (redundant or conflicting joints)");
    system_.solve(f_, ds_);
    double alpha = 1.0;  // backtracking line search on |f|
    bool accepted = false;
    for (int halving = 0; halving < 12 && !accepted; ++halving, alpha *= 0.5) {
      trial_ = s_ - alpha * ds_;
      if (!residual(model, trial_, fTrial_, body)) continue;
      accepted = fTrial_.norm() < norm || halving == 11;
    }
    if (!accepted) return failed(omegaRefusal(model, body, h));
    s_.swap(trial_);
    f_.swap(fTrial_);
    error = largestAbs(f_);
    norm = f_.norm();
    residualHistory_.push_back(error);
  }
  if (error > newtonTolerance_)
    return failed("Newton did not converge: residual " + messageNumber(error) + " (momentum N s, constraint m) after " +
                             std::to_string(iterations) + " iterations, tolerance " + messageNumber(newtonTolerance_));
  writeState(model, state, h, iterations, error);
  return {};
}

void VariationalMaximalSolver::writeState(const Model& model, State& state, double h, int iterations,
                                          double residualValue) {
  // config3_ and E3_ belong to s_ (the last residual evaluated was the accepted one)
  StepHistory& history = state.history;
  history.valid = true;
  history.owner = kName;
  if (history.q.size() != 7 * n_ + m_) history.q.resize(7 * n_ + m_);
  if (history.qd.size() != kHistoryVelocityBlocks * 6 * n_) history.qd.resize(kHistoryVelocityBlocks * 6 * n_);
  for (int i = 0; i < n_; ++i) {
    const BodyConfiguration& c = config3_[i];
    history.q.segment<7>(7 * i) << c.x, c.q.w(), c.q.x(), c.q.y(), c.q.z();
    history.qd.segment<6>(6 * i) = s_.segment<6>(6 * i);
    history.qd.segment<6>(6 * (2 * n_ + i)) = u1_[i];
    state.E_0i[i] = E3_[i];
    state.phi[i] = twistFromVelocity(s_.segment<6>(6 * i), E3_[i].topLeftCorner<3, 3>(), model.bodies[i].com);
  }
  history.q.tail(m_) = s_.tail(m_);
  // The blocks of the accepted residual are those at the new poses, where the next step starts.
  joint2_.swap(joint3_);
  loop2_.swap(loop3_);
  startBlockPoses_ = E3_;
  startBlocksValid_ = true;
  qdPrevious_ = state.qd;
  variational::recoverJointState(model, state.E_0i, state.phi, state.q, state.qd);
  if (options_.integrator == kVariationalTrapezoid) readTrapezoidVelocities(model, state, h);
  if (rattleForm()) readRattleVelocities(model, state, h);
  for (int i = 0; i < n_; ++i) history.qd.segment<6>(6 * (n_ + i)) = state.phi[i];
  state.qdd = (state.qd - qdPrevious_) / h;
  if (state.outputs.multipliers.size() != m_) state.outputs.multipliers.resize(m_);
  state.outputs.multipliers = s_.tail(m_) / h;
  state.outputs.iterations = iterations;
  state.outputs.residual = residualValue;
  state.outputs.contactCount = 0;
  advanceClock(state, h);
}

// The trapezoidal discrete Lagrangian's Legendre transform at t_{k+1}: v(t_{k+1}) = u_k + (h/2) a,
// a the accelerations at (x_{k+1}, u_k) (the state's velocity is the chord u_k on entry).
void VariationalMaximalSolver::readTrapezoidVelocities(const Model& model, State& state, double h) {
  bodyAccelerations(model, state);
  for (int i = 0; i < n_; ++i) {
    const Vector6 u = s_.segment<6>(6 * i) + 0.5 * h * ds_.segment<6>(6 * i);
    state.phi[i] = twistFromVelocity(u, state.E_0i[i].topLeftCorner<3, 3>(), model.bodies[i].com);
  }
  variational::recoverJointState(model, state.E_0i, state.phi, state.q, state.qd);
}

// RATTLE's second half, the constrained discrete Legendre transform at x_3:
//   D u' - G^T mu = p^-(u_2) + (h/2)(tau; F),  G u' = 0,
// with D = diag(J, m I) and G at x_3: the continuous system's matrix, one O(n) solve.
void VariationalMaximalSolver::readRattleVelocities(const Model& model, State& state, double h) {
  computeForcing(model, state, wrench_, forcing_);
  loadContinuousBodies(model, state);
  loadContinuousConstraints(model, state);
  f_.setZero();
  for (int i = 0; i < n_; ++i) {
    f_.segment<6>(6 * i) = endMomentum(i, state.E_0i[i].topLeftCorner<3, 3>(), s_.segment<6>(6 * i), h);
    f_.segment<3>(6 * i) += 0.5 * h * forcing_[i].tau;
    f_.segment<3>(6 * i + 3) += 0.5 * h * forcing_[i].F;
  }
  for (int i = 0; i < n_; ++i)  // the rotor's p^- = (a/h) Delta_2 g(3), rotor3_ of the accepted residual
    if (armature_[i] > 0.0) {
      loadRotorRow(rotor3_[i], armature_[i], system_.joints()[i]);
      addRotorImpulse(rotor3_[i], armature_[i] / h * rotorIncrement_[i], f_);
    }
  if (!system_.factor()) return;  // a singular tree: the next step says so; the state keeps the chord
  system_.solve(f_, ds_);
  for (int i = 0; i < n_; ++i)
    state.phi[i] = twistFromVelocity(ds_.segment<6>(6 * i), state.E_0i[i].topLeftCorner<3, 3>(), model.bodies[i].com);
  variational::recoverJointState(model, state.E_0i, state.phi, state.q, state.qd);
}

// Continuous equations, the limit h -> 0 of eq 26 and 33 with g = 0 kept to second order:
//   J wdot + w x J w = tau + G_q^T lambda,  m vdot = F + G_x^T lambda,  G (wdot; vdot) = -Gdot u,
// the same matrix pattern as the Newton system with D = diag(J, m I) and G at the state.
void VariationalMaximalSolver::forwardDynamics(const Model& model, const State& state, VectorX& qdd) {
  qdd = VectorX::Zero(model.nq);
  if (!bodyAccelerations(model, state, true)) {
    qdd.setConstant(std::nan(""));
    return;
  }
  for (int i = 0; i < n_; ++i) {  // phidot from (wdot, vdot): d/dt (omega; R^T v + c x omega)
    const Matrix3 R = state.E_0i[i].topLeftCorner<3, 3>();
    const Vector3 w = u1_[i].head<3>(), wdot = ds_.segment<3>(6 * i), vdot = ds_.segment<3>(6 * i + 3);
    u2_[i] << wdot, R.transpose() * vdot - w.cross(R.transpose() * u1_[i].tail<3>()) + model.bodies[i].com.cross(wdot);
  }
  recoverJointAccelerations(model, state.E_0i, state.phi, u2_, state.q, state.qd, qdd);
}

bool VariationalMaximalSolver::bodyAccelerations(const Model& model, const State& state, bool exactRows) {
  computeForcing(model, state, wrench_, forcing_);
  loadContinuousBodies(model, state);
  if (exactRows) {
    loadAccelerationRows(model, state);
  } else {
    loadContinuousConstraints(model, state);
    constraintCurvature(model);
  }
  if (rotors_) loadContinuousRotors(model, state);
  if (!system_.factor()) {
    ds_.setZero();
    return false;
  }
  system_.solve(f_, ds_);
  return true;
}

void VariationalMaximalSolver::loadContinuousBodies(const Model& model, const State& state) {
  for (int i = 0; i < n_; ++i) {
    const Vector3& c = model.bodies[i].com;
    config2_[i] = configurationFromPose(state.E_0i[i], c);
    u1_[i] = velocityFromTwist(state.phi[i], state.E_0i[i].topLeftCorner<3, 3>(), c);
    const BodyInertia& I = inertia_[i];
    const Vector3 w = u1_[i].head<3>();
    Matrix6& D = system_.bodies()[i];
    D.setZero();
    D.topLeftCorner<3, 3>() = I.J;
    D.bottomRightCorner<3, 3>() = I.m * Matrix3::Identity();
    f_.segment<3>(6 * i) = forcing_[i].tau - w.cross(I.J * w);
    f_.segment<3>(6 * i + 3) = forcing_[i].F;
  }
}

// The exact acceleration rows (acceleration_rows.hpp) as the coupling blocks and f's constraint rows.
void VariationalMaximalSolver::loadAccelerationRows(const Model& model, const State& state) {
  const auto load = [this](const ConstraintBlock& g, CouplingBlock& c, int row) {
    c.bodyA = g.bodyA;
    c.bodyB = g.bodyB;
    c.forceA = c.rateA = g.GA;
    c.forceB = c.rateB = g.GB;
    f_.segment(row, g.rows) = g.g.head(g.rows);
  };
  for (int i = 0; i < n_; ++i)
    if (jointRows_[i] > 0) {
      jointAccelerationRows(model, i, state.E_0i, state.phi, state.q, state.qd, joint3_[i]);
      load(joint3_[i], system_.joints()[i], system_.jointOffset(i));
    }
  for (std::size_t k = 0; k < loop2_.size(); ++k) {
    const int loop = static_cast<int>(k);
    loopAccelerationRows(model, loop, state.E_0i, state.phi, loop3_[k]);
    load(loop3_[k], system_.loops()[k], system_.loopOffset(loop));
  }
}

void VariationalMaximalSolver::loadContinuousConstraints(const Model& model, const State& state) {
  const auto load = [](const ConstraintBlock& g, CouplingBlock& c) {
    c.bodyA = g.bodyA;
    c.bodyB = g.bodyB;
    c.forceA = c.rateA = g.GA;
    c.forceB = c.rateB = g.GB;
  };
  if (!blocksMatchPoses(state.E_0i)) loadStartBlocks(model, state.E_0i);
  for (int i = 0; i < n_; ++i)
    if (jointRows_[i] > 0) load(joint2_[i], system_.joints()[i]);
  for (std::size_t k = 0; k < loop2_.size(); ++k) load(loop2_[k], system_.loops()[k]);
}

// Constraint rows of f: -Gdot u = -(G(+delta) u - G(-delta) u) / (2 delta), the configurations
// moved along u (eq 27, 32 with h = +-delta); error O(delta^2) + rounding / delta, about 1e-10.
void VariationalMaximalSolver::constraintCurvature(const Model& model) {
  constexpr double delta = 1e-5;
  for (int i = 0; i < n_; ++i)
    if (jointRows_[i] > 0) f_.segment(system_.jointOffset(i), jointRows_[i]).setZero();
  for (std::size_t k = 0; k < loop2_.size(); ++k) f_.segment(system_.loopOffset(static_cast<int>(k)), loopRows_[k]).setZero();
  const auto subtract = [this](int row, const ConstraintBlock& c, double sign) {
    f_.segment(row, c.rows) -= sign * blockRate(c, u1_).head(c.rows) / (2.0 * delta);
  };
  for (double sign : {1.0, -1.0}) {
    for (int i = 0; i < n_; ++i)
      E3_[i] = poseFromConfiguration(advance(config2_[i], u1_[i], sign * delta), model.bodies[i].com);
    for (int i = 0; i < n_; ++i)
      if (jointRows_[i] > 0) {
        jointBlock(model, i, E3_, joint3_[i]);
        subtract(system_.jointOffset(i), joint3_[i], sign);
      }
    for (std::size_t k = 0; k < loop2_.size(); ++k) {
      loopBlock(model, static_cast<int>(k), E3_, loop3_[k]);
      subtract(system_.loopOffset(static_cast<int>(k)), loop3_[k], sign);
    }
  }
}

std::string VariationalMaximalSolver::omegaRefusal(const Model& model, int body, double h) const {
  if (body < 0) return "the Newton line search found no step that reduces the residual";
  return "body '" + model.bodies[body].name + "' would need an angular velocity beyond " +
         messageNumber(2.0 * kMaxHalfStepRate / h) + " rad/s, the most the quaternion update (eq 32) allows at h = " +
         messageNumber(h) + " s; reduce the time step";
}

StepStatus VariationalMaximalSolver::failed(const std::string& what) const {
  return {false, std::string(kName) + ": " + what + " at step " + std::to_string(stepIndex_) + " (t = " +
                     messageNumber(stepTime_) + " s)"};
}

}  // namespace articulab
