#include "engine/solvers/variational_minimal/impulse_dynamics.hpp"

#include <Eigen/Cholesky>

#include "engine/multibody/joint_dof.hpp"

namespace articulab::variational_minimal {

namespace {

// Backward step of joint i with N coordinates: U = IA A, D = A^T U (N x N, stored inverted),
// u = b_i - A^T pA; IA -= U D^-1 U^T, pA += U D^-1 u (the articulated inertia seen by the parent).
template <int N>
void impulseArticulateJoint(const JointMatrix& AdS, const double* b, ImpulseWorkspace& ws, int i, Matrix6& Ia, Vector6& pa) {
  const Eigen::Map<const joint_dof::Basis<N>> A(AdS.data());
  joint_dof::Basis<N> U = ws.IA[i] * A;
  const joint_dof::Square<N> D = A.transpose() * U;
  const joint_dof::Square<N> Dinv = D.llt().solve(joint_dof::Square<N>::Identity());
  const Eigen::Map<const joint_dof::Coordinates<N>> bi(b);
  const joint_dof::Coordinates<N> u = bi - A.transpose() * ws.pA[i];
  const joint_dof::Basis<N> UDinv = U * Dinv;
  Ia.noalias() -= UDinv * U.transpose();
  pa.noalias() += UDinv * u;
  ws.U[i].leftCols<N>() = U;
  ws.Dinv[i].topLeftCorner<N, N>() = Dinv;
  ws.u[i].head<N>() = u;
}

// Forward step: x_i = D^-1 (u - U^T a_i), a_i += A x_i.
template <int N>
void impulseAccelerateJoint(const JointMatrix& AdS, ImpulseWorkspace& ws, int i, double* x) {
  const Eigen::Map<const joint_dof::Basis<N>> A(AdS.data());
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
      u(model.bodyCount(), Vector6::Zero()) {}

void solveMass(const Model& model, const TreeKinematics& kin, const VectorX& b, ImpulseWorkspace& ws, VectorX& x) {
  const int n = model.bodyCount();
  for (int i = 0; i < n; ++i) {
    ws.IA[i] = model.bodies[i].M;
    ws.pA[i].setZero();
  }
  // backward pass: IA_p += Ad^T (IA - U D^-1 U^T) Ad,  pA_p += Ad^T (pA + U D^-1 u),  u = b_i - A^T pA
  for (int i = n - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& body = kin.bodies[i];
    Matrix6 Ia = ws.IA[i];
    Vector6 pa = ws.pA[i];
    joint_dof::withDof(joint.nq, [&](auto dof) {
      constexpr int N = decltype(dof)::value;
      if constexpr (N > 0) impulseArticulateJoint<N>(body.AdS, b.data() + joint.qIndex, ws, i, Ia, pa);
    });
    if (joint.parent >= 0) {
      body.E_pi.addInertiaToParent(Ia, ws.IA[joint.parent]);
      ws.pA[joint.parent] += body.E_pi.wrenchToParent(pa);
    }
  }
  // forward pass: a_i = Ad_ip a_p + A_i x_i,  x_i = D_i^-1 (u_i - U_i^T Ad_ip a_p)
  for (int i = 0; i < n; ++i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& body = kin.bodies[i];
    ws.a[i] = joint.parent >= 0 ? body.E_pi.twistToChild(ws.a[joint.parent]) : Vector6::Zero();
    joint_dof::withDof(joint.nq, [&](auto dof) {
      constexpr int N = decltype(dof)::value;
      if constexpr (N > 0) impulseAccelerateJoint<N>(body.AdS, ws, i, x.data() + joint.qIndex);
    });
  }
}

}  // namespace articulab::variational_minimal
