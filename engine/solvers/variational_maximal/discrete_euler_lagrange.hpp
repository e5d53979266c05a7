// Discrete Euler-Lagrange equations of one free rigid body (bruedigam-manchester sec 3), in
// impulse units (eq 26 times h, eq 33 times h/2), with the constraint impulses Lambda = h lambda.
//
// Translation (eq 22-27): v_k = (x_{k+1} - x_k)/h, L_d = h (1/2 m v_k^2 - V(x_k)) + h F_k.x_k;
// varying x_2 gives
//   d_T = m (v_2 - v_1) - h (m g + F_2) - G_x(x_2)^T Lambda_2 = 0,   x_3 = x_2 + h v_2.
//
// Rotation (eq 28-33). The discrete angular velocity is the body-axes rate of the step's
// relative rotation, f_k = q_k^dagger (x) q_{k+1} = (c_k, h omega_k / 2), c_k = sqrt(1 - h^2
// |omega_k|^2 / 4), so that omega_k = (2/h) V L(q_k)^T q_{k+1} (eq 16, 30) and
// L_d,R(q_k, q_{k+1}) = (h/2) omega_k^T J omega_k (eq 29). Take the variation of q_2 on the unit
// sphere, q_2 -> q_2 (x) (1, dtheta/2), dtheta in body axes (the rotational gradient of eq 31):
//   in L_d,R(q_1, q_2): f_1 -> f_1 (x) (0, dtheta/2), so d omega_1 = (1/h)(c_1 I + (h/2)[omega_1]) dtheta
//                       and d L = h omega_1^T J d omega_1 = ((c_1 I - (h/2)[omega_1]) J omega_1)^T dtheta;
//   in L_d,R(q_2, q_3): f_2 -> (1, -dtheta/2) (x) f_2, so d omega_2 = -(1/h)(c_2 I - (h/2)[omega_2]) dtheta
//                       and d L = -((c_2 I + (h/2)[omega_2]) J omega_2)^T dtheta;
//   the torque tau_2 (body axes) does the virtual work h tau_2^T dtheta, the constraints
//   Lambda^T G_q dtheta with G_q the Jacobian of g for q -> q (x) (1, dtheta/2).
// Their sum vanishes for every dtheta; with the sign turned, this is eq 33 times h/2:
//   d_R = c_2 J w_2 + (h/2) w_2 x J w_2 - c_1 J w_1 + (h/2) w_1 x J w_1 - h tau_2 - G_q^T Lambda_2 = 0,
// and the update (eq 32) is q_3 = q_2 (x) (c_2, h omega_2 / 2): a unit quaternion exactly when
// h |omega_2| / 2 <= 1, renormalised against rounding.
//
// Jacobians for Newton (eq 37-38), u = (omega; v):
//   d d_R / d omega_2 = c_2 J - (h^2 / (4 c_2)) J w_2 w_2^T + (h/2)([w_2] J - [J w_2]),  d d_T / d v_2 = m I;
//   the new orientation moves by dtheta_3 = h Gamma(omega_2) d omega_2 (body axes at q_3) with
//   Gamma = c I - (h/2)[omega] + (h^2 / (4 c)) omega omega^T, from dtheta_3 = 2 V L(f)^T df.
#pragma once

#include "engine/solvers/variational_maximal/body_coordinates.hpp"

namespace articulab::variational {

// h |omega| / 2 at or above this is refused: the update would rotate by about 179 degrees or more.
inline constexpr double kMaxHalfStepRate = 0.9999;

// c = sqrt(1 - h^2 |omega|^2 / 4); negative when h |omega| / 2 >= kMaxHalfStepRate.
double rotationScalar(const Vector3& omega, double h);
// (x_3, q_3) from (x_2, q_2) and u_2 (eq 27, 32); |q_3| = 1.
BodyConfiguration advance(const BodyConfiguration& s, const Vector6& u, double h);
// Gamma(omega) of dtheta_3 = h Gamma d omega_2.
Matrix3 rotationRateJacobian(const Vector3& omega, double h);

// The forcing of a body over the step: body-axes torque about the centre of mass and world
// force (gravity included), both at configuration 2.
struct BodyForcing {
  Vector3 tau = Vector3::Zero();
  Vector3 F = Vector3::Zero();
};

// The discrete Legendre transforms of a step with velocity u = (omega; v) (body-axes angular
// momentum about the centre; linear momentum), read off the variations above:
//   at its start p^+ = -D_1 L_d = ((c I + (h/2)[omega]) J omega; m v),
//   at its end   p^- =  D_2 L_d = ((c I - (h/2)[omega]) J omega; m v),
// so that (d_R; d_T) = p^+(u_2) - p^-(u_1) - h (tau; F) - G^T Lambda.
Vector6 momentumAtStepStart(const BodyInertia& I, const Vector6& u, double h);
Vector6 momentumAtStepEnd(const BodyInertia& I, const Vector6& u, double h);

// (d_R; d_T) without the constraint impulses.
Vector6 delResidual(const BodyInertia& I, const Vector6& u1, const Vector6& u2, const BodyForcing& f, double h);
// d (d_R; d_T) / d u_2 (block diagonal: rotation, then m I).
Matrix6 delJacobian(const BodyInertia& I, const Vector6& u2, double h);

}  // namespace articulab::variational
