#include "engine/diagnostics/divergence.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/algorithm/kinematics.hpp"

namespace articulab {

namespace {

// The farthest body origin from the world origin at the joints' zero pose: the size of a
// mechanism that starts folded (a coiled chain hangs straight there); 0 for a model with loops,
// whose zero pose need not close them.
double reachAtZeroPose(const Model& model) {
  if (!model.loops.empty() || model.nq == 0) return 0.0;
  TreeKinematics kin(model);
  const VectorX zero = VectorX::Zero(model.nq);
  computeKinematics(model, zero, zero, kin);
  double reach = 0.0;
  for (const BodyKinematics& body : kin.bodies) reach = std::max(reach, body.p_0i.norm());
  return std::isfinite(reach) ? reach : 0.0;
}

std::string format(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  return text;
}
}  // namespace

// The size is the farthest body origin at the state or at the joints' zero pose, where a folded
// mechanism reaches farther (reachAtZeroPose).
double energyScale(const Model& model, const State& state, double energy) {
  double mass = 0.0, reach = std::max(1.0, reachAtZeroPose(model));
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
