#include "engine/forces/muscle_wrenches.hpp"

namespace articulab {

namespace {

void addPointForce(const Attachment& attachment, const RigidMotion& motion, const Vector3& F,
                   std::vector<Vector6>& wrench) {
  if (attachment.body < 0) return;
  const Vector3 f = motion.R.transpose() * F;  // Gamma(r)^T f = (r x f; f)
  wrench[attachment.body].head<3>() += attachment.point.cross(f);
  wrench[attachment.body].tail<3>() += f;
}

}  // namespace

void addMuscleWrenches(const Muscle& muscle, const MusclePath& path, double force, std::vector<Vector6>& wrench) {
  for (int k = 0; k + 1 < path.count; ++k) {
    const Attachment &from = muscle.path[k], &to = muscle.path[k + 1];
    if (from.body == to.body) continue;  // a segment fixed on one body pulls on it with zero net wrench
    const Vector3 dx = path.points[k + 1].x - path.points[k].x;
    const double l = dx.norm();
    if (l <= 0.0) continue;  // coincident points: no direction
    const Vector3 pull = (force / l) * dx;
    addPointForce(from, path.points[k].motion, pull, wrench);
    addPointForce(to, path.points[k + 1].motion, -pull, wrench);
  }
}

}  // namespace articulab
