// The time of a state after a step: the step count times h, not a sum of h that gathers
// rounding (a sum of 1 ms steps reads 2.0389999999998865 after 2039 of them).
#pragma once

#include <cmath>

#include "engine/multibody/state.hpp"

namespace articulab {

// Time is counted in whole nanoseconds while the step size is a whole number of them: t is the
// double nearest to N / 1e9 for the count N, so 2039 steps of 1 ms read 2.039, and a step size
// changed at t_c continues as t_c + k h. A step size that is not a whole number of nanoseconds
// (or a time beyond 1e6 s) adds h.
inline void advanceClock(State& state, double h) {
  constexpr double kPerSecond = 1e9;
  constexpr double kLongestCounted = 1e15;  // ns: the count stays exact in a double
  const double stepCount = std::round(h * kPerSecond), nowCount = std::round(state.t * kPerSecond);
  const bool counted = std::abs(h * kPerSecond - stepCount) <= 1e-6 && nowCount + stepCount < kLongestCounted &&
                       std::abs(state.t * kPerSecond - nowCount) <= 1e-3;
  state.t = counted ? (nowCount + stepCount) / kPerSecond : state.t + h;
  ++state.step;
}

}  // namespace articulab
