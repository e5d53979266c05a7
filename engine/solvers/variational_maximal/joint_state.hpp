// Joint coordinates, rates and accelerations read off the bodies' maximal coordinates, so that
// State::q, qd, qdd stay meaningful for plots, joint springs and the drift diagnostic:
//   q     from the relative pose (joint_coordinates, angles unwrapped towards the previous q),
//   qdot  least squares of S qdot = Ad(E_jc)(phi_c - Ad_cp phi_p) (sueda eq 2.29),
//   qddot least squares of S qddot = Ad(E_jc)(a_c - Ad_cp a_p + ad(phi_c) Ad_cp phi_p) - Sdot qdot.
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab::variational {

// q holds the previous coordinates on entry (for unwrapping).
void recoverJointState(const Model& model, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi, VectorX& q,
                       VectorX& qd);
// Joint accelerations from body accelerations a = phidot (body coordinates).
void recoverJointAccelerations(const Model& model, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi,
                               const std::vector<Vector6>& a, const VectorX& q, const VectorX& qd, VectorX& qdd);

}  // namespace articulab::variational
