// Recursive Newton-Euler inverse dynamics in O(n) on the tree kinematics, the one every back-end
// uses (sueda notes 2.10: the quantity of eq 2.18 through the products of Alg 5-6 instead of the
// dense Jacobian):
//   tau = M_r(q) qddot - f_r(q, qdot) + joint springs and dampers (M_r with the joints' armature),
//   f_r(q, qdot) = J^T (f_m - M_m Jdot qdot) + joint springs and dampers (eq 2.72-2.74),
// with f_m the applied body forces of engine/forces/ (Coriolis, gravity, perturbation, elements).
#pragma once

#include <vector>

#include "engine/algorithm/kinematics.hpp"
#include "engine/multibody/state.hpp"

namespace articulab {

struct InverseDynamicsWorkspace {
  std::vector<Vector6> accel;      // body accelerations
  std::vector<Vector6> wrench;     // net wrench on each subtree, body coordinates
  std::vector<Vector6> bodyForce;  // applied body forces
  explicit InverseDynamicsWorkspace(const Model& model = Model{});
};

// Forward pass: a_i = Ad_ip a_p + eta_i (+ Ad_iJ S qddot_i), the body accelerations (eq 2.17,
// Alg 9 line 4), into ws.accel, and each body's net wrench M_i a_i - f_i into ws.wrench, with f_i
// the ws.bodyForce the caller filled. Without qdd (nullptr), qddot = 0.
void netBodyWrenches(const Model& model, const TreeKinematics& kin, const VectorX* qdd, InverseDynamicsWorkspace& ws);

// tau = M_r qddot - J^T f_m at the (q, qdot) of kin (computeKinematics); joint springs and
// dampers are not included. tau may alias qdd.
void inverseDynamics(const Model& model, const TreeKinematics& kin, const VectorX& qdd, const ForceInputs& inputs,
                     InverseDynamicsWorkspace& ws, VectorX& tau);

// f = f_r(q, qdot) at the (q, qdot) of kin: minus the inverse dynamics at qddot = 0, plus joint
// springs and dampers; q and qd are read for those.
void generalizedForce(const Model& model, const TreeKinematics& kin, const VectorX& q, const VectorX& qd,
                      const ForceInputs& inputs, InverseDynamicsWorkspace& ws, VectorX& f);

}  // namespace articulab
