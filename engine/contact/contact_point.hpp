// A point where a body touches (or is about to touch) the ground, as a back-end reports it.
#pragma once

#include "engine/spatial/types.hpp"

namespace articulab::contact {

struct ContactPoint {
  int body = -1;
  Vector3 position = Vector3::Zero();  // world, m
  double gap = 0.0;                    // height above z = 0, m (negative: penetration)
  double force = 0.0;                  // normal force of the last step, N (>= 0)
};

}  // namespace articulab::contact
