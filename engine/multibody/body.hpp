// A rigid body: its shapes (for mass and drawing) and spatial inertia about its frame.
#pragma once

#include <string>
#include <vector>

#include "engine/spatial/inertia.hpp"

namespace articulab {

struct BodyShape {
  ShapeDims dims;
  Matrix4 E_bs = Matrix4::Identity();  // shape frame in the body frame
  double mass = 0.0;                   // kg
};

struct Body {
  std::string name;
  std::vector<BodyShape> shapes;
  double mass = 0.0;                    // kg
  Vector3 com = Vector3::Zero();        // centre of mass in the body frame, m
  Matrix6 M = Matrix6::Identity();      // spatial inertia about the body frame origin (eq 1.26)
  double friction = -1.0;               // Coulomb coefficient; negative: the scene's default
};

// Fills mass, com and M from the shapes (eq 1.25-1.26).
void computeBodyInertia(Body& body);

}  // namespace articulab
