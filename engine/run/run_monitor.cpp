#include "engine/run/run_monitor.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/diagnostics/drift.hpp"

namespace articulab {

void RunMonitor::start(const Model& model, const State& state) {
  const EnergyReport initial = computeEnergy(model, state);
  energy = {};
  energy.bound = energyBoundAt(model, state);
  energy.largestKinetic = initial.kinetic;
  energy.last = initial.total();
  muscles = {0.0, initial.musclePower, state.t};
  drift = {};
  outsideWork = false;
  for (const Joint& joint : model.joints) outsideWork = outsideWork || joint.driven;
  blowUp.clear();
}

namespace {

std::string joules(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g J", value);
  return text;
}

// The energy gained beyond the muscles' work, against kBlowUpFactor times the scene's scale.
std::string blowUpOf(const EnergyWatch& energy, const MuscleWork& muscles) {
  const double gained = energy.last - energy.start() - muscles.work;
  if (!(gained > kBlowUpFactor * energy.bound.scale)) return "";
  return "the energy grew by " + joules(gained) + (muscles.work != 0.0 ? " beyond the muscles' work" : "") +
         ", more than the scene's energy scale " + joules(energy.bound.scale) +
         ", where no force does work: the run is not to be trusted (try a smaller step or another integrator)";
}

}  // namespace

std::string RunMonitor::afterStep(const State& state, const EnergyReport& now, double heldMusclePower) {
  energy.last = now.total();
  energy.largestKinetic = std::max(energy.largestKinetic, now.kinetic);
  energy.largestChange = std::max(energy.largestChange, std::abs(now.total() - energy.start()));
  muscles.work += 0.5 * (muscles.power + heldMusclePower) * (state.t - muscles.time);
  muscles.power = now.musclePower;
  muscles.time = state.t;
  outsideWork = outsideWork || state.perturbation.body >= 0;
  if (blowUp.empty() && !outsideWork) blowUp = blowUpOf(energy, muscles);
  return divergence(state, now, energy.bound);
}

void RunMonitor::sampleDrift(const Model& model, const State& state) {
  const DriftReport report = computeDrift(model, state);
  drift.position = std::max(drift.position, report.total.position);
  drift.rotation = std::max(drift.rotation, report.total.rotation);
}

}  // namespace articulab
