#include "app/session/run_comparison.hpp"

#include <algorithm>
#include <cmath>

#include "engine/spatial/so3.hpp"

namespace articulab::session {

RunDifference bodyFrameDifference(const State& a, const State& b) {
  RunDifference d;
  const std::size_t bodies = std::min(a.E_0i.size(), b.E_0i.size());
  for (std::size_t i = 0; i < bodies; ++i) {
    const Matrix4& Ea = a.E_0i[i];
    const Matrix4& Eb = b.E_0i[i];
    d.position = std::max(d.position, (Ea.block<3, 1>(0, 3) - Eb.block<3, 1>(0, 3)).norm());
    const Matrix3 relative = Ea.block<3, 3>(0, 0).transpose() * Eb.block<3, 3>(0, 0);
    d.rotation = std::max(d.rotation, so3::log(relative).norm());
  }
  return d;
}

bool catchUp(Run& run, double t, const std::function<void(const Run&)>& afterEach) {
  while (!run.failed() && run.state().t + 0.5 * run.plan().dt <= t) {
    run.step();
    if (run.cancelled()) break;  // the step stands where it was; the next catch-up takes it again
    if (afterEach) afterEach(run);
  }
  return !run.failed();
}

double energyChangeScale(const EnergyWatch& energy) {
  return energy.largestKinetic > 0.0 ? energy.largestKinetic : energy.bound.scale;
}

void IterationTally::add(int iterations) {
  ++steps;
  if (iterations < 0) return;
  ++iterative;
  sum += iterations;
  largest = std::max(largest, iterations);
}

}  // namespace articulab::session
