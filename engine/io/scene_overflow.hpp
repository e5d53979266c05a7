// Numbers of a scene that are finite one by one but overflow together: gravity 1e308 on a few
// kilograms is a weight beyond the largest double (1.8e308), and the dynamics of such a scene
// would be NaN from the first step. Checked once the model is built, at its initial state.
#pragma once

#include "engine/algorithm/kinematics.hpp"
#include "engine/io/json_reader.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::scene_io {

// Throws SceneError naming what overflowed to a non-finite value: the bodies' total mass or
// weight (at /gravity), a body's initial pose, the initial kinetic or potential energy, or the
// joint forces at the initial state (gravity, Coriolis, springs, force elements, passive
// muscles). `initial`: the kinematics at q0, qd0.
void checkInitialStateIsFinite(const Node& root, const Model& model, const TreeKinematics& initial);

// Whether the model's magnitudes alone prove that checkInitialStateIsFinite passes, so that a
// large model (a saved 1e5-link chain) skips the whole-tree kinematics it needs: no force
// elements or muscles, rigid joints (no general joints), every number at most 1e10 in magnitude
// (inertia entries 1e30) and at most 1e7 bodies. The bound is derived in the source.
bool initialStateIsSurelyFinite(const Model& model);

}  // namespace articulab::scene_io
