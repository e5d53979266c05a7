#include "engine/algorithm/forces.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab {

Vector6 bodyWrench(const Model& model, int i, const Matrix4& E_0i, const Vector6& phi) {
  const Body& body = model.bodies[i];
  const Vector3 gravityLocal = E_0i.topLeftCorner<3, 3>().transpose() * (body.mass * model.gravity);
  return se3::ad(phi).transpose() * (body.M * phi) + se3::Gamma(body.com).transpose() * gravityLocal;
}

Vector6 perturbationWrench(const Perturbation& pert, const Matrix4& E_0i, const Vector6& phi) {
  const Matrix3 R = E_0i.topLeftCorner<3, 3>();
  const Vector3 x = R * pert.pointLocal + E_0i.topRightCorner<3, 1>();
  const Vector3 v = R * (se3::Gamma(pert.pointLocal) * phi);
  const Vector3 force = pert.stiffness * (pert.targetWorld - x) - pert.damping * v;
  return se3::Gamma(pert.pointLocal).transpose() * (R.transpose() * force);
}

void addJointForces(const Model& model, const VectorX& q, const VectorX& qd, VectorX& f) {
  for (const Joint& J : model.joints) {
    if (J.nq == 0 || (J.stiffness == 0.0 && J.damping == 0.0)) continue;
    f.segment(J.qIndex, J.nq) -= J.stiffness * (q.segment(J.qIndex, J.nq) - J.rest) + J.damping * qd.segment(J.qIndex, J.nq);
  }
}

}  // namespace articulab
