// The impulse-based update of RIQN (lee-liu-park-srinivasa section 3.2, Alg 3): x = M(q)^-1 b for
// a generalized impulse b in O(n), by the articulated-body recursion with zero velocity, zero
// gravity and joint "torques" b (featherstone's ABA reduced to its inertia terms), on the poses of
// a TreeKinematics already computed (the last DRNEA forward pass). Fixed and 1-DOF fixed-axis joints
// only (the joints variational-minimal runs): each pivot D_i = A_i^T IA_i A_i is a scalar.
#pragma once

#include <vector>

#include "engine/algorithm/kinematics.hpp"

namespace articulab::variational_minimal {

struct ImpulseWorkspace {
  std::vector<Matrix6> IA;  // articulated inertias, body coordinates
  std::vector<Vector6> pA;  // articulated bias impulses
  std::vector<Vector6> U;   // IA_i A_i
  std::vector<Vector6> a;   // velocity changes
  std::vector<double> D, u;
  explicit ImpulseWorkspace(const Model& model = Model{});
};

// x = M^-1 b at the poses of kin. x may not alias b.
void solveMass(const Model& model, const TreeKinematics& kin, const VectorX& b, ImpulseWorkspace& ws, VectorX& x);

}  // namespace articulab::variational_minimal
