#include "engine/solvers/variational_minimal/impulse_dynamics.hpp"

namespace articulab::variational_minimal {

ImpulseWorkspace::ImpulseWorkspace(const Model& model)
    : IA(model.bodyCount(), Matrix6::Zero()),
      pA(model.bodyCount(), Vector6::Zero()),
      U(model.bodyCount(), Vector6::Zero()),
      a(model.bodyCount(), Vector6::Zero()),
      D(model.bodyCount(), 1.0),
      u(model.bodyCount(), 0.0) {}

void solveMass(const Model& model, const TreeKinematics& kin, const VectorX& b, ImpulseWorkspace& ws, VectorX& x) {
  const int n = model.bodyCount();
  for (int i = 0; i < n; ++i) {
    ws.IA[i] = model.bodies[i].M;
    ws.pA[i].setZero();
  }
  // backward pass: IA_p += Ad^T (IA - U U^T / D) Ad,  pA_p += Ad^T (pA + U u / D),  u = b_i - A^T pA
  for (int i = n - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& body = kin.bodies[i];
    Matrix6 Ia = ws.IA[i];
    Vector6 pa = ws.pA[i];
    if (joint.nq == 1) {
      const auto A = body.AdS.col(0);
      ws.U[i].noalias() = ws.IA[i] * A;
      ws.D[i] = A.dot(ws.U[i]);
      ws.u[i] = b[joint.qIndex] - A.dot(ws.pA[i]);
      Ia.noalias() -= ws.U[i] * ws.U[i].transpose() / ws.D[i];
      pa += ws.U[i] * (ws.u[i] / ws.D[i]);
    }
    if (joint.parent >= 0) {
      body.E_pi.addInertiaToParent(Ia, ws.IA[joint.parent]);
      ws.pA[joint.parent] += body.E_pi.wrenchToParent(pa);
    }
  }
  // forward pass: a_i = Ad_ip a_p + A_i x_i,  x_i = (u_i - U_i^T Ad_ip a_p) / D_i
  for (int i = 0; i < n; ++i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& body = kin.bodies[i];
    ws.a[i] = joint.parent >= 0 ? body.E_pi.twistToChild(ws.a[joint.parent]) : Vector6::Zero();
    if (joint.nq == 1) {
      const double xi = (ws.u[i] - ws.U[i].dot(ws.a[i])) / ws.D[i];
      x[joint.qIndex] = xi;
      ws.a[i] += body.AdS.col(0) * xi;
    }
  }
}

}  // namespace articulab::variational_minimal
