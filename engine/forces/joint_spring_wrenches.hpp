// Joint springs and dampers as body wrenches, for the back-ends in maximal coordinates (baraff,
// variational-maximal); the reduced ones add them in joint space (applied_forces.hpp).
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab {

// For every joint the force tau = -k (q - rest) - c qdot acts on the child as w_c with
// (Ad_cJ S)^T w_c = tau, here w_c = Ad(E_jc)^T S (S^T S)^-1 tau, and on the parent as
// -Ad_cp^T w_c (virtual work, sueda eq 2.72-2.74). Adds both to wrench (body coordinates).
void addJointSpringWrenches(const Model& model, const std::vector<Matrix4>& E_0i, const VectorX& q,
                            const VectorX& qd, std::vector<Vector6>& wrench);

}  // namespace articulab
