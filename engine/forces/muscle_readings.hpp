// What the app, the recorder and the energy bookkeeping read of a muscle at a state: its
// excitation and activation, force, length and velocity, the power it delivers and its path.
#pragma once

#include <array>

#include "engine/multibody/state.hpp"

namespace articulab {

struct MuscleReading {
  double excitation = 0.0;          // u(t) of the scene's schedule, in [0, 1]
  double activation = 0.0;          // a, in [0, 1]
  double force = 0.0;               // f, N
  double active = 0.0, passive = 0.0;  // N
  double length = 0.0;              // l_MT, m
  double velocity = 0.0;            // v = dl_MT/dt, m/s (positive while lengthening)
  double lengthNormalized = 0.0;    // l~
  double velocityNormalized = 0.0;  // v~
  double power = 0.0;               // W delivered to the bodies, -f v (positive while shortening)
  int pointCount = 0;
  std::array<Vector3, kMaxMusclePathPoints> points{};  // world path, m
};

MuscleReading readMuscle(const Model& model, const State& state, std::size_t m);

}  // namespace articulab
