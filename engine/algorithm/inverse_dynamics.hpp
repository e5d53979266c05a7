// Recursive Newton-Euler inverse dynamics in O(n): tau = M_r(q) qddot - f_r(q, qdot)
// (sueda notes 2.10: the same quantity as eq 2.18, computed with the transpose products
// of Alg 5-6 instead of the dense Jacobian).
#pragma once

#include <vector>

#include "engine/algorithm/kinematics.hpp"
#include "engine/multibody/state.hpp"

namespace articulab {

struct InverseDynamicsWorkspace {
  TreeKinematics kin;
  std::vector<Vector6> a;  // body accelerations
  std::vector<Vector6> w;  // net wrench on each subtree, body coordinates
  std::vector<Vector6> f;  // applied body forces (engine/forces/applied_forces.hpp)
  explicit InverseDynamicsWorkspace(const Model& model = Model{});
};

// tau = M_r qddot - J^T f_m (Coriolis, gravity, perturbation, force elements). Joint springs and
// dampers are not included. Uses ws.kin as filled by computeKinematics at (q, qdot).
void inverseDynamics(const Model& model, const VectorX& qd, const VectorX& qdd, const Perturbation& pert,
                     InverseDynamicsWorkspace& ws, VectorX& tau);

// The full generalized force f_r(q, qdot) of eq 2.73: -inverseDynamics(q, qdot, 0) plus joint
// springs and dampers. Recomputes kinematics at (q, qdot) into ws.
void generalizedForce(const Model& model, const VectorX& q, const VectorX& qd, const Perturbation& pert,
                      InverseDynamicsWorkspace& ws, VectorX& f);

}  // namespace articulab
