// Excitation-to-activation dynamics of a muscle: first order with separate activation and
// deactivation time constants (the simple model in Millard et al. 2013, after Winters 1995):
//   da/dt = (u - a) / tau,  tau = tau_act when u > a, tau_deact otherwise.
// The activation-dependent scaling of tau (Thelen 2003) is left out.
#pragma once

namespace articulab {

// Defaults: OpenSim's MuscleFirstOrderActivationDynamicModel (Millard et al. 2013).
struct ActivationTimes {
  double activation = 0.010;    // tau_act, s
  double deactivation = 0.040;  // tau_deact, s
};

// da/dt for excitation u and activation a (both in [0, 1]).
double activationRate(double excitation, double activation, const ActivationTimes& times);

// Activation after a step h with u held constant: the exact solution a + (u - a)(1 - exp(-h / tau)).
// Unconditionally stable; the result lies between a and u, so it stays in [0, 1] when they do.
double advanceActivation(double activation, double excitation, double h, const ActivationTimes& times);

}  // namespace articulab
