// The mutable simulation state. Reduced back-ends own q and qdot; every back-end keeps the
// world pose E_0i and body twist phi_i of each body current, for drawing and diagnostics.
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab {

// A spring pulling a point of one body towards a world target (the viewer's mouse drag).
// Force f = k (target - x) - c xdot at the body point x, so it does work on the system.
struct Perturbation {
  int body = -1;  // -1: inactive
  Vector3 pointLocal = Vector3::Zero();  // in the body frame, m
  Vector3 targetWorld = Vector3::Zero();  // m
  double stiffness = 0.0;  // N/m
  double damping = 0.0;    // N s/m
};

struct State {
  double t = 0.0;
  long step = 0;
  VectorX q, qd, qdd;         // reduced coordinates, velocities, last accelerations
  std::vector<Matrix4> E_0i;  // body poses in world
  std::vector<Vector6> phi;   // body twists in body coordinates
  Perturbation perturbation;  // mouse pull, applied as a force by every back-end
};

// A state at the model's initial coordinates, with body poses and twists filled in.
State makeInitialState(const Model& model);

}  // namespace articulab
