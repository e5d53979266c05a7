#include "engine/io/scene_overflow.hpp"

#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/inverse_dynamics.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/energy.hpp"

namespace articulab::scene_io {

namespace {

constexpr const char* kRange = "beyond the largest double, 1.8e308";

// The joint whose coordinates include q[k].
const Joint& jointOfCoordinate(const Model& model, long k) {
  for (const Joint& joint : model.joints)
    if (k >= joint.qIndex && k < joint.qIndex + joint.nq) return joint;
  return model.joints.front();
}

void checkWeight(const Node& root, const Model& model) {
  double mass = 0.0;
  for (const Body& body : model.bodies) mass += body.mass;
  if (!std::isfinite(mass))
    root.failField("bodies", std::string("the bodies' total mass overflows (") + kRange + ")");
  const Vector3& g = model.gravity;
  const double magnitude = std::hypot(g.x(), g.y(), g.z());  // without squares that overflow
  const double weight = mass * magnitude;
  if (!std::isfinite(weight))
    root.failField("gravity", "gravity of magnitude " + formatNumber(magnitude) + " m/s^2 on the bodies' " +
                                  "total mass of " + formatNumber(mass) + " kg is a weight " + kRange +
                                  "; expected a gravity whose weight stays finite");
}

}  // namespace

void checkInitialStateIsFinite(const Node& root, const Model& model, const TreeKinematics& kin) {
  if (model.bodies.empty()) return;
  checkWeight(root, model);
  for (int i = 0; i < model.bodyCount(); ++i)
    if (!kin.bodies[i].p_0i.allFinite() || !kin.bodies[i].phi.allFinite())
      root.fail("the initial pose or velocity of body " + inQuotes(model.bodies[i].name) + " overflows (" + kRange +
                "): joint positions, coordinates or velocities are too large together");
  const EnergyReport energy = computeEnergy(model, makeInitialState(model, kin));
  if (!std::isfinite(energy.kinetic))
    root.fail(std::string("the initial kinetic energy overflows (") + kRange +
              "): initial velocities, masses or sizes are too large together");
  if (!std::isfinite(energy.potential))
    root.fail(std::string("the initial potential energy overflows (") + kRange +
              "): gravity, heights, stiffnesses or spring stretches are too large together");
  InverseDynamicsWorkspace workspace(model);
  VectorX force = VectorX::Zero(model.nq);
  generalizedForce(model, kin, model.q0, model.qd0, passiveInputs(), workspace, force);
  for (long k = 0; k < force.size(); ++k)
    if (!std::isfinite(force[k]))
      root.fail("the joint forces at the initial state overflow (" + std::string(kRange) + ") at coordinate " +
                std::to_string(k) + " of joint " + inQuotes(jointOfCoordinate(model, k).name) +
                ": gravity, masses, lever arms, stiffnesses, force elements or velocities are too large together");
}

}  // namespace articulab::scene_io
