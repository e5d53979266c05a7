// The muscles' excitation-to-activation dynamics over one step (muscle_activation.hpp), for
// every muscle of a model: a(t + h) from a(t) with the excitation u(t) of the scene's schedule
// held over the step, as the mechanism holds a(t).
#pragma once

#include "engine/multibody/state.hpp"

namespace articulab {

// state.activations at t + h, given the activations and the time t before the step.
void advanceActivations(const Model& model, double t, double h, VectorX& activations);

}  // namespace articulab
