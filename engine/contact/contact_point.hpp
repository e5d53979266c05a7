// A point where a body touches (or is about to touch) the ground, as a back-end reports it.
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
};

}  // namespace articulab::contact
