#include "engine/forces/applied_forces.hpp"

namespace articulab {

AppliedForces::AppliedForces(const Model& model)
    : body(model.bodies.size(), Vector6::Zero()), joint(VectorX::Zero(model.nq)) {}

Vector6 coriolisAndGravity(const Body& body, const Vector3& gravity, const Matrix3& R_0i, const Vector6& phi) {
  const Vector6 momentum = body.M * phi;
  const Vector3 w = phi.head<3>(), v = phi.tail<3>();
  const Vector3 weight = R_0i.transpose() * (body.mass * gravity);
  Vector6 wrench;
  wrench.head<3>() = body.com.cross(weight) - w.cross(momentum.head<3>()) - v.cross(momentum.tail<3>());
  wrench.tail<3>() = weight - w.cross(momentum.tail<3>());
  return wrench;
}

ForceElement perturbationElement(const Perturbation& pert) {
  ForceElement spring;
  spring.type = ForceElementType::LinearSpring;
  spring.a = {-1, pert.targetWorld};
  spring.b = {pert.body, pert.pointLocal};
  spring.stiffness = pert.stiffness;
  spring.damping = pert.damping;
  return spring;
}

void addJointForces(const Model& model, const VectorX& q, const VectorX& qd, VectorX& f) {
  for (const Joint& J : model.joints) {
    if (J.nq == 0 || (J.stiffness == 0.0 && J.damping == 0.0)) continue;
    f.segment(J.qIndex, J.nq) -= J.stiffness * (q.segment(J.qIndex, J.nq) - J.rest) + J.damping * qd.segment(J.qIndex, J.nq);
  }
}

}  // namespace articulab
