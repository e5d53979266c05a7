// Energy bookkeeping of the applied forces: the potential of every conservative part (gravity,
// joint springs, force elements), the power the dampers take (joint dampers, force elements) and
// the power the muscles deliver (not conservative: their whole force, passive part included,
// is counted as work, so that E(t) - the integral of that power is constant).
// The mouse spring is left out: its target moves, so it does work on the system.
#pragma once

#include "engine/forces/applied_forces.hpp"

namespace articulab {

struct ForceEnergy {
  double gravity = 0.0;      // J, zero at z = 0 for gravity along -z
  double jointSprings = 0.0;  // J
  double elements = 0.0;      // J
  double dissipation = 0.0;   // W, >= 0
  double musclePower = 0.0;   // W, -sum f v over the muscles
  double potential() const { return gravity + jointSprings + elements; }
};

ForceEnergy forceEnergy(const Model& model, const State& state);

}  // namespace articulab
