// First-order activation dynamics (muscle_activation.hpp): rate and exact step.
#include "engine/forces/muscle_activation.hpp"

#include <algorithm>
#include <cmath>

namespace articulab {

namespace {

double muscleActivationTau(double excitation, double activation, const ActivationTimes& times) {
  return excitation > activation ? times.activation : times.deactivation;
}

}  // namespace

double activationRate(double excitation, double activation, const ActivationTimes& times) {
  return (excitation - activation) / muscleActivationTau(excitation, activation, times);
}

double advanceActivation(double activation, double excitation, double h, const ActivationTimes& times) {
  if (!(h > 0.0)) return activation;
  const double tau = muscleActivationTau(excitation, activation, times);
  if (!(tau > 0.0)) return excitation;  // instantaneous
  const double w = -std::expm1(-h / tau);  // 1 - exp(-h / tau), accurate for small h / tau
  const double next = activation + (excitation - activation) * w;
  // Keep roundoff from leaving the interval between a and u.
  return std::clamp(next, std::min(activation, excitation), std::max(activation, excitation));
}

}  // namespace articulab
