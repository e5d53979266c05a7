#include "engine/diagnostics/energy.hpp"

#include "engine/forces/force_energy.hpp"

namespace articulab {

EnergyReport computeEnergy(const Model& model, const State& state) {
  EnergyReport r;
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Body& body = model.bodies[i];
    const Matrix4& E = state.E_0i[i];
    const Vector6& phi = state.phi[i];
    const Vector6 h = body.M * phi;  // body momentum (angular about the frame origin; linear)
    r.kinetic += 0.5 * phi.dot(h);
    // Momentum to world: h_0 = Ad(E^-1)^T h (co-adjoint).
    const Matrix3 R = E.topLeftCorner<3, 3>();
    const Vector3 linear = R * h.tail<3>();
    r.linearMomentum += linear;
    r.angularMomentum += R * h.head<3>() + E.topRightCorner<3, 1>().cross(linear);
  }
  if (state.qd.size() == model.nq)  // rotors (Joint::armature): 1/2 armature qdot_k^2 per coordinate
    for (const Joint& joint : model.joints)
      r.kinetic += 0.5 * joint.armature * state.qd.segment(joint.qIndex, joint.nq).squaredNorm();
  const ForceEnergy forces = forceEnergy(model, state);
  r.potential = forces.potential();
  r.dissipation = forces.dissipation;
  r.musclePower = forces.musclePower;
  return r;
}

}  // namespace articulab
