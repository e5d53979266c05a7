#include "engine/solvers/baraff/body_forces.hpp"

#include "engine/forces/applied_forces.hpp"
#include "engine/forces/joint_spring_wrenches.hpp"

namespace articulab::baraff {

void fillBodyForces(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                    const VectorX& q, const VectorX& qd, const ForceInputs& inputs, std::vector<Vector6>& F) {
  computeBodyForces(model, PoseListMotion{E_0i, phi}, inputs, F);
  addJointSpringWrenches(model, E_0i, q, qd, F);
}

}  // namespace articulab::baraff
