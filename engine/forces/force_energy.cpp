#include "engine/forces/force_energy.hpp"

namespace articulab {

ForceEnergy forceEnergy(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                        const VectorX& q, const VectorX& qd) {
  ForceEnergy energy;
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Body& body = model.bodies[i];
    const Vector3 com = E_0i[i].topLeftCorner<3, 3>() * body.com + E_0i[i].topRightCorner<3, 1>();
    energy.gravity -= body.mass * model.gravity.dot(com);
  }
  for (const Joint& J : model.joints) {
    if (J.nq == 0) continue;
    if (J.stiffness != 0.0) energy.jointSprings += 0.5 * J.stiffness * (q.segment(J.qIndex, J.nq) - J.rest).squaredNorm();
    if (J.damping != 0.0) energy.dissipation += J.damping * qd.segment(J.qIndex, J.nq).squaredNorm();
  }
  const PoseListMotion motion{E_0i, phi};
  for (const ForceElement& element : model.forces) {
    const ElementWrenches w = elementWrenches(element, attachmentMotion(motion, element.a), attachmentMotion(motion, element.b));
    energy.elements += w.law.potential;
    energy.dissipation += w.law.dissipation;
  }
  return energy;
}

}  // namespace articulab
