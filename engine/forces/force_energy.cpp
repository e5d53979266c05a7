#include "engine/forces/force_energy.hpp"

#include "engine/forces/muscle_readings.hpp"

namespace articulab {

ForceEnergy forceEnergy(const Model& model, const State& state) {
  const std::vector<Matrix4>& E_0i = state.E_0i;
  const VectorX &q = state.q, &qd = state.qd;
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
  const PoseListMotion motion{E_0i, state.phi};
  for (const ForceElement& element : model.forces) {
    const ElementWrenches w = elementWrenches(element, attachmentMotion(motion, element.a), attachmentMotion(motion, element.b));
    energy.elements += w.law.potential;
    energy.dissipation += w.law.dissipation;
  }
  for (std::size_t m = 0; m < model.muscles.size(); ++m) energy.musclePower += readMuscle(model, state, m).power;
  return energy;
}

}  // namespace articulab
