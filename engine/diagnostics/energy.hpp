// Energy and momentum of a state, from the body poses and twists every back-end keeps current.
#pragma once

#include "engine/multibody/state.hpp"

namespace articulab {

struct EnergyReport {
  double kinetic = 0.0;    // J, 1/2 sum phi^T M phi plus the rotors' 1/2 armature qdot^2
  double potential = 0.0;  // J, gravity (zero at z = 0 for gravity along -z), joint springs, force elements
  double dissipation = 0.0;  // W, power taken by joint dampers and force-element dampers
  double musclePower = 0.0;  // W, power the muscles deliver to the bodies (-sum f v)
  double total() const { return kinetic + potential; }
  Vector3 linearMomentum = Vector3::Zero();   // kg m/s, world
  Vector3 angularMomentum = Vector3::Zero();  // kg m^2/s, about the world origin
};

EnergyReport computeEnergy(const Model& model, const State& state);

}  // namespace articulab
