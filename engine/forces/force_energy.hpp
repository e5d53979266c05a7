// Energy bookkeeping of the applied forces: the potential of every conservative part (gravity,
// joint springs, force elements) and the power the dampers take (joint dampers, force elements).
// The mouse spring is left out: its target moves, so it does work on the system.
#pragma once

#include "engine/forces/applied_forces.hpp"

namespace articulab {

struct ForceEnergy {
  double gravity = 0.0;      // J, zero at z = 0 for gravity along -z
  double jointSprings = 0.0;  // J
  double elements = 0.0;      // J
  double dissipation = 0.0;   // W, >= 0
  double potential() const { return gravity + jointSprings + elements; }
};

ForceEnergy forceEnergy(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                        const VectorX& q, const VectorX& qd);

}  // namespace articulab
