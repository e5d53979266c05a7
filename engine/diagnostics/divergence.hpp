// When a run has diverged: the state or the energy is not finite, or the total energy rose far
// beyond anything the scene's forces can supply. The app and `articulab run` use the same test.
#pragma once

#include <string>

#include "engine/diagnostics/energy.hpp"

namespace articulab {

// Explosion: total energy above E_reference + kEnergyBoundFactor * scale.
inline constexpr double kEnergyBoundFactor = 1e3;

// A magnitude of the scene's energy: its total mass lifted by gravity over its size (the
// farthest body origin from the world origin, at least 1 m), or |energy|, whichever is larger,
// and at least 1 J.
double energyScale(const Model& model, const State& state, double energy);

// The largest total energy a healthy run may reach, taken at a reference state (the start of
// the run, or a reset): E_reference + kEnergyBoundFactor * energyScale.
struct EnergyBound {
  double reference = 0.0;  // J
  double scale = 1.0;      // J
  double limit() const { return reference + kEnergyBoundFactor * scale; }
};
EnergyBound energyBoundAt(const Model& model, const State& state);

// The part of the test that needs no energy: "joint position q is not finite" or "joint
// velocity qdot is not finite", or an empty string.
std::string coordinateDivergence(const State& state);

// What diverged, as "joint velocity qdot is not finite" or "total energy 5.1e+11 J exceeded the
// bound 2.3e+07 J (the simulation exploded)", or an empty string when the state is healthy.
std::string divergence(const State& state, const EnergyReport& energy, const EnergyBound& bound);

}  // namespace articulab
