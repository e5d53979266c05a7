#include "engine/solvers/variational_minimal/impulse_dynamics.hpp"

#include <Eigen/Cholesky>

#include "engine/multibody/joint_dof.hpp"

namespace articulab::variational_minimal {

namespace {

// Backward step of joint i with N coordinates: U = IA A, D = A^T U + armature (N x N, stored
// inverted); IA -= U D^-1 U^T (the articulated inertia seen by the parent).
template <int N>
void articulateJoint(const JointMatrix& AdS, double armature, ImpulseWorkspace& ws, int i, Matrix6& Ia) {
  const Eigen::Map<const joint_dof::Basis<N>> A(AdS.data());
  const joint_dof::Basis<N> U = ws.IA[i] * A;
  joint_dof::Square<N> D = A.transpose() * U;
  D.diagonal().array() += armature;  // rotor inertia (Joint::armature)
  const joint_dof::Square<N> Dinv = D.llt().solve(joint_dof::Square<N>::Identity());
  Ia.noalias() -= (U * Dinv) * U.transpose();
  ws.U[i].leftCols<N>() = U;
  ws.Dinv[i].topLeftCorner<N, N>() = Dinv;
}

// Bias step of joint i: u = b_i - A^T pA, pA += U D^-1 u (the bias impulse seen by the parent).
template <int N>
void biasJoint(const double* b, ImpulseWorkspace& ws, int i, Vector6& pa) {
  const Eigen::Map<const joint_dof::Basis<N>> A(ws.AdS[i].data());
  const Eigen::Map<const joint_dof::Coordinates<N>> bi(b);
  const joint_dof::Coordinates<N> u = bi - A.transpose() * ws.pA[i];
  pa.noalias() += ws.U[i].leftCols<N>() * (ws.Dinv[i].topLeftCorner<N, N>() * u);
  ws.u[i].head<N>() = u;
}

// Forward step: x_i = D^-1 (u - U^T a_i), a_i += A x_i.
template <int N>
void accelerateJoint(ImpulseWorkspace& ws, int i, double* x) {
  const Eigen::Map<const joint_dof::Basis<N>> A(ws.AdS[i].data());
  const joint_dof::Coordinates<N> xi =
      ws.Dinv[i].topLeftCorner<N, N>() * (ws.u[i].head<N>() - ws.U[i].leftCols<N>().transpose() * ws.a[i]);
  Eigen::Map<joint_dof::Coordinates<N>> out(x);
  out = xi;
  ws.a[i].noalias() += A * xi;
}

}  // namespace

ImpulseWorkspace::ImpulseWorkspace(const Model& model)
    : IA(model.bodyCount(), Matrix6::Zero()),
      pA(model.bodyCount(), Vector6::Zero()),
      U(model.bodyCount(), Matrix6::Zero()),
      a(model.bodyCount(), Vector6::Zero()),
      Dinv(model.bodyCount(), Matrix6::Identity()),
      u(model.bodyCount(), Vector6::Zero()),
      E_pi(model.bodyCount()),
      AdS(model.bodyCount()) {
  for (int i = 0; i < model.bodyCount(); ++i) AdS[i].setZero(6, model.joints[i].nq);
}

void factorMass(const Model& model, const TreeKinematics& kin, ImpulseWorkspace& ws) {
  const int n = model.bodyCount();
  for (int i = 0; i < n; ++i) {
    ws.IA[i] = model.bodies[i].M;
    ws.E_pi[i] = kin.bodies[i].E_pi;
    ws.AdS[i] = kin.bodies[i].AdS;
  }
  // IA_p += Ad^T (IA - U D^-1 U^T) Ad, leaves first
  for (int i = n - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    Matrix6 Ia = ws.IA[i];
    joint_dof::withDof(joint.nq, [&](auto dof) {
      constexpr int N = decltype(dof)::value;
      if constexpr (N > 0) articulateJoint<N>(ws.AdS[i], joint.armature, ws, i, Ia);
    });
    if (joint.parent >= 0) ws.E_pi[i].addInertiaToParent(Ia, ws.IA[joint.parent]);
  }
}

void solveFactoredMass(const Model& model, const VectorX& b, ImpulseWorkspace& ws, VectorX& x) {
  const int n = model.bodyCount();
  for (int i = 0; i < n; ++i) ws.pA[i].setZero();
  // backward: pA_p += Ad^T (pA + U D^-1 u),  u = b_i - A^T pA
  for (int i = n - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    Vector6 pa = ws.pA[i];
    joint_dof::withDof(joint.nq, [&](auto dof) {
      constexpr int N = decltype(dof)::value;
      if constexpr (N > 0) biasJoint<N>(b.data() + joint.qIndex, ws, i, pa);
    });
    if (joint.parent >= 0) ws.pA[joint.parent] += ws.E_pi[i].wrenchToParent(pa);
  }
  // forward: a_i = Ad_ip a_p + A_i x_i,  x_i = D_i^-1 (u_i - U_i^T Ad_ip a_p)
  for (int i = 0; i < n; ++i) {
    const Joint& joint = model.joints[i];
    ws.a[i] = joint.parent >= 0 ? ws.E_pi[i].twistToChild(ws.a[joint.parent]) : Vector6::Zero();
    joint_dof::withDof(joint.nq, [&](auto dof) {
      constexpr int N = decltype(dof)::value;
      if constexpr (N > 0) accelerateJoint<N>(ws, i, x.data() + joint.qIndex);
    });
  }
}

void solveMass(const Model& model, const TreeKinematics& kin, const VectorX& b, ImpulseWorkspace& ws, VectorX& x) {
  factorMass(model, kin, ws);
  solveFactoredMass(model, b, ws, x);
}

}  // namespace articulab::variational_minimal
