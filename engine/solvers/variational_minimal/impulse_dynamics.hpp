// The impulse-based update of RIQN (lee-liu-park-srinivasa section 3.2, Alg 3): x = M(q)^-1 b for
// a generalized impulse b in O(n), by the articulated-body recursion with zero velocity, zero
// gravity and joint "torques" b (featherstone's ABA reduced to its inertia terms), on the poses of
// a TreeKinematics already computed (the last DRNEA forward pass). Any joint of 0 to 6 coordinates:
// the pivot D_i = A_i^T IA_i A_i is n_i x n_i (fixed-size per joint, inverted by Cholesky).
// The recursion splits in two: factorMass computes the articulated inertias (the 6 x 6 products,
// most of the cost) and keeps the poses they belong to; solveFactoredMass then takes any number
// of right-hand sides b in O(n) each with 6-vector products only.
#pragma once

#include <vector>

#include "engine/algorithm/kinematics.hpp"

namespace articulab::variational_minimal {

struct ImpulseWorkspace {
  std::vector<Matrix6> IA;  // articulated inertias, body coordinates
  std::vector<Vector6> pA;  // articulated bias impulses
  std::vector<Matrix6> U;     // IA_i A_i (first n_i columns)
  std::vector<Vector6> a;     // velocity changes
  std::vector<Matrix6> Dinv;  // (A_i^T IA_i A_i)^-1 (top-left n_i x n_i)
  std::vector<Vector6> u;     // b_i - A_i^T pA_i (first n_i entries)
  std::vector<ParentTransform> E_pi;  // the poses of the last factorMass
  std::vector<JointMatrix> AdS;
  explicit ImpulseWorkspace(const Model& model = Model{});
};

// IA_i, U_i = IA_i A_i and D_i^-1 of M(q) at the poses of kin (backward pass), and those poses.
void factorMass(const Model& model, const TreeKinematics& kin, ImpulseWorkspace& ws);
// x = M(q)^-1 b with the q of the last factorMass. x may not alias b.
void solveFactoredMass(const Model& model, const VectorX& b, ImpulseWorkspace& ws, VectorX& x);
// Both: x = M^-1 b at the poses of kin. x may not alias b.
void solveMass(const Model& model, const TreeKinematics& kin, const VectorX& b, ImpulseWorkspace& ws, VectorX& x);

}  // namespace articulab::variational_minimal
