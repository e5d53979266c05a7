// The SE(3) midpoint discrete Lagrangian of one body, to third order in h (integrator
// variational-midpoint of variational-maximal; issue 12's second-order variant).
//
// The rule: move the body over a step on the screw motion (the SE(3) geodesic) from pose k to
// pose k+1, take its twist's kinetic energy and the potential at the screw's midpoint,
//   L_d = h (T(log(E_k^-1 E_{k+1}) / h) - V(E_k exp(log(E_k^-1 E_{k+1}) / 2))).
// For a link turning about a fixed pivot this is the midpoint rule in the joint angle, whose
// energy error vanishes for a harmonic oscillator. The chords of eq 24 and 29 (centre of mass
// on the straight line, eq 30's rate) instead shorten the arc: measured on the standard
// four-bar at 1 ms (a one-degree-of-freedom reduction in Python, 2026-11-28), the energy band
// of the chord rule is 1.5e-4 J and that of the screw midpoint 7.1e-5 J.
//
// Expanded in h with u = (omega; v) as the rest of the back-end uses it (omega the eq 30 rate in
// body axes, v = (x_{k+1} - x_k)/h the chord of the centre), phi = h omega the rotation vector
// up to O(h^3), w = R_k omega = R_{k+1} omega its world axis (a rotation keeps its own axis):
//  * rotation: the angle is 2 asin(h |omega| / 2), so T_rot = 1/2 omega^T J omega (1 + h^2
//    |omega|^2 / 12 + O(h^4));
//  * translation: the screw's twist has linear part V(phi)^-1 R_k^T h v, V the left Jacobian of
//    SO(3), V^-1 = I - [phi]/2 + [phi]^2/12 + O(phi^3), so |V^-1 b|^2 = |b|^2 + |phi x b|^2/12;
//  * the midpoint of the centre: x_k + V(phi/2) V(phi)^-1 (h v)/2 = (x_k + x_{k+1})/2 -
//    (h^2/8) w x v + O(h^4) (the sagitta of the arc; a uniform gravity is linear in x).
// So, with weight W = m g (V = -W.x):
//   L_d = h [rho(omega) + 1/2 m |v|^2 + sigma(w, v)] + (h/2) W.(x_k + x_{k+1}),
//   rho = 1/2 omega^T J omega + (h^2/24) |omega|^2 omega^T J omega,
//   sigma = (m h^2/24) |w x v|^2 - (h^2/8) W.(w x v).
// The terms beyond eq 24, 29 are O(h^3) in L_d, which is where a second-order rule's energy
// error comes from; what the expansion leaves out is O(h^5). L_d(q_{k+1}, q_k; -h) =
// -L_d(q_k, q_{k+1}; h) (the reversed step has the same u and w), so the rule is symmetric.
//
// Variations (as in discrete_euler_lagrange.hpp: x -> x + dx, q -> q (x) (1, dtheta/2)):
// varying the end, d omega = (1/h) B_e dtheta and d w = (1/h) R_{k+1} B_s dtheta; varying the
// start, d omega = -(1/h) B_s dtheta and d w = -(1/h) R_k B_e dtheta, with B_e = c I + (h/2)
// [omega], B_s = c I - (h/2)[omega] = B_e^T (d w from w = R omega and the variation of R).
// The momenta -D_1 L_d and D_2 L_d without the gravity halves (h/2) W (which go with the
// forcing, as for the trapezoid) are then
//   p^+(u) = (B_e rho' + B_s R_k^T sigma_w;      m v + sigma_v),
//   p^-(u) = (B_s rho' + B_e R_{k+1}^T sigma_w;  m v + sigma_v),
//   rho'    = J omega + (h^2/12)((omega^T J omega) omega + |omega|^2 J omega),
//   sigma_w = (m h^2/12) v x (w x v) - (h^2/8) v x W,
//   sigma_v = -(m h^2/12) w x (w x v) - (h^2/8) W x w.
// With sigma = 0 they are the trapezoid's p^+ and p^- (discrete_euler_lagrange.hpp).
#pragma once

#include "engine/solvers/variational_maximal/body_coordinates.hpp"

namespace articulab::variational {

// L_d of the step from a to b (for tests: its derivatives are the momenta below).
double midpointLagrangian(const BodyInertia& I, const Vector3& gravity, const BodyConfiguration& a,
                          const BodyConfiguration& b, double h);
// p^+(u) with R = R_k, the rotation the step starts from.
Vector6 midpointMomentumAtStepStart(const BodyInertia& I, const Vector3& gravity, const Matrix3& R, const Vector6& u,
                                    double h);
// p^-(u) with R = R_{k+1}, the rotation the step ends at.
Vector6 midpointMomentumAtStepEnd(const BodyInertia& I, const Vector3& gravity, const Matrix3& R, const Vector6& u,
                                  double h);
// d p^+ / d u at a fixed R_k: the body block of the Newton matrix.
Matrix6 midpointStartJacobian(const BodyInertia& I, const Vector3& gravity, const Matrix3& R, const Vector6& u,
                              double h);

}  // namespace articulab::variational
