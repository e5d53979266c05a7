#include "app/session/sampled_series.hpp"

#include <algorithm>
#include <cmath>

#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/forces/muscle_readings.hpp"

namespace articulab::session {

SampledSeries::SampledSeries() : series_(sampleChannels(), kCapacity) {}

void SampledSeries::setStepSize(double dt) { every_ = std::max(1L, std::lround(kSamplePeriod / dt)); }

void SampledSeries::restart(const LiveRuns& runs) {
  std::vector<std::string> muscles;
  for (const Muscle& muscle : runs.main().model().muscles) muscles.push_back(muscle.name);
  series_.setChannels(sampleChannels(runs.comparedBackend(), muscles));
}

void SampledSeries::markSegment(const Run& main) {
  series_.markSegment(main.state().t, main.backend().name, main.plan().integrator.name());
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
  if (layout.comparing && !runs.comparisons().empty() && runs.comparisons().front().running()) {
    const Run& compared = *runs.comparisons().front().run;
    const DriftReport comparedDrift = computeDrift(model, compared.state());
    row[kCompareTotal] = computeEnergy(model, compared.state()).total();
    row[kCompareDriftPosition] = comparedDrift.total.position;
    row[kCompareDriftRotation] = comparedDrift.total.rotation;
  }
  for (std::size_t m = 0; m < layout.muscles && m < model.muscles.size(); ++m) {
    const MuscleReading r = readMuscle(model, state, m);
    const double values[kMuscleQuantityCount] = {r.excitation, r.activation, r.force, r.length, r.velocity};
    std::copy(values, values + kMuscleQuantityCount, row + layout.muscleChannel(m, kMuscleExcitation));
  }
  if (layout.muscles > 0) {
    const double work = main.monitor().muscles.work;  // the Run's trapezoid rule (run_monitor.hpp)
    row[layout.musclePower()] = energy.musclePower;
    row[layout.muscleWork()] = work;
    row[layout.energyBalance()] = energy.total() - work;
  }
  markSegment(main);  // plots credit each stretch to its back-end and integrator
  series_.push(row);
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
