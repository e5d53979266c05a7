// Joints of the kinematic tree and their kinematics Q(q), S(q), Sdot(q, qdot) (sueda notes 2.4).
//
// A joint connects parent body p to child body c:
//   E_pc = E_pj * Q(q) * E_jc
// with E_pj the joint frame in the parent body frame and E_jc the child body frame in the
// joint frame, both constant. S maps qdot to the twist of Q in joint coordinates (eq 2.29).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/spatial/types.hpp"

namespace articulab {

// The user-facing joint types of the scene format.
enum class JointType {
  Fixed,          // 0 DOF (2.4.1)
  Revolute,       // 1 DOF rotation about an axis (2.4.7)
  Prismatic,      // 1 DOF translation along an axis (2.4.2)
  Planar,         // 2 DOF translation in the joint x-y plane (2.4.3)
  Translational,  // 3 DOF translation (2.4.4)
  Universal,      // 2 DOF, rotation about x then y (2.4.6)
  SphericalXZX,   // 3 DOF XZX Euler angles (2.4.5)
  SphericalExp,   // 3 DOF exponential coordinates, reparameterised near |q| = pi (2.4.8)
  Composite,      // product of primitive joints Q = Q1 Q2 ... (2.4.9)
  Free2D,         // planar then revolute z (2.4.10)
  Free3D,         // 6 DOF (2.4.11): q = (w, p), Q = T(p) Rot(w): p in the joint frame's axes
  General,        // any scleronomic joint given by Q(q) alone, S and Sdot by AD (si-guenter)
};

class ScleronomicJoint;  // engine/multibody/scleronomic_joint.hpp

// A primitive joint; composite joints chain several (eq 2.48).
struct JointPart {
  JointType type = JointType::Fixed;  // never Composite, Free2D or General
  Vector3 axis = Vector3::UnitZ();    // unit axis for Revolute and Prismatic
  int nq = 0;
};

// Load-dependent joint friction (bilateral staggered projections, engine/contact/joint_friction.hpp):
// the coefficient and the joint's implicit contact geometry. mu = 0 (the default): no friction.
// loss: a bound that does not depend on the load (N m or N per friction axis), added to it.
struct JointFriction {
  double mu = 0.0;      // Coulomb coefficient
  double radius = 0.0;  // m: pin or ball radius, half-width of a prismatic slider
  double length = 0.0;  // m: pin length (revolute), slider length (prismatic); unused for spherical
  double loss = 0.0;    // N m or N: constant friction (URDF dynamics friction, MJCF frictionloss)
};

struct Joint {
  std::string name;
  JointType type = JointType::Fixed;
  std::vector<JointPart> parts;  // one part for primitive joints
  // The definition of a General joint (shared, immutable); null for every other type.
  std::shared_ptr<const ScleronomicJoint> general;
  int parent = -1;               // parent body index, -1 for the world
  int child = 0;                 // child body index (equals the joint index)
  Matrix4 E_pj = Matrix4::Identity();
  Matrix4 E_jc = Matrix4::Identity();
  int nq = 0;      // degrees of freedom
  int qIndex = 0;  // first coordinate in the model's q
  // Linear joint spring and damper, applied per coordinate (eq 2.72, 2.74): N m/rad or N/m.
  double stiffness = 0.0;
  double damping = 0.0;
  // Rotor inertia (MJCF armature): added to M_r's diagonal entry of every coordinate of the joint,
  // kg m^2 (angle) or kg (translation); its kinetic energy is 1/2 armature qdot_k^2 per coordinate.
  double armature = 0.0;
  VectorX rest;  // rest position, nq entries
  // Position limits per coordinate; enforced only by back-ends that support limits.
  bool hasLimits = false;
  VectorX lower, upper;
  // Driven joints follow a prescribed acceleration; back-ends with hybrid dynamics (sueda
  // Alg 9) return the torque that produces it. Back-ends without it treat the joint as free.
  bool driven = false;
  JointFriction friction;
};

// Q, S and Sdot of a joint at (q, qdot).
struct JointKinematics {
  Matrix4 Q = Matrix4::Identity();
  JointMatrix S;
  JointMatrix Sdot;
};

// Number of coordinates of a primitive joint type.
int primitiveDof(JointType type);
// Parts that a joint type expands to (Free2D is a composite of fixed parts; Free3D is one part).
std::vector<JointPart> defaultParts(JointType type, const Vector3& axis);
// Evaluates Q(q), S(q), Sdot(q, qdot); q and qdot point at the joint's nq coordinates.
void evaluateJoint(const Joint& joint, const double* q, const double* qdot, JointKinematics& out);
// Moves exponential coordinates away from the 2 pi singular shell (eq 2.43-2.47 discussion);
// returns true when q and qdot were changed. The pose Q(q) and the twist S qdot are unchanged.
bool reparameterizeJoint(const Joint& joint, double* q, double* qdot);

// True when coordinate c of the part is a translation (m), false when it is an angle (rad).
bool isTranslationCoordinate(const JointPart& part, int c);

const char* jointTypeName(JointType type);
// The scene-format type of a joint: jointTypeName, or the general joint's own type name.
const char* jointTypeName(const Joint& joint);

}  // namespace articulab
