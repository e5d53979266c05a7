// Applied forces F_i of the maximal-coordinate system, per body in body coordinates:
// the applied body forces of engine/forces/applied_forces.hpp, and joint springs and
// dampers (eq 2.72, 2.74) turned into an equal and opposite wrench pair on child and parent.
#pragma once

#include <vector>

#include "engine/multibody/state.hpp"

namespace articulab::baraff {

// q and qd are the joint coordinates recovered from the maximal state.
void fillBodyForces(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                    const VectorX& q, const VectorX& qd, const ForceInputs& inputs, std::vector<Vector6>& F);

}  // namespace articulab::baraff
