#include "engine/multibody/spline_curve_joint.hpp"

#include <stdexcept>

#include "engine/multibody/spline_guide_lines.hpp"
#include "engine/multibody/parameter_range.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab {

namespace {
constexpr int kSamplesPerSegment = 32;  // guide polyline resolution
}

SplineCurveJoint::SplineCurveJoint(std::vector<Matrix4> controlFrames) : frames_(std::move(controlFrames)) {
  if (frames_.size() < 4) throw std::invalid_argument("a spline curve joint needs at least 4 control frames");
  for (std::size_t i = 0; i + 1 < frames_.size(); ++i)
    differences_.push_back(se3::log(se3::inverse(frames_[i]) * frames_[i + 1]));
}

int SplineCurveJoint::segmentOf(double q) const {
  if (!(q > 0.0)) return 0;
  if (q >= segmentCount()) return segmentCount() - 1;
  return static_cast<int>(q);
}

std::string SplineCurveJoint::coordinateHelp() const {
  return "q: spline parameter in [0, " + std::to_string(segmentCount()) + "] (segment floor(q), " +
         std::to_string(frames_.size()) + " control frames)";
}

std::string SplineCurveJoint::checkCoordinates(const double* q) const {
  return parameterOutside("q", q[0], 0.0, segmentCount(), "the spline");
}

std::vector<std::vector<Vector3>> SplineCurveJoint::guideLines() const {
  const auto point = [this](double q) { return Vector3(transform(&q).topRightCorner<3, 1>()); };
  return {sampledCurve(point, 0.0, segmentCount(), kSamplesPerSegment * segmentCount())};
}

}  // namespace articulab
