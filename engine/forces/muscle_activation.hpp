// Excitation-to-activation dynamics of a muscle: first order with separate activation and
// deactivation time constants (the simple model in Millard et al. 2013, after Winters 1995):
//   da/dt = (u - a) / tau,  tau = tau_act when u > a, tau_deact otherwise.
// The activation-dependent scaling of tau (Thelen 2003) is left out.
#pragma once

#include "engine/multibody/muscle.hpp"

namespace articulab {

// da/dt for excitation u and activation a (both in [0, 1]).
double activationRate(double excitation, double activation, const ActivationTimes& times);

// Activation after a step h with u held constant: the exact solution a + (u - a)(1 - exp(-h / tau)).
// Unconditionally stable; the result lies between a and u, so it stays in [0, 1] when they do.
double advanceActivation(double activation, double excitation, double h, const ActivationTimes& times);

}  // namespace articulab
