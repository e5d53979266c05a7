#include "engine/solvers/recursive/articulated_body.hpp"

#include <Eigen/Cholesky>

#include "engine/multibody/joint_dof.hpp"

namespace articulab {

namespace {

using joint_dof::Basis;
using joint_dof::Coordinates;
using joint_dof::Square;

template <int N>
bool invertPositiveDefinite(const Square<N>& D, Square<N>& inverse) {
  if constexpr (N == 1) {
    inverse(0, 0) = 1.0 / D(0, 0);
    return D(0, 0) > 0.0;
  } else {
    const Eigen::LLT<Square<N>> llt(D);
    inverse = llt.solve(Square<N>::Identity());
    return llt.info() == Eigen::Success;
  }
}

// U = M^ S and, for a free joint, Psi = (S^T U + P)^-1 (Alg 9 line 13, Alg 10 line 10), then
// U += C' (JointCrossBlocks).
template <int N>
bool factorJoint(const BodyKinematics& k, const JointSquare* block, const JointMatrix* cross, bool driven,
                 double armature, ArticulatedBody& b) {
  if constexpr (N == 0) {
    return true;
  } else {
    const Eigen::Map<const Basis<N>> S(k.AdS.data());
    Eigen::Map<Basis<N>> U(b.U.data());
    U.noalias() = b.inertia * S;
    if (driven) return true;
    Square<N> D = S.transpose() * U;
    D.diagonal().array() += armature;  // rotor inertia (Joint::armature) on M_r's diagonal
    if (block) D += Eigen::Map<const Square<N>>(block->data());
    Square<N> Psi;
    const bool ok = invertPositiveDefinite<N>(D, Psi);
    Eigen::Map<Square<N>>(b.Psi.data()) = Psi;
    if (cross) U += Eigen::Map<const Basis<N>>(cross->data());
    return ok;
  }
}

// M^ becomes Pi = M^ - U Psi U^T in place (Alg 9 line 14); driven joints keep M^ (line 10).
template <int N>
void articulateJoint(bool driven, ArticulatedBody& b) {
  if constexpr (N > 0) {
    if (driven) return;
    const Eigen::Map<const Basis<N>> U(b.U.data());
    const Basis<N> UPsi = U * Eigen::Map<const Square<N>>(b.Psi.data());
    b.inertia.noalias() -= UPsi * U.transpose();
  }
}

// beta = B^ + M^ eta + U Psi (x - S^T (B^ + M^ eta)) (Alg 9 line 15, Alg 10 line 17), reading M^
// before articulateJoint; driven: beta = B^ + M^ eta + U qddot (line 11).
template <int N>
void biasOfJoint(const BodyKinematics& k, const double* x, const double* prescribed, bool velocityTerms,
                 ArticulatedBody& b, Vector6& beta) {
  beta = b.bias;
  if (velocityTerms) beta.noalias() += b.inertia * k.eta;
  if constexpr (N > 0) {
    const Eigen::Map<const Basis<N>> S(k.AdS.data());
    const Eigen::Map<const Basis<N>> U(b.U.data());
    if (prescribed) {
      beta.noalias() += U * Eigen::Map<const Coordinates<N>>(prescribed);
      return;
    }
    Eigen::Map<Coordinates<N>> u(b.u.data());
    u = Eigen::Map<const Coordinates<N>>(x);
    u.noalias() -= S.transpose() * beta;
    beta.noalias() += U * (Eigen::Map<const Square<N>>(b.Psi.data()) * u);
  }
}

// qddot = Psi (u - U^T a'), a = a' + eta + S qddot with a' = Ad_ip a_p (Alg 9 lines 24-25);
// driven: a = a' + eta + S qddot, joint force U^T a + S^T B^ + armature qddot - x (lines 20-22).
template <int N>
void accelerateJoint(const Vector6& transported, const BodyKinematics& k, const double* x, const double* prescribed,
                     bool velocityTerms, double armature, ArticulatedBody& b, double* out) {
  b.accel = transported;
  if (velocityTerms) b.accel += k.eta;
  if constexpr (N > 0) {
    const Eigen::Map<const Basis<N>> S(k.AdS.data());
    const Eigen::Map<const Basis<N>> U(b.U.data());
    Eigen::Map<Coordinates<N>> result(out);
    if (prescribed) {
      b.accel.noalias() += S * Eigen::Map<const Coordinates<N>>(prescribed);
      result.noalias() = U.transpose() * b.accel;
      result.noalias() += S.transpose() * b.bias;
      result += armature * Eigen::Map<const Coordinates<N>>(prescribed);
      result -= Eigen::Map<const Coordinates<N>>(x);
      return;
    }
    Coordinates<N> remaining = Eigen::Map<const Coordinates<N>>(b.u.data());
    remaining.noalias() -= U.transpose() * transported;
    result.noalias() = Eigen::Map<const Square<N>>(b.Psi.data()) * remaining;
    b.accel.noalias() += S * result;
  }
}

const double* prescribedOf(const Model& model, const ArticulatedInput& in, int i) {
  const Joint& joint = model.joints[i];
  return joint.driven && in.prescribed ? in.prescribed->data() + joint.qIndex : nullptr;
}

}  // namespace

ArticulatedBodyWorkspace::ArticulatedBodyWorkspace(const Model& model) : bodies(model.bodies.size()) {
  for (const Joint& joint : model.joints) {
    ArticulatedBody& b = bodies[joint.child];
    b.U = JointMatrix::Zero(6, joint.nq);
    b.Psi = JointSquare::Zero(joint.nq, joint.nq);
    b.u = JointVector::Zero(joint.nq);
  }
}

bool eliminateArticulatedInertia(const Model& model, const TreeKinematics& kin, const JointBlocks* blocks,
                                 bool hybrid, ArticulatedBodyWorkspace& ws) {
  for (int i = 0; i < model.bodyCount(); ++i) ws.bodies[i].inertia = model.bodies[i].M;
  bool ok = true;
  for (int i = model.bodyCount() - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const bool driven = hybrid && joint.driven;
    const JointSquare* block = blocks ? &(*blocks)[i] : nullptr;
    ArticulatedBody& b = ws.bodies[i];
    joint_dof::withDof(joint.nq, [&](auto n) {
      ok &= factorJoint<decltype(n)::value>(kin.bodies[i], block, nullptr, driven, joint.armature, b);
      articulateJoint<decltype(n)::value>(driven, b);
    });
    if (joint.parent >= 0) kin.bodies[i].E_pi.addInertiaToParent(b.inertia, ws.bodies[joint.parent].inertia);
  }
  return ok;
}

void accumulateBiasForces(const Model& model, const TreeKinematics& kin, const ArticulatedInput& in,
                          ArticulatedBodyWorkspace& ws) {
  Vector6 beta;
  for (int i = model.bodyCount() - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const double* x = in.jointForce->data() + joint.qIndex;
    joint_dof::withDof(joint.nq, [&](auto n) {
      biasOfJoint<decltype(n)::value>(kin.bodies[i], x, prescribedOf(model, in, i), in.velocityTerms, ws.bodies[i],
                                      beta);
    });
    if (joint.parent >= 0) ws.bodies[joint.parent].bias += kin.bodies[i].E_pi.wrenchToParent(beta);
  }
}

bool eliminateWithBiasForces(const Model& model, const TreeKinematics& kin, const ArticulatedInput& in,
                             const JointBlocks* blocks, ArticulatedBodyWorkspace& ws, const JointCrossBlocks* cross) {
  bool ok = true;
  Vector6 beta;
  for (int i = model.bodyCount() - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    const double* prescribed = prescribedOf(model, in, i);
    const double* x = in.jointForce->data() + joint.qIndex;
    ArticulatedBody& b = ws.bodies[i];
    joint_dof::withDof(joint.nq, [&](auto n) {
      constexpr int N = decltype(n)::value;
      ok &= factorJoint<N>(k, blocks ? &(*blocks)[i] : nullptr, cross ? &(*cross)[i] : nullptr, prescribed != nullptr,
                           joint.armature, b);
      biasOfJoint<N>(k, x, prescribed, in.velocityTerms, b, beta);
      articulateJoint<N>(prescribed != nullptr, b);
    });
    if (joint.parent < 0) continue;
    ArticulatedBody& parent = ws.bodies[joint.parent];
    k.E_pi.addInertiaToParent(b.inertia, parent.inertia);
    parent.bias += k.E_pi.wrenchToParent(beta);
  }
  return ok;
}

void propagateAccelerations(const Model& model, const TreeKinematics& kin, const ArticulatedInput& in,
                            ArticulatedBodyWorkspace& ws, VectorX& out) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    const Vector6 transported =
        joint.parent >= 0 ? k.E_pi.twistToChild(ws.bodies[joint.parent].accel) : Vector6::Zero();
    const double* x = in.jointForce->data() + joint.qIndex;
    joint_dof::withDof(joint.nq, [&](auto n) {
      accelerateJoint<decltype(n)::value>(transported, k, x, prescribedOf(model, in, i), in.velocityTerms,
                                          joint.armature, ws.bodies[i], out.data() + joint.qIndex);
    });
  }
}

}  // namespace articulab
