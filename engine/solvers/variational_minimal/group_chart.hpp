// The group update of spherical_exp and free3d joints (lee-liu-park-srinivasa section 2: the
// configuration of such a joint is a point of SO(3) or SE(3), and a step moves it by the group
// exponential of h times a velocity in the Lie algebra, not by adding to its exponential
// coordinates).
//
// Each step works in the chart centred at the step's start: for a group joint with transform
// Q(q) (spherical_exp: Q = exp(w); free3d: Q = trans(p) exp(w), the engine's coordinates),
//   Q = Q(q_k) Q(a),   a in R^3 (R^6),   a = 0 at q_k,
// i.e. the joint frame E_pj is moved to E_pj Q(q_k) and the joint itself is evaluated at the
// chart coordinate a (same joint type, so kinematics, S(a) and dS/da are the engine's). S(0) = I:
// at a = 0 the chart velocity is the joint's body twist. Every other joint keeps its coordinates.
// Step k -> k+1 (group joints):
//   a_k = 0,  a_{k+1} = h v,   Q_{k+1} = Q(q_k) Q(h v)
//     spherical_exp: R_{k+1} = R_k exp(h v),  free3d: Q_{k+1} = Q_k trans(h v_t) exp(h v_w),
// then q_{k+1} = coordinates of Q_{k+1} (w = log R, |w| <= pi; free3d's p its translation).
// Discrete Lagrangian of the group joints, centred at the step's start (Q_k):
//   L_d(Q_k, Q_{k+1}) = h L(Q_k tau(a/2), body twist S(a/2) a / h),   tau(a) = Q_k^-1 Q_{k+1},
// with tau the joint's own Q(.) (for a spherical joint L at R_k exp(h v / 2), the midpoint of the
// geodesic R_k exp(t v), with its constant body angular velocity v). DRNEA in the chart centred at
// Q_k gives p = dL/d(alpha dot) and g = (h/2) dL/dalpha (forces included) at alpha = a/2, v = a/h.
// Derivation of the slot derivatives, right-trivialised (Q -> Q exp(eps eta)):
//  D2: Q_{k+1} exp(eps eta) moves a by S(a)^-1 eta, so  mu^+_{k+1} = S(a)^-T (p + g)  (the momentum
//      in the chart centred at Q_{k+1}, where S(0) = I: the next step's p^+).
//  D1: Q_k exp(eps eta) moves a by  da = -S(a)^-1 Ad(tau(a)^-1) eta  and, a fixed, the midpoint
//      configuration Q_k exp(eps eta) tau(a/2); in the fixed chart of Q_k the midpoint coordinate
//      m moves by  m' = zeta + da/2,  zeta = S(a/2)^-1 Ad(tau(a/2)^-1) eta,  and its chart velocity,
//      from S(m) mdot = S(a'/2) a'/h, by  mdot' = da/h - S(a/2)^-1 E zeta,  E = [dS/dalpha_c v]_c
//      at a/2. With dL_d = h (dL/dalpha m' + p mdot'):
//        mu^-_k = -Ad(tau(a)^-1)^T S(a)^-T (p + g) + Ad(tau(a/2)^-1)^T S(a/2)^-T (2 g - h E^T S(a/2)^-T p).
//      (For a free body, where L does not depend on Q_k, the last term cancels 2 g and mu^-_k =
//      -Ad(tau(a)^-1)^T mu^+_{k+1}: the spatial momentum is carried exactly. As a -> 0, mu^- -> g - p,
//      the coordinate midpoint's D1.) The DEL rows of a group joint: p^+_k + mu^-_k = 0.
// L_d is left invariant (so is L of a free-floating tree without gravity), and the discrete
// Noether theorem keeps the spatial momentum to the Newton tolerance. Taking D1 in the fixed chart
// instead (g - p, as for coordinate joints) is a different L_d each step: it costs the momentum
// an O(h^3) error per step (measured 1.9e-13 N m s per step on free_body.json at 1 ms).
// Joint springs and dampers of a group joint act on
// its engine coordinates q(a): tau_a = J^T (-K (q - rest) - D J adot), J = dq/da = S(q)^-1 S(a),
// the exact gradient of the midpoint potential in the chart.
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab::variational_minimal {

bool isGroupJoint(const Joint& joint);

struct GroupChart {
  Model model;              // the model with each group joint's E_pj at E_pj Q(q_k), no joint springs
  std::vector<int> joints;  // indices of the group joints
  std::vector<Matrix4> centre;  // Q(q_k) of each group joint
  JointKinematics scratch, scratch2;
  explicit GroupChart(const Model& source = Model{});
};

// Centres the chart at q: chart.model's group joints start at Q(q); a = q with 0 for group joints.
void centreChart(const Model& model, const VectorX& q, GroupChart& chart, VectorX& a);
// The chart velocity at a = 0 of (q, qd): S(q) qd for group joints, qd for the others.
void chartVelocity(const Model& model, const VectorX& q, const VectorX& qd, GroupChart& chart, VectorX& v);
// qd with S(q) qd = v for group joints (v at a = 0 of the chart centred at q), qd = v otherwise.
void coordinateVelocity(const Model& model, const VectorX& q, const VectorX& v, GroupChart& chart, VectorX& qd);
// q_{k+1} from the chart (centred at q_k) coordinates a_{k+1} (a coordinate update for the others).
void groupUpdate(const Model& model, const VectorX& aNext, GroupChart& chart, VectorX& qNext);
// p <- S(a)^-T p on the group joints' rows: the momentum at a in the chart centred at q_{k+1}.
void recentreMomentum(const Model& model, const VectorX& aNext, GroupChart& chart, VectorX& p);
// The DEL rows of the group joints, f = p^+_k + mu^-_k, with mu^-_k = D1 L_d of the chart-centred
// L_d (header) from DRNEA's p and g at (a/2, v), a = h v: overwrites those rows of f.
void chartBackwardMomentum(const Model& model, const VectorX& pPlus, const VectorX& v, double h, const VectorX& p,
                           const VectorX& g, GroupChart& chart, VectorX& f);
// g += (h/2) tau_a of the group joints' springs and dampers at the chart point (a, adot) (header).
void addGroupJointForces(const Model& model, const VectorX& a, const VectorX& adot, double h,
                         GroupChart& chart, VectorX& g);

}  // namespace articulab::variational_minimal
