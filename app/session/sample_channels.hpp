// The channels of the series a live session records (the energy plot, the drift plot, the
// muscle plot and the app's CSV export): their names, units and where each one is.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "app/session/time_series.hpp"

namespace articulab::session {

// The standard channels recorded by the session, in CSV column order.
enum SampleChannel : std::size_t {
  kTime = 0,
  kKinetic,
  kPotential,
  kTotal,
  kDriftPosition,
  kDriftRotation,
  kChannelCount,
  // With a comparison run, the same quantities of the second back-end follow.
  kCompareTotal = kChannelCount,
  kCompareDriftPosition,
  kCompareDriftRotation,
  kComparedChannelCount,
};

// With muscles, after those (and after the comparison's channels) come, per muscle in model
// order, NAME_excitation [1], NAME_activation [1], NAME_force [N], NAME_length [m] and
// NAME_velocity [m/s] (the columns of `articulab run --csv`), then muscle_power [W], the
// cumulative muscle_work [J] (the integral of the power since the start) and
// total_minus_muscle_work [J] (E - W: constant when the muscles are the only source or sink).
enum MuscleQuantity : std::size_t { kMuscleExcitation = 0, kMuscleActivation, kMuscleForce, kMuscleLength, kMuscleVelocity,
                                    kMuscleQuantityCount };

// Where each channel of a recorded series is.
struct SampleLayout {
  bool comparing = false;   // the comparison run's three channels follow the standard ones
  std::size_t muscles = 0;  // muscles with channels
  std::size_t muscleBase() const { return comparing ? std::size_t(kComparedChannelCount) : std::size_t(kChannelCount); }
  std::size_t muscleChannel(std::size_t muscle, MuscleQuantity q) const {
    return muscleBase() + muscle * kMuscleQuantityCount + q;
  }
  std::size_t musclePower() const { return muscleBase() + muscles * kMuscleQuantityCount; }
  std::size_t muscleWork() const { return musclePower() + 1; }
  std::size_t energyBalance() const { return musclePower() + 2; }
  std::size_t channelCount() const { return muscles > 0 ? musclePower() + 3 : muscleBase(); }
};

// The standard channels; with compareBackend (not empty) also the comparison run's channels
// total_<backend>, drift_position_<backend>, drift_rotation_<backend>; then the muscles' (see
// MuscleQuantity) when muscleNames is not empty.
std::vector<Channel> sampleChannels(const std::string& compareBackend = "",
                                    const std::vector<std::string>& muscleNames = {});
// The layout of channels made by sampleChannels (read back from their names).
SampleLayout sampleLayout(const std::vector<Channel>& channels);
// The channel name of a muscle quantity: "excitation", "activation", "force", "length", "velocity".
const char* muscleQuantityName(MuscleQuantity q);
// Its unit: "1", "1", "N", "m", "m/s".
const char* muscleQuantityUnit(MuscleQuantity q);

}  // namespace articulab::session
