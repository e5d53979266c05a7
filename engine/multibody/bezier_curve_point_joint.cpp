#include "engine/multibody/bezier_curve_point_joint.hpp"

#include <stdexcept>

#include "engine/multibody/spline_guide_lines.hpp"
#include "engine/multibody/parameter_range.hpp"

namespace articulab {

namespace {
constexpr double kMinUpAngleSine = 1e-3;  // |unit tangent x up| below this: frame undefined
constexpr int kGuideSamples = 128;
}  // namespace

CurvePointJoint::CurvePointJoint(std::vector<Vector3> controlPoints, const Vector3& up)
    : points_(std::move(controlPoints)), up_(up.normalized()) {
  if (points_.size() < 2 || points_.size() > static_cast<std::size_t>(bezier::kMaxControlPoints))
    throw std::invalid_argument("a curve point joint needs 2 to " + std::to_string(bezier::kMaxControlPoints) +
                                " control points");
  if (!(up.norm() > 0.0)) throw std::invalid_argument("a curve point joint needs a non-zero up vector");
}

std::string CurvePointJoint::coordinateHelp() const {
  return "s: curve parameter in [0, 1]; spin: rotation about the tangent, rad (periodic)";
}

std::string CurvePointJoint::checkCoordinates(const double* q) const {
  if (std::string problem = parameterOutside("s", q[0], 0.0, 1.0, "the curve"); !problem.empty()) return problem;
  const Vector3 tangent = bezier::curvePoint<double>(points_.data(), count(), q[0]).dx;
  const double length = tangent.norm();
  if (!(length > 0.0)) return "s = " + formatParameter(q[0]) + ": the curve's tangent vanishes there";
  if (!(tangent.cross(up_).norm() > kMinUpAngleSine * length))
    return "s = " + formatParameter(q[0]) + ": the tangent is parallel to the up vector, the frame is undefined";
  return {};
}

std::vector<std::vector<Vector3>> CurvePointJoint::guideLines() const {
  const auto point = [this](double s) { return bezier::curvePoint<double>(points_.data(), count(), s).x; };
  return {sampledCurve(point, 0.0, 1.0, kGuideSamples)};
}

}  // namespace articulab
