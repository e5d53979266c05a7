// A point where a body touches (or is about to touch) the ground or another body, as a
// back-end reports it. The normal force pushes `body` along `normal` (and `other`, when not the
// ground, the opposite way); the friction force acts on `body`, its opposite on `other`.
#pragma once

#include "engine/spatial/types.hpp"

namespace articulab::contact {

struct ContactPoint {
  int body = -1;
  Vector3 position = Vector3::Zero();  // world, m
  double gap = 0.0;                    // height above z = 0, m (negative: penetration)
  double force = 0.0;                  // normal force of the last step, N (>= 0)
  int support = -1;                    // the support point's number in the model (friction warm start)
  double friction = 0.0;               // Coulomb coefficient of the contact (0: frictionless)
  Vector3 frictionForce = Vector3::Zero();  // on the body, world, N
  int other = -1;                           // the other body of a body-body contact, -1: the ground
  Vector3 normal = Vector3::UnitZ();        // world unit normal from `other` (or the ground) to `body`
};

}  // namespace articulab::contact
