// DRNEA for the midpoint discrete Lagrangian in joint coordinates (lee-liu-park-srinivasa
// section 3.1, Alg 2: one forward and one backward pass over the tree, O(n)).
//
// Discrete Lagrangian (the quadrature of eq 1 by the midpoint rule, in joint coordinates; the
// paper's eq 9 is the SE(3) trapezoid instead):
//   L_d(q_k, q_{k+1}) = h L(q_m, v),   q_m = q_k + (h/2) v,   v = (q_{k+1} - q_k) / h,
//   L(q, qdot) = T(q, qdot) - V(q),   T = 1/2 qdot^T M(q) qdot.
// Its slot derivatives (chain rule; dq_m/dq_k = dq_m/dq_{k+1} = 1/2, dv/dq_{k+1} = -dv/dq_k = 1/h):
//   D1 L_d = -p + (h/2) dL/dq,   D2 L_d = p + (h/2) dL/dq,   p = M(q_m) v,
// and the forcing of section 3 (eq 17) by the same rule, f^- = f^+ = (h/2) Q(q_m, v), with Q the
// non-conservative generalized forces (dampers, elements, mouse spring). Gravity and joint
// springs enter through -dV/dq = Q as well, which is exactly the midpoint L_d's potential term,
// so all applied forces go through Q and  g := (h/2) (dT/dq + Q).
//
// Derivation of dT/dq (where the paper works with the log map instead): for a joint whose
// motion subspace A_i = Ad_iJ S_i is constant in body i (fixed-axis revolute and prismatic),
// dE_pi/dq_i = E_pi [A_i]: varying q_i turns i's whole subtree by the body-i twist A_i, which
// changes the spatial twists of the subtree by ad(A_i) (phi - phi_parent) and their spatial
// inertias by -ad(A_i)^T I - I ad(A_i); the sum over the subtree of both terms of dT_b gives
//   dT/dq_i = A_i^T ad(phi_i)^T h_i,   h_i = I_i phi_i + sum_{c child of i} Ad_ci^T h_c,
// the subtree momentum in body i coordinates, while the generalized momentum is p_i = A_i^T h_i
// (ad(A_i) A_i = 0 lets phi_i stand for the parent's twist). Q_i = A_i^T w_i with w_i the subtree
// sum of applied body wrenches (Coriolis removed), plus the joint springs and dampers.
#pragma once

#include <vector>

#include "engine/algorithm/kinematics.hpp"
#include "engine/forces/applied_forces.hpp"
#include "engine/multibody/state.hpp"

namespace articulab::variational_minimal {

struct DrneaWorkspace {
  TreeKinematics kin;
  AppliedForces forces;
  std::vector<Vector6> momentum;  // h_i, subtree momentum in body i coordinates
  std::vector<Vector6> wrench;    // w_i, subtree applied wrench in body i coordinates
  VectorX q_m, v;                 // midpoint configuration and discrete velocity
  explicit DrneaWorkspace(const Model& model = Model{});
};

// p = M(q_m) v and g = (h/2) (dT/dq + Q)(q_m, v) at q_m = q_k + (h/2) v, so that
// D1 L_d + f^- = g - p and D2 L_d + f^+ = g + p (header). One forward pass (kinematics at
// (q_m, v)) and one backward pass. Requires joints with constant Ad_iJ S (supportedJoint).
void discreteMomenta(const Model& model, const VectorX& q_k, const VectorX& v, double h, const ForceInputs& inputs,
                     DrneaWorkspace& ws, VectorX& p, VectorX& g);

// True for joints the coordinate update handles: fixed (0 DOF), fixed-axis revolute, prismatic.
bool supportedJoint(const JointConstants& joint, const Joint& definition);

}  // namespace articulab::variational_minimal
