#include "engine/multibody/bezier_surface_point_joint.hpp"

#include <stdexcept>

#include "engine/multibody/spline_guide_lines.hpp"
#include "engine/multibody/parameter_range.hpp"

namespace articulab {

namespace {
constexpr double kMinTangentSine = 1e-6;  // |x_u x x_v| below this times |x_u| |x_v|: no normal

bool validCount(int n) { return n >= 2 && n <= bezier::kMaxControlPoints; }
}  // namespace

SurfacePointJoint::SurfacePointJoint(std::vector<Vector3> controlPoints, int rows, int cols)
    : points_(std::move(controlPoints)), rows_(rows), cols_(cols) {
  if (!validCount(rows) || !validCount(cols) || points_.size() != static_cast<std::size_t>(rows * cols))
    throw std::invalid_argument("a surface point joint needs rows x cols control points, 2 to " +
                                std::to_string(bezier::kMaxControlPoints) + " each way");
}

std::string SurfacePointJoint::coordinateHelp() const {
  return "u: patch parameter in [0, 1]; v: patch parameter in [0, 1]; spin: rotation about the normal, rad "
         "(periodic)";
}

std::string SurfacePointJoint::checkCoordinates(const double* q) const {
  if (std::string problem = parameterOutside("u", q[0], 0.0, 1.0, "the patch"); !problem.empty()) return problem;
  if (std::string problem = parameterOutside("v", q[1], 0.0, 1.0, "the patch"); !problem.empty()) return problem;
  const bezier::SurfacePoint<double> p = bezier::surfacePoint<double>(points_.data(), rows_, cols_, q[0], q[1]);
  if (!(p.du.cross(p.dv).norm() > kMinTangentSine * p.du.norm() * p.dv.norm()) || !(p.du.norm() > 0.0))
    return "(u, v) = (" + formatParameter(q[0]) + ", " + formatParameter(q[1]) +
           "): the surface has no normal there (its tangents are parallel or vanish)";
  return {};
}

std::vector<std::vector<Vector3>> SurfacePointJoint::guideLines() const {
  return isoLineGrid(
      [this](double u, double v) { return bezier::surfacePoint<double>(points_.data(), rows_, cols_, u, v).x; });
}

}  // namespace articulab
