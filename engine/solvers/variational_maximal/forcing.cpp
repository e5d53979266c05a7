#include "engine/solvers/variational_maximal/forcing.hpp"

#include "engine/forces/applied_forces.hpp"
#include "engine/forces/joint_spring_wrenches.hpp"

namespace articulab::variational {

void computeForcing(const Model& model, const State& state, std::vector<Vector6>& wrench,
                    std::vector<BodyForcing>& out) {
  for (Vector6& w : wrench) w.setZero();
  addActuatedWrenches(model, PoseListMotion{state.E_0i, state.phi}, forceInputs(state), wrench);
  addJointSpringWrenches(model, state.E_0i, state.q, state.qd, wrench);
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Body& body = model.bodies[i];
    const Vector3 n = wrench[i].head<3>(), f = wrench[i].tail<3>();
    out[i].tau = n - body.com.cross(f);
    out[i].F = state.E_0i[i].topLeftCorner<3, 3>() * f + body.mass * model.gravity;
  }
}

}  // namespace articulab::variational
