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

constexpr double kModestNumber = 1e10;    // masses, lengths, coordinates, velocities, gravity, gains
constexpr double kModestInertia = 1e30;   // a mass of 1e10 kg at 1e10 m
constexpr double kModestBodyCount = 1e7;

bool isModest(double value, double bound) { return std::abs(value) <= bound; }  // false for NaN

template <class Matrix>
bool allModest(const Matrix& values, double bound) {
  for (Eigen::Index k = 0; k < values.size(); ++k)
    if (!isModest(values.data()[k], bound)) return false;
  return true;
}

bool jointIsModest(const Joint& joint) {
  return !joint.general && allModest(joint.E_pj, kModestNumber) && allModest(joint.E_jc, kModestNumber) &&
         allModest(joint.rest, kModestNumber) && isModest(joint.stiffness, kModestNumber) &&
         isModest(joint.damping, kModestNumber);
}

}  // namespace

// With n <= 1e7 bodies and every number <= B = 1e10 (rigid joints: orthonormal rotations, unit
// axes, translations linear in q), each joint moves a body origin by at most 5B, so |p_0i| <=
// 5nB = 5e17 and Ad of a relative pose is below 1e18. A joint's basis Ad_iJ S has entries below
// 1e22 (Ad(E_jc^-1) below 2e10; S, with the exponential coordinates' dexp, below 1 + theta), so
// |phi_i| <= n 1e18 (6 1e22 B) < 1e58 and |eta_i| < 1e92. Kinetic energy <= 36 M |phi|^2 < 1e150;
// potential energy <= n B B 5e17 + n k (2B)^2 < 1e46; the inverse dynamics at qdd = 0 sums n
// wrenches M eta + ad(phi)^T M phi + m g < 1e148, moved by Ad^T (< 1e18) and projected by
// Ad_iJ S (< 1e22): below 1e196, plus springs and dampers < 1e21. All far below 1.8e308.
bool initialStateIsSurelyFinite(const Model& model) {
  if (!model.forces.empty() || !model.muscles.empty()) return false;
  if (static_cast<double>(model.bodies.size()) > kModestBodyCount) return false;
  if (!allModest(model.gravity, kModestNumber) || !allModest(model.q0, kModestNumber) ||
      !allModest(model.qd0, kModestNumber))
    return false;
  for (const Body& body : model.bodies)
    if (!isModest(body.mass, kModestNumber) || !allModest(body.M, kModestInertia)) return false;
  for (const Joint& joint : model.joints)
    if (!jointIsModest(joint)) return false;
  return true;
}

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
