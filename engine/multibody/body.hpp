// A rigid body: its shapes (for mass, contact and drawing) and spatial inertia about its frame.
#pragma once

#include <string>
#include <vector>

#include "engine/spatial/inertia.hpp"

namespace articulab {

// What a shape is for: both (the default), drawing only (a URDF <visual>, an MJCF geom that
// collides with nothing) or contact only (a URDF <collision> drawn through its visual).
enum class ShapeRole { Both, Visual, Collision };

struct BodyShape {
  ShapeDims dims;
  Matrix4 E_bs = Matrix4::Identity();  // shape frame in the body frame
  double mass = 0.0;                   // kg; 0: geometry only (a body with an inertial)
  ShapeRole role = ShapeRole::Both;
};

inline bool shapeCollides(const BodyShape& shape) { return shape.role != ShapeRole::Visual; }
inline bool shapeIsDrawn(const BodyShape& shape) { return shape.role != ShapeRole::Collision; }

// Mass properties given as numbers (a scene's "inertial", URDF and MJCF <inertial>), added to
// those of the shapes.
struct BodyInertial {
  bool given = false;
  double mass = 0.0;                         // kg
  Vector3 com = Vector3::Zero();             // centre of mass in the body frame, m
  Matrix3 inertia = Matrix3::Zero();         // about the centre of mass, body axes, kg m^2
};

struct Body {
  std::string name;
  std::vector<BodyShape> shapes;
  BodyInertial inertial;
  double mass = 0.0;                    // kg
  Vector3 com = Vector3::Zero();        // centre of mass in the body frame, m
  Matrix6 M = Matrix6::Identity();      // spatial inertia about the body frame origin (eq 1.26)
  double friction = -1.0;               // Coulomb coefficient; negative: the scene's default
};

// Fills mass, com and M from the shapes and the inertial (eq 1.25-1.26).
void computeBodyInertia(Body& body);

}  // namespace articulab
