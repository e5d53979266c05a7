// What the viewer draws of each force element: its attachment points and a scalar to colour by.
#pragma once

#include <vector>

#include "engine/forces/rigid_motion.hpp"
#include "engine/multibody/state.hpp"

namespace articulab {

struct ForceElementDrawing {
  Vector3 from = Vector3::Zero(), to = Vector3::Zero();  // world, m; a point force: to - from is the unit direction of F
  double tension = 0.0;  // N, positive when pulling together (a point force: |F|)
  double stretch = 0.0;  // l - L, m (0 for a point force)
  bool pointForce = false;
};

// One entry per model.forces element at the state's body poses and twists.
void forceElementDrawings(const Model& model, const State& state, std::vector<ForceElementDrawing>& out);

}  // namespace articulab
