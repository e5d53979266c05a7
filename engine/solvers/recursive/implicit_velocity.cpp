#include "engine/solvers/recursive/implicit_velocity.hpp"

#include <algorithm>
#include <limits>

#include "engine/solvers/recursive/inverse_inertia.hpp"

namespace articulab {

namespace {

// Krylov basis size: the whole space for small models, capped to bound memory for large ones.
constexpr int kMaxRestart = 200;

bool anyDriven(const Model& model) {
  return std::any_of(model.joints.begin(), model.joints.end(), [](const Joint& joint) { return joint.driven; });
}

}  // namespace

ImplicitVelocity::ImplicitVelocity(const Model& model)
    : maxIterations(4 * model.nq + 20),
      kin_(model),
      inverseDynamics_(model),
      preconditioner_(model),
      projection_(model),
      gmres_(model.nq, std::min(model.nq, kMaxRestart)),
      K_(MatrixX::Zero(model.nq, model.nq)),
      dense_(MatrixX::Zero(model.nq, model.nq)),
      lu_(model.nq),
      blocks_(model.joints.size()),
      twist_(model.bodies.size()),
      wrench_(model.bodies.size()),
      force_(VectorX::Zero(model.nq)),
      forcePlus_(VectorX::Zero(model.nq)),
      forceMinus_(VectorX::Zero(model.nq)),
      qdPerturbed_(VectorX::Zero(model.nq)),
      rhs_(VectorX::Zero(model.nq)),
      product_(VectorX::Zero(model.nq)),
      unit_(VectorX::Zero(model.nq)),
      column_(VectorX::Zero(model.nq)),
      hybrid_(anyDriven(model)) {
  for (const Joint& joint : model.joints) blocks_[joint.child] = JointSquare::Zero(joint.nq, joint.nq);
}

ImplicitSolveReport ImplicitVelocity::solve(const Model& model, const State& state, double h,
                                            const VectorX& prescribed, VectorX& qdNext) {
  computeKinematics(model, state.q, state.qd, kin_);
  generalizedForce(model, kin_, state.q, state.qd, forceInputs(state), inverseDynamics_, force_);
  computeProjectedStiffness(model, state);
  denseFactored_ = false;
  assembleRightHandSide(model, state, h, prescribed);
  setPreconditionerBlocks(model, h);
  qdNext = state.qd;
  if (!factorInverseInertia(model, kin_, &blocks_, hybrid_, preconditioner_)) {
    qdNext.setConstant(std::numeric_limits<double>::quiet_NaN());  // singular inertia: reported by the step
    return {};
  }
  auto A = [&](const VectorX& x, VectorX& out) { systemProduct(model, state, h, x, out); };
  auto P = [&](const VectorX& x, VectorX& out) { applyInverseInertia(model, kin_, x, hybrid_, preconditioner_, out); };
  ImplicitSolveReport report;
  report.krylov = gmres_.solve(A, P, rhs_, qdNext, tolerance, maxIterations);
  if (!report.krylov.converged) {
    factorDensely(model, state, h);
    qdNext = lu_.solve(rhs_);
    report.denseFallback = true;
  }
  return report;
}

KrylovReport ImplicitVelocity::applyInverse(const Model& model, const State& state, double h, const VectorX& x,
                                            VectorX& y) {
  KrylovReport report;
  if (!denseFactored_) {
    auto A = [&](const VectorX& v, VectorX& out) { systemProduct(model, state, h, v, out); };
    auto P = [&](const VectorX& v, VectorX& out) { applyInverseInertia(model, kin_, v, hybrid_, preconditioner_, out); };
    y.setZero();
    report = gmres_.solve(A, P, x, y, tolerance, maxIterations);
    if (report.converged) return report;
    factorDensely(model, state, h);
  }
  y.noalias() = lu_.solve(x);
  report.converged = true;
  return report;
}

void ImplicitVelocity::factorDensely(const Model& model, const State& state, double h) {
  for (int k = 0; k < model.nq; ++k) {
    unit_.setZero();
    unit_[k] = 1.0;
    dampingProduct(model, state, unit_, product_);
    massMatrixProduct(model, kin_, unit_, twist_, wrench_, column_);
    dense_.col(k) = column_ + h * product_ + (h * h) * K_.col(k);
  }
  for (const Joint& joint : model.joints) {
    if (!joint.driven) continue;
    dense_.middleRows(joint.qIndex, joint.nq).setZero();
    dense_.block(joint.qIndex, joint.qIndex, joint.nq, joint.nq).setIdentity();
  }
  lu_.compute(dense_);
  denseFactored_ = true;
}

// K = -df_r/dq by the central differences of forceJacobians (so K+ is bit for bit RedMax's:
// the projected implicit step amplifies the ~1e-10 |f| rounding noise of such a K to ~1e-8 in
// qdot'), then its PSD projection.
void ImplicitVelocity::computeProjectedStiffness(const Model& model, const State& state) {
  stiffnessByDifferences(model, state.q, state.qd, forceInputs(state), projection_, K_);
  projectToPositiveSemidefinite(K_, projection_);
}

// f_r is quadratic in qdot, so the central difference is exact for any s; s scales x to a unit
// largest entry, like the unit step of forceJacobians. Only the velocity fields of kin_ change,
// which the M_r products and the preconditioner do not read.
void ImplicitVelocity::dampingProduct(const Model& model, const State& state, const VectorX& x, VectorX& out) {
  const double largest = x.lpNorm<Eigen::Infinity>();
  if (largest == 0.0) {
    out.setZero();
    return;
  }
  const double s = 1.0 / largest;
  qdPerturbed_ = state.qd + s * x;
  updateVelocities(model, state.q, qdPerturbed_, kin_);
  generalizedForce(model, kin_, state.q, qdPerturbed_, forceInputs(state), inverseDynamics_, forcePlus_);
  qdPerturbed_ = state.qd - s * x;
  updateVelocities(model, state.q, qdPerturbed_, kin_);
  generalizedForce(model, kin_, state.q, qdPerturbed_, forceInputs(state), inverseDynamics_, forceMinus_);
  out = (forceMinus_ - forcePlus_) * (0.5 / s);
}

void ImplicitVelocity::systemProduct(const Model& model, const State& state, double h, const VectorX& x,
                                     VectorX& out) {
  dampingProduct(model, state, x, product_);
  massMatrixProduct(model, kin_, x, twist_, wrench_, out);
  out += h * product_;
  product_.noalias() = K_ * x;
  out += (h * h) * product_;
  if (!hybrid_) return;
  for (const Joint& joint : model.joints)
    if (joint.driven) out.segment(joint.qIndex, joint.nq) = x.segment(joint.qIndex, joint.nq);
}

// M_r qdot + h (f_r + D qdot) (eq 2.79); driven rows qdot_d + h qddot_d.
void ImplicitVelocity::assembleRightHandSide(const Model& model, const State& state, double h,
                                             const VectorX& prescribed) {
  dampingProduct(model, state, state.qd, rhs_);
  rhs_ += force_;
  rhs_ *= h;
  massMatrixProduct(model, kin_, state.qd, twist_, wrench_, product_);
  rhs_ += product_;
  if (!hybrid_) return;
  for (const Joint& joint : model.joints)
    if (joint.driven)
      rhs_.segment(joint.qIndex, joint.nq) =
          state.qd.segment(joint.qIndex, joint.nq) + h * prescribed.segment(joint.qIndex, joint.nq);
}

// Alg 10 line 6 with the joint's own spring and damper, h d_j I + h^2 k_j I. (The diagonal
// blocks of the projected K+ make a worse preconditioner: K+ is low rank, its diagonal is not.)
void ImplicitVelocity::setPreconditionerBlocks(const Model& model, double h) {
  for (const Joint& joint : model.joints) {
    JointSquare& block = blocks_[joint.child];
    block.setZero();
    block.diagonal().setConstant(std::max(0.0, h * joint.damping + h * h * joint.stiffness));
  }
}

}  // namespace articulab
