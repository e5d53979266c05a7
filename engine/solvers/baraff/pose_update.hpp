// The pose update of the SE(3) integrators: E <- E exp([xi]) for a body-frame twist step xi
// (sueda eq 1.10 and 1.29), with the rotation and the left Jacobian sharing one evaluation of
// sin and cos.
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/spatial/types.hpp"

namespace articulab::baraff {

void advancePose(Matrix4& E, const Vector6& xi);

// Bodies on which no joint or loop row acts (1): a free3d joint (no rows), no child joint other
// than free3d, no loop closure. The semi-implicit step moves them by advanceFreeBody.
std::vector<char> unconstrainedBodies(const Model& model);

// Semi-implicit Euler of a body that no joint or loop constrains, in world axes: its centre of
// mass c (body frame) moves with u' = u + h a_c (u = R (v + w x c), a_c = R (vdot + wdot x c) the
// centre's acceleration when the step's forces carry frameRotationWrench), the body turns about
// its centre by exp(h [w']), w' = w + h wdot, and its twist is read back in the new body axes.
// E exp(h [phi']) with phi' = phi + h a in the old body axes (eq 1.28-1.29) turns the linear
// velocity with the body frame after the contact rows held it in the old one: a rolling sphere's
// centre sank by h |w| |v| per step and the screw turned it about its contact point, and the
// penetration recovery lifted it back with energy that fed the spin (a sphere rolling down a
// 0.3 rad slope gained energy without bound after 2 s at 1 ms). Both updates agree to first
// order, the step's order.
void advanceFreeBody(Matrix4& E, Vector6& phi, const Vector6& a, double h, const Vector3& com);

// The body-axes equations carry -m w x u in the linear rows (the axes turn under the centre's
// velocity u = v + w x c); for advanceFreeBody the centre moves in world axes, so the step adds the
// wrench of m w x u at the centre, (c x m w x u; m w x u) (body axes, torque first), and the
// contact rows then see the velocity the body leaves with.
Vector6 frameRotationWrench(double mass, const Vector3& com, const Vector6& phi);

// d theta / dt for E = E_0 exp([theta]) moving with body twist phi: the inverse of the right
// trivialised dexp, phi + ad(theta) phi / 2 + ad(theta)^2 phi / 12 (Bernoulli series), truncated
// after the terms that fourth-order Runge-Kutta-Munthe-Kaas needs (theta = O(h)).
Vector6 poseRate(const Vector6& theta, const Vector6& phi);

}  // namespace articulab::baraff
