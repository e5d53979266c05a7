// The state a run starts from: the model's initial coordinates and velocities with the body
// poses and twists the kinematics give them, and the muscles' initial activations.
#pragma once

#include "engine/multibody/state.hpp"

namespace articulab {

// A state at the model's initial coordinates, with body poses and twists filled in.
State makeInitialState(const Model& model);

}  // namespace articulab
