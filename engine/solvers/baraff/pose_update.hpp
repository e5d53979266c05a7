// The pose update of the SE(3) integrators: E <- E exp([xi]) for a body-frame twist step xi
// (sueda eq 1.10 and 1.29), with the rotation and the left Jacobian sharing one evaluation of
// sin and cos.
#pragma once

#include "engine/spatial/types.hpp"

namespace articulab::baraff {

void advancePose(Matrix4& E, const Vector6& xi);

// d theta / dt for E = E_0 exp([theta]) moving with body twist phi: the inverse of the right
// trivialised dexp, phi + ad(theta) phi / 2 + ad(theta)^2 phi / 12 (Bernoulli series), truncated
// after the terms that fourth-order Runge-Kutta-Munthe-Kaas needs (theta = O(h)).
Vector6 poseRate(const Vector6& theta, const Vector6& phi);

}  // namespace articulab::baraff
