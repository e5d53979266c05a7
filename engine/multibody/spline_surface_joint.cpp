#include "engine/multibody/spline_surface_joint.hpp"

#include "engine/multibody/spline_guide_lines.hpp"
#include "engine/multibody/parameter_range.hpp"

namespace articulab {

std::string SplineSurfaceJoint::coordinateHelp() const {
  return "q1: patch parameter in [0, 1]; q2: patch parameter in [0, 1]";
}

std::string SplineSurfaceJoint::checkCoordinates(const double* q) const {
  std::string problem = parameterOutside("q1", q[0], 0.0, 1.0, "the patch");
  return problem.empty() ? parameterOutside("q2", q[1], 0.0, 1.0, "the patch") : problem;
}

std::vector<std::vector<Vector3>> SplineSurfaceJoint::guideLines() const {
  return isoLineGrid(
      [this](double u, double v) {
        const double q[2] = {u, v};
        return Vector3(transform(q).topRightCorner<3, 1>());
      });
}

}  // namespace articulab
