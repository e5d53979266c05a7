// Rotors (Joint::armature) in the variational step: a rotor on joint coordinate Q adds the
// kinetic energy 1/2 a Qdot^2 (M_r += diag(a) in reduced coordinates), and to the discrete
// Lagrangian of a step (bruedigam-manchester eq 24, 29) the term
//   L_rotor(k, k+1) = (a / 2h) Delta_k^2,   Delta_k = Q(k+1) - Q(k),
// Q the joint coordinate as a function of the parent's and the child's poses (rotorBlock: the
// angle about a revolute axis, the displacement along a prismatic one; Delta of an angle taken in
// (-pi, pi]). Its gradient g = dQ/d(dtheta; dx) on each of the two bodies gives, varying
// configuration 2 in L_rotor(1, 2) + L_rotor(2, 3), the impulse of the discrete Euler-Lagrange
// equations (impulse units, sign as d_T = m (v_2 - v_1) - h F, discrete_euler_lagrange.hpp):
//   d += (a / h) (Delta_2 - Delta_1) g(2)     on the child and, with its own g, on the parent,
// equal and opposite along the joint's axis where the joint holds. Delta_2 depends on u_2 through
// configuration 3: d Delta_2 / d u = h g(3)^T diag(Gamma(omega), I) (eq 27, 32), so the Newton
// matrix gains the rank-one block a g(2) (g(3)^T diag(Gamma, I)) on and between the two bodies
// (newton_system.hpp carries it in the joint's node). The constant a / 2h Delta^2 is the rotor's
// exact kinetic term for every quadrature of the back-end (it has no potential), so:
//  * variational, variational-trapezoid: Delta_1 from configuration 1 = configuration 2 moved back
//    by u_1 (the step before, or the start chord);
//  * RATTLE forms (triple jump, midpoint): p^+ gains (a / h) Delta_2 g(2) against the state's
//    rotor momentum a Qdot g(2), p^- gains (a / h) Delta_2 g(3);
//  * the continuous equations (forward dynamics, the trapezoid's Legendre transform): the
//    generalized force of 1/2 a Qdot^2 is a Qddot g with Qddot = G u' - b (rotorAccelerationRow),
//    (D + a G^T G) udot = f + a b G^T + G_c^T lambda.
#pragma once

#include <vector>

#include "engine/solvers/variational_maximal/constraint_blocks.hpp"
#include "engine/solvers/variational_maximal/newton_system.hpp"

namespace articulab::variational {

// Per joint: Joint::armature on a joint with a rotor coordinate (hasRotorCoordinate), else 0.
std::vector<double> rotorInertias(const Model& model);
// Delta = Q(to) - Q(from); for a revolute joint the angle in (-pi, pi].
double rotorIncrement(const Joint& joint, double from, double to);
// f's body rows += impulse g (the rotor's one-row block).
void addRotorImpulse(const ConstraintBlock& rotor, double impulse, VectorX& f);
// The rotor row of a joint's coupling block: force g(2) and rate a g(3)^T diag(Gamma, I) (Gamma per
// body, as coupleRates reads it).
void coupleRotorForces(const ConstraintBlock& at2, CouplingBlock& out);
void coupleRotorRates(const ConstraintBlock& at3, const std::vector<Matrix3>& gamma, double a, CouplingBlock& out);
// The continuous equations' rotor row: force g, rate a g.
void loadRotorRow(const ConstraintBlock& rotor, double a, CouplingBlock& out);

}  // namespace articulab::variational
