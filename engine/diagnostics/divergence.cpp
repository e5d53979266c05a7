#include "engine/diagnostics/divergence.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace articulab {

namespace {
std::string format(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  return text;
}
}  // namespace

double energyScale(const Model& model, const State& state, double energy) {
  double mass = 0.0, reach = 1.0;
  for (int i = 0; i < model.bodyCount(); ++i) {
    mass += model.bodies[i].mass;
    reach = std::max(reach, state.E_0i[i].block<3, 1>(0, 3).norm());
  }
  const double scale = std::max({1.0, std::abs(energy), mass * model.gravity.norm() * reach});
  return std::isfinite(scale) ? scale : 1.0;
}

EnergyBound energyBoundAt(const Model& model, const State& state) {
  EnergyBound bound;
  bound.reference = computeEnergy(model, state).total();
  if (!std::isfinite(bound.reference)) bound.reference = 0.0;
  bound.scale = energyScale(model, state, bound.reference);
  return bound;
}

std::string coordinateDivergence(const State& state) {
  if (!state.q.allFinite()) return "joint position q is not finite";
  if (!state.qd.allFinite()) return "joint velocity qdot is not finite";
  return "";
}

std::string divergence(const State& state, const EnergyReport& energy, const EnergyBound& bound) {
  if (std::string problem = coordinateDivergence(state); !problem.empty()) return problem;
  if (!std::isfinite(energy.kinetic)) return "kinetic energy is not finite";
  if (!std::isfinite(energy.potential)) return "potential energy is not finite";
  if (energy.total() <= bound.limit()) return "";
  return "total energy " + format(energy.total()) + " J exceeded the bound " + format(bound.limit()) +
         " J (the simulation exploded)";
}

}  // namespace articulab
