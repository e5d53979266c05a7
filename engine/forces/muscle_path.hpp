// The path of a muscle at one state (sueda eq 1.57-1.58): the world points and velocities of
// origin, via points and insertion, the musculotendon length l_MT = sum |x_k+1 - x_k| and its
// rate v = sum n_k . (xdot_k+1 - xdot_k), n_k the unit direction of segment k.
#pragma once

#include <array>

#include "engine/multibody/muscle.hpp"
#include "engine/forces/rigid_motion.hpp"

namespace articulab {

struct MusclePathPoint {
  RigidMotion motion;              // of the point's body (the world's for a world point)
  Vector3 x = Vector3::Zero();     // world, m
  Vector3 xdot = Vector3::Zero();  // m/s
};

struct MusclePath {
  int count = 0;
  std::array<MusclePathPoint, kMaxMusclePathPoints> points;
  double length = 0.0;      // l_MT, m
  double lengthRate = 0.0;  // v = dl_MT/dt, m/s (positive while lengthening)
};

// Fills x, xdot, length and lengthRate from the points' body motions.
void finishMusclePath(const Muscle& muscle, MusclePath& path);

template <class Motion>
void musclePath(const Muscle& muscle, const Motion& motion, MusclePath& path) {
  path.count = static_cast<int>(muscle.path.size());
  for (int k = 0; k < path.count; ++k) path.points[k].motion = attachmentMotion(motion, muscle.path[k]);
  finishMusclePath(muscle, path);
}

}  // namespace articulab
