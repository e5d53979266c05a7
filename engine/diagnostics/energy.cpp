#include "engine/diagnostics/energy.hpp"

#include "engine/spatial/so3.hpp"

namespace articulab {

EnergyReport computeEnergy(const Model& model, const State& state) {
  EnergyReport r;
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Body& body = model.bodies[i];
    const Matrix4& E = state.E_0i[i];
    const Vector6& phi = state.phi[i];
    const Vector6 h = body.M * phi;  // body momentum (angular about the frame origin; linear)
    r.kinetic += 0.5 * phi.dot(h);
    const Vector3 com = E.topLeftCorner<3, 3>() * body.com + E.topRightCorner<3, 1>();
    r.potential -= body.mass * model.gravity.dot(com);
    // Momentum to world: h_0 = Ad(E^-1)^T h (co-adjoint).
    const Matrix3 R = E.topLeftCorner<3, 3>();
    const Vector3 linear = R * h.tail<3>();
    r.linearMomentum += linear;
    r.angularMomentum += R * h.head<3>() + E.topRightCorner<3, 1>().cross(linear);
  }
  for (const Joint& J : model.joints) {
    if (J.stiffness == 0.0 || J.nq == 0) continue;
    r.potential += 0.5 * J.stiffness * (state.q.segment(J.qIndex, J.nq) - J.rest).squaredNorm();
  }
  return r;
}

}  // namespace articulab
