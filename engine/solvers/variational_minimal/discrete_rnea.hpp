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
// Derivation of dT/dq for any joint with a coordinate parametrisation (the paper works with the
// log map of its SE(3) joints instead; this is the forced DEL's dL/dq when the motion subspace
// depends on q). Notation: A_i = Ad_iJ S_i(q_i) (6 x n_i, columns A_ic), phi_i the body twist,
// phiJ_i = A_i v_i the joint's relative twist, x_i = phi_i - phiJ_i = Ad_ip phi_p the parent's twist
// in body i, h_i = I_i phi_i + sum_{c child of i} Ad_ci^T h_c the subtree momentum in body i.
// For every joint, S is the body twist of Q (S_c = (Q^-1 dQ/dq_c)^v, joint.hpp), so
//   E_pi^-1 dE_pi/dq_ic = E_jc^-1 [S_c] E_jc = [A_ic]   and   d(Ad_ip)/dq_ic = -ad(A_ic) Ad_ip.
// Body coordinates keep the inertias constant, and the transforms from i to a body b of i's
// subtree do not depend on q_i, so with T = 1/2 sum_b phi_b^T I_b phi_b and phi_b = Ad_bi phi_i + ...:
//   dT/dq_ic = h_i^T dphi_i/dq_ic,   phi_i = Ad_ip phi_p + Ad_iJ S_i(q_i) v_i, hence
//   dphi_i/dq_ic = -ad(A_ic) x_i + B_ic,   B_ic = Ad_iJ (dS_i/dq_ic) v_i,
//   dT/dq_ic = A_ic^T ad(x_i)^T h_i + B_ic^T h_i          (-ad(A) x = ad(x) A)      (a), (b)
// and p_i = A_i^T h_i. (a) is the whole of it for fixed-axis joints (B = 0; there ad(A) A = 0
// lets phi_i stand for x_i). (b) brings in dS/dq, and needs no joint evaluation beyond the
// kinematics': S is the body Jacobian of Q(q), so d_d S_c - d_c S_d = ad(S_c) S_d (structure
// equation, derived in discrete_rnea.cpp) and (dS/dq_c) v = Sdot(v) e_c - ad(S_c) S v, with Sdot(v)
// the kinematics' Sdot at (q_m, v) (analytic for the primitive joints, forward-mode AD of Q(q) for
// the general scleronomic ones). Q_i = A_i^T w_i with w_i the subtree sum
// of applied body wrenches (Coriolis removed), plus the joint springs and dampers: the pose
// derivative [A_ic] above is the virtual displacement of i's subtree, for every joint type.
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
// (q_m, v)) and one backward pass; a joint whose A_i depends on q adds no evaluation (its
// dS/dq_c v comes from the structure equation, discrete_rnea.cpp).
void discreteMomenta(const Model& model, const VectorX& q_k, const VectorX& v, double h, const ForceInputs& inputs,
                     DrneaWorkspace& ws, VectorX& p, VectorX& g);

// Alg 4 (the derivative of DRNEA), one column: d/dv_r of -p + g at the point of the last
// discreteMomenta call on ws (its poses, twists and subtree sums h_i, w_i), with dq_m = (h/2) dv.
// Exact when joint(r) has a constant A (revolute, prismatic: dA = dB = 0 at that joint) and the
// applied forces are gravity and joint springs/dampers only (exactDrneaDerivative below); the
// caller takes central differences for the other columns. Tangent (forward-mode) recursion,
// derivation in discrete_rnea.cpp; O(n) per column, O(n^2) for the Jacobian, as Alg 4.
struct DrneaDerivativeWorkspace {
  std::vector<Vector6> pose, twist, parentTwist, momentum, wrench;  // dTheta_i, dphi_i, dx_i, dh_i, dw_i
  explicit DrneaDerivativeWorkspace(const Model& model = Model{});
};
void discreteMomentaColumn(const Model& model, int r, double h, DrneaWorkspace& ws, DrneaDerivativeWorkspace& d,
                           VectorX& column);
// True when the column of coordinate r can be exact: its joint has a constant A.
bool exactDrneaColumn(const Model& model, const TreeKinematics& kin, int r);
// True when the applied forces are those discreteMomentaColumn differentiates: gravity and joint
// springs and dampers (no force elements, muscles or mouse spring).
bool exactDrneaForces(const Model& model, const ForceInputs& inputs);

// True for joints whose A_i = Ad_iJ S_i is constant: fixed (0 DOF), fixed-axis revolute, prismatic.
bool constantMotionSubspace(const JointConstants& joint, const Joint& definition);

}  // namespace articulab::variational_minimal
