#include "engine/forces/muscle_path.hpp"

namespace articulab {

void finishMusclePath(const Muscle& muscle, MusclePath& path) {
  path.length = 0.0;
  path.lengthRate = 0.0;
  for (int k = 0; k < path.count; ++k) {
    MusclePathPoint& point = path.points[k];
    const Vector3& r = muscle.path[k].point;
    point.x = point.motion.R * r + point.motion.p;
    const Vector6& phi = point.motion.phi;
    point.xdot = point.motion.R * (phi.head<3>().cross(r) + phi.tail<3>());  // R Gamma(r) phi, eq 1.12
  }
  for (int k = 0; k + 1 < path.count; ++k) {
    const Vector3 dx = path.points[k + 1].x - path.points[k].x;
    const double l = dx.norm();
    path.length += l;
    if (l > 0.0) path.lengthRate += dx.dot(path.points[k + 1].xdot - path.points[k].xdot) / l;
  }
}

}  // namespace articulab
