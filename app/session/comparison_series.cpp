#include "app/session/comparison_series.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "engine/diagnostics/drift.hpp"
#include "app/session/run_comparison.hpp"

namespace articulab::session {

namespace {

constexpr double kRoundingUlps = 64.0;

struct QuantityInfo {
  const char* prefix;
  const char* unit;
  const char* label;
};
const QuantityInfo kQuantities[kComparisonQuantityCount] = {
    {"energy_change_", "J", "E - E0"},
    {"energy_change_relative_", "1", "|E - E0| / K_max"},
    {"drift_position_", "m", "position drift"},
    {"difference_position_", "m", "position difference"},
    {"difference_rotation_", "rad", "rotation difference"},
};

}  // namespace

std::vector<Channel> comparisonChannels(const std::vector<std::string>& names) {
  std::vector<Channel> channels = {{"t", "s", "time"}};
  for (const std::string& name : names)
    for (const QuantityInfo& q : kQuantities) channels.push_back({q.prefix + name, q.unit, name});
  return channels;
}

std::size_t comparisonRunOf(const std::vector<Channel>& channels, std::size_t channel) {
  if (channel == 0 || channel >= channels.size()) return (channels.size() - 1) / kComparisonQuantityCount;
  return (channel - 1) / kComparisonQuantityCount;
}

void comparisonRow(const std::vector<const Run*>& runs, std::size_t reference, double t, std::vector<double>& row) {
  row.assign(1 + runs.size() * kComparisonQuantityCount, NAN);
  row[0] = t;
  const Run* ref = reference < runs.size() ? runs[reference] : nullptr;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const Run* run = runs[i];
    if (!run) continue;
    const EnergyWatch& energy = run->monitor().energy;
    const double change = energy.last - energy.start();
    row[comparisonChannel(i, kEnergyChange)] = change;
    row[comparisonChannel(i, kEnergyChangeRelative)] = std::abs(relativeEnergyChange(energy, change));
    row[comparisonChannel(i, kComparedDrift)] = computeDrift(run->model(), run->state()).total.position;
    if (!ref) continue;
    const RunDifference d = bodyFrameDifference(run->state(), ref->state());
    row[comparisonChannel(i, kDifferencePosition)] = d.position;
    row[comparisonChannel(i, kDifferenceRotation)] = d.rotation;
  }
}

ComparisonFloors comparisonFloors(const Run& run) {
  double reach = 1.0;
  for (const Matrix4& E : run.state().E_0i) reach = std::max(reach, E.block<3, 1>(0, 3).norm());
  const EnergyWatch& energy = run.monitor().energy;
  const double scale = energyChangeScale(energy);
  ComparisonFloors floors;
  floors.position = kRoundingUlps * DBL_EPSILON * reach;
  floors.rotation = kRoundingUlps * DBL_EPSILON;
  floors.relativeEnergy = kRoundingUlps * DBL_EPSILON * std::max(std::abs(energy.start()), scale) / scale;
  return floors;
}

}  // namespace articulab::session
