// What the inspector shows of one body and its joint at a state (issue 16), in SI units,
// computed without ImGui so that tests can check it against the engine's own functions.
#pragma once

#include <string>
#include <vector>

#include "engine/algorithm/joint_wrenches.hpp"
#include "engine/multibody/state.hpp"

namespace articulab::gui {

// A force on the body the inspector lists: gravity, a force element or a muscle that ends on it.
struct InspectedForce {
  std::string name;   // "gravity", the element's or the muscle's name
  std::string kind;   // "gravity", "spring-damper", ..., "muscle"
  double magnitude = 0.0;  // N: |m g|, the element's tension, the muscle's force
};

// A contact of the last step on the body (State::outputs), forces on this body, world axes.
struct InspectedContact {
  Vector3 point = Vector3::Zero();     // world, m
  double normalForce = 0.0;            // N (>= 0), along `normal`
  Vector3 normal = Vector3::UnitZ();   // direction of the normal force on this body
  Vector3 friction = Vector3::Zero();  // N, in the contact's tangent plane
  std::string with;                    // "ground" or the other body's name
};

// What a joint coordinate measures: an angle (rad), a length (m), or not known (a general joint).
enum class CoordinateKind { Angle, Length, Unknown };

struct BodyInspection {
  std::string name;
  double mass = 0.0;                        // kg
  Vector3 centreOfMass = Vector3::Zero();   // body frame, m
  Vector3 principalMoments = Vector3::Zero();  // about the centre of mass, kg m^2, increasing
  Vector3 position = Vector3::Zero();       // world, m: the body frame's origin
  Vector3 rotation = Vector3::Zero();       // world, rad: rotation vector (axis times angle) of R_0i
  Vector3 angularVelocity = Vector3::Zero();  // world, rad/s
  Vector3 centreVelocity = Vector3::Zero();   // world velocity of the centre of mass, m/s
  double kinetic = 0.0;                     // J, 1/2 phi^T M phi
  // The joint that holds it (to its parent or the world).
  std::string joint, jointType, parent;     // parent "world" for a root
  VectorX q, qd, qdd;                       // its coordinates, rates, last accelerations
  std::vector<CoordinateKind> coordinateKinds;  // per coordinate of q, from the joint's parts
  bool hasLimits = false;
  VectorX lower, upper;
  double stiffness = 0.0, damping = 0.0;    // N m/rad or N/m, N m s/rad or N s/m
  std::vector<InspectedForce> forces;
  std::vector<InspectedContact> contacts;
  Vector3 contactSum = Vector3::Zero();  // N: sum of the contacts' normal and friction forces, world
  // What joint i exerts on the body (engine/algorithm/joint_wrenches.hpp): world axes, moment about
  // the joint's origin; only with the step's accelerations qdd (hasJointWrench).
  bool hasJointWrench = false;
  bool loopOnSubtree = false;  // a loop closure acts on the subtree: jointWrench adds its force
  JointWrench jointWrench;
};

// Body b at the state; the state must hold the poses (E_0i, phi) of every body.
BodyInspection inspectBody(const Model& model, const State& state, int b);

}  // namespace articulab::gui
