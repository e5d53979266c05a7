// Excitation of a muscle as a function of time (muscle_excitation.hpp).
#include "engine/forces/muscle_excitation.hpp"

#include <algorithm>
#include <cmath>

namespace articulab {

double excitationAt(const Excitation& e, double t) {
  if (e.wave) {
    constexpr double kTwoPi = 6.283185307179586476925286766559;
    return e.mean + e.amplitude * std::sin(kTwoPi * t / e.period + e.phase);
  }
  const std::size_t n = std::min(e.times.size(), e.values.size());
  if (n == 0) return 0.0;
  if (n == 1 || t <= e.times[0]) return e.values[0];
  if (t >= e.times[n - 1]) return e.values[n - 1];
  // First knot after t: 1 <= i <= n - 1, and t lies in [times[i - 1], times[i]).
  const std::size_t i = std::upper_bound(e.times.begin(), e.times.begin() + n, t) - e.times.begin();
  const double t0 = e.times[i - 1], t1 = e.times[i];
  const double s = (t - t0) / (t1 - t0);
  return e.values[i - 1] + s * (e.values[i] - e.values[i - 1]);
}

Excitation constantExcitation(double u) {
  Excitation e;
  e.times = {0.0};
  e.values = {u};
  return e;
}

}  // namespace articulab
