// The state a run starts from: the model's initial coordinates and velocities with the body
// poses and twists the kinematics give them, and the muscles' initial activations.
#pragma once

#include "engine/multibody/state.hpp"

namespace articulab {

struct TreeKinematics;

// A state at the model's initial coordinates, with body poses and twists filled in.
State makeInitialState(const Model& model);
// The same from kinematics already computed at q0, qd0 (the loader's: no second pass over the
// tree, whose workspace is the largest allocation of a big model's load).
State makeInitialState(const Model& model, const TreeKinematics& initial);

}  // namespace articulab
