// Runs of one scene side by side (issue 32): each a Run with its own back-end, integrator, step
// size and settings, stepped in lockstep over simulated time so that runs with different steps
// meet at common output times (the CLI's compare and the app's comparison runs both step
// through catchUp), and the figures that tell them apart: the difference between two runs'
// body frames, |E - E0| relative to the largest kinetic energy, the solver's iterations.
#pragma once

#include <functional>

#include "engine/run/run.hpp"

namespace articulab::session {

// The largest distance between corresponding body frames of two states of one model: the
// origins' distance (m) and the angle of R_a^T R_b (rad), each the largest over the bodies.
struct RunDifference {
  double position = 0.0;  // m
  double rotation = 0.0;  // rad
};
RunDifference bodyFrameDifference(const State& a, const State& b);

// Steps the run until its time is within half a step of t (t >= state.t + dt / 2 takes one
// more step), calling afterEach after every step; stops early when the run fails or a step is
// cancelled (Run::cancelled). A run with
// step h meets the output times k H exactly when h divides H. Returns false when it failed.
bool catchUp(Run& run, double t, const std::function<void(const Run&)>& afterEach = {});

// The scale |E - E0| is measured against: the largest kinetic energy of the run, or the scene's
// energy scale (divergence.hpp) while nothing has moved (the CLI summary's figure).
double energyChangeScale(const EnergyWatch& energy);
// What the energy did relative to that scale.
inline double relativeEnergyChange(const EnergyWatch& energy, double change) { return change / energyChangeScale(energy); }

// The iterations of a run's iterative solve over its steps (StepOutputs::iterations; a direct
// solve, -1, counts as none).
struct IterationTally {
  long steps = 0;      // steps counted
  long iterative = 0;  // steps whose solve iterated
  double sum = 0.0;
  int largest = -1;    // -1: no step iterated
  void add(int iterations);
  double mean() const { return iterative > 0 ? sum / static_cast<double>(iterative) : -1.0; }
};

}  // namespace articulab::session
