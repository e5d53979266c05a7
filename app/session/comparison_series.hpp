// The series that tell the runs of a comparison apart (issue 32), one row at each common
// output time: per run, E - E0 [J], |E - E0| relative to the largest kinetic energy so far [1]
// (the CLI summary's figure), the constraint drift [m], and the largest difference between its
// body frames and the reference run's, in position [m] and rotation [rad]. The app's comparison
// plots and its export, and `articulab compare --csv-dir` write these same columns.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "app/session/time_series.hpp"
#include "engine/run/run.hpp"

namespace articulab::session {

enum ComparisonQuantity : std::size_t {
  kEnergyChange = 0,
  kEnergyChangeRelative,
  kComparedDrift,
  kDifferencePosition,
  kDifferenceRotation,
  kComparisonQuantityCount
};

// t [s], then per run named N: energy_change_N [J], energy_change_relative_N [1],
// drift_position_N [m], difference_position_N [m], difference_rotation_N [rad].
std::vector<Channel> comparisonChannels(const std::vector<std::string>& names);
inline std::size_t comparisonChannel(std::size_t run, ComparisonQuantity q) {
  return 1 + run * kComparisonQuantityCount + q;
}
// The run named by a channel of comparisonChannels ("energy_change_relative_redmax": 1 of the
// names), or names.size().
std::size_t comparisonRunOf(const std::vector<Channel>& channels, std::size_t channel);

// One row at time t: runs[i] null for a run that is not running (its values NaN); the
// differences against runs[reference] (NaN when that one is not running).
void comparisonRow(const std::vector<const Run*>& runs, std::size_t reference, double t, std::vector<double>& row);

// The machine-precision floors of the quantities (drawn as a shaded band): a position known to
// 64 ulp of the scene's reach (the farthest body origin, at least 1 m), and an energy change
// known to 64 ulp of max(|E0|, largest kinetic energy) relative to the largest kinetic energy.
struct ComparisonFloors {
  double position = 0.0;        // m
  double rotation = 0.0;        // rad
  double relativeEnergy = 0.0;  // 1
};
ComparisonFloors comparisonFloors(const Run& run);

}  // namespace articulab::session
