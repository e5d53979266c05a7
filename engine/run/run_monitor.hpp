// What a run watches around its steps, the figures `articulab run` summarises and the app plots:
// the energy against its start, the work the muscles did, the largest constraint drift, and
// whether the run diverged. Plain values, so that the app's history can keep them with a state
// and a resumed run goes on with the figures it had then.
#pragma once

#include <string>

#include "engine/diagnostics/divergence.hpp"

namespace articulab {

struct EnergyWatch {
  EnergyBound bound;            // E at the start (bound.reference, J), the scene's scale and the explosion bound
  double largestKinetic = 0.0;  // J, over the states seen
  double largestChange = 0.0;   // J, largest |E - E0|
  double last = 0.0;            // J, E at the last state
  double start() const { return bound.reference; }
};

// The muscles' work W: the integral of their power over the steps by the trapezoid rule, with the
// power at the end of a step taken with the activations the step held (Solver::step advances them
// after the mechanism), so that E - W stays constant where the muscles are the only source.
struct MuscleWork {
  double work = 0.0;   // J since the start
  double power = 0.0;  // W at the last state
  double time = 0.0;   // s, of the last state
};

struct DriftWatch {
  double position = 0.0;  // m, largest total joint and loop drift of the states sampled
  double rotation = 0.0;  // rad
};

// A blow-up short of divergence: the energy grew beyond the work of the forces that do work
// (the muscles) by more than kBlowUpFactor times the scene's energy scale (divergence.hpp) in a
// run where nothing else does work (no driven joint, no mouse pull). No integrator of a
// conservative scene gains that much while it is accurate: the run is not to be trusted.
inline constexpr double kBlowUpFactor = 1.0;

struct RunMonitor {
  EnergyWatch energy;
  MuscleWork muscles;
  DriftWatch drift;
  bool outsideWork = false;  // a driven joint or the mouse pull did work: no blow-up test
  std::string blowUp;        // why the run is not to be trusted (the first blow-up); empty: none

  // Starts watching at the state (a run's start, a reset).
  void start(const Model& model, const State& state);
  // After a step: the energy at the new state and the muscles' power at it with the activations
  // the step held. Returns what diverged (divergence.hpp), empty when the state is healthy; sets
  // blowUp at the first blow-up.
  std::string afterStep(const State& state, const EnergyReport& energy, double heldMusclePower);
  // Takes the drift of the state into the largest drift.
  void sampleDrift(const Model& model, const State& state);
};

}  // namespace articulab
