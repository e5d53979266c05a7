#include "app/session/sampled_series.hpp"

#include <algorithm>
#include <cmath>

#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/forces/muscle_readings.hpp"

namespace articulab::session {

SampledSeries::SampledSeries() : series_(sampleChannels(), kCapacity), comparison_(comparisonChannels({""}), kCapacity) {}

void SampledSeries::setStepSize(double dt) { every_ = std::max(1L, std::lround(kSamplePeriod / dt)); }

void SampledSeries::restart(const LiveRuns& runs) {
  std::vector<std::string> muscles;
  for (const Muscle& muscle : runs.main().model().muscles) muscles.push_back(muscle.name);
  const std::vector<std::string> names = runs.names();
  series_.setChannels(sampleChannels(std::vector<std::string>(names.begin() + 1, names.end()), muscles));
  comparison_.setChannels(comparisonChannels(names));
}

void SampledSeries::markSegment(const Run& main) {
  series_.markSegment(main.state().t, main.backend().name, main.plan().integrator.name(), main.plan().dt);
  comparison_.markSegment(main.state().t, main.backend().name, main.plan().integrator.name(), main.plan().dt);
}

void SampledSeries::record(const LiveRuns& runs) {
  const Run& main = runs.main();
  const Model& model = main.model();
  const State& state = main.state();
  const EnergyReport energy = computeEnergy(model, state);
  const DriftReport drift = computeDrift(model, state);
  const SampleLayout layout = sampleLayout(series_.channels());
  row_.assign(series_.channelCount(), NAN);  // allocates only when the channels grew
  double* row = row_.data();
  const double standard[kChannelCount] = {state.t, energy.kinetic, energy.potential, energy.total(),
                                          drift.total.position, drift.total.rotation};
  std::copy(standard, standard + kChannelCount, row);
  for (std::size_t c = 0; c < layout.comparisons && c < runs.comparisons().size(); ++c) {
    if (!runs.comparisons()[c].running()) continue;
    const Run& compared = *runs.comparisons()[c].run;
    const DriftReport comparedDrift = computeDrift(model, compared.state());
    row[layout.comparedTotal(c)] = computeEnergy(model, compared.state()).total();
    row[layout.comparedTotal(c) + 1] = comparedDrift.total.position;
    row[layout.comparedTotal(c) + 2] = comparedDrift.total.rotation;
  }
  for (std::size_t m = 0; m < layout.muscles && m < model.muscles.size(); ++m) {
    const MuscleReading r = readMuscle(model, state, m);
    const double values[kMuscleQuantityCount] = {r.excitation, r.activation, r.force, r.length, r.velocity};
    std::copy(values, values + kMuscleQuantityCount, row + layout.muscleChannel(m, kMuscleExcitation));
  }
  if (layout.muscles > 0) {
    const double work = main.monitor().work.muscles;  // the Run's trapezoid rule (run_monitor.hpp)
    row[layout.musclePower()] = energy.musclePower;
    row[layout.muscleWork()] = work;
    row[layout.energyBalance()] = energy.total() - work;
  }
  markSegment(main);  // plots credit each stretch to its back-end and integrator
  series_.push(row);
  if (comparison_.channelCount() == 1 + (runs.comparisons().size() + 1) * kComparisonQuantityCount) {
    comparisonRow(runs.runningRuns(), runs.reference(), state.t, comparisonRow_);
    comparison_.push(comparisonRow_.data());
  }
}

void SampledSeries::keepAsPrevious() {
  if (series_.size() <= 1) return;
  previous_ = series_;
  ++previousVersion_;
}

void SampledSeries::clearPrevious() {
  if (previous_.size() == 0) return;
  previous_.clear();
  ++previousVersion_;
}

}  // namespace articulab::session
