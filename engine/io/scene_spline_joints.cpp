#include "engine/io/scene_spline_joints.hpp"

#include <cmath>

#include "engine/multibody/bezier_curve_point_joint.hpp"
#include "engine/multibody/bezier_surface_point_joint.hpp"
#include "engine/multibody/spline_curve_joint.hpp"
#include "engine/multibody/spline_surface_joint.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab::scene_io {

namespace {

constexpr int kMinSplineFrames = 4;
// Consecutive control frames must turn by less than this: log(C_{i-1}^-1 C_i) is ambiguous at pi.
constexpr double kMaxFrameTurn = 3.1;
const std::vector<std::string> kBases = {"x", "y", "z", "rx", "ry", "rz"};

// A list of `what` with between lo and hi entries; returns its length.
int expectCount(const Node& list, int lo, int hi, const std::string& what) {
  const std::size_t n = expectArray(list);
  if (n < static_cast<std::size_t>(lo) || n > static_cast<std::size_t>(hi)) {
    const std::string count = lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi);
    list.fail("expected " + count + " " + what + ", got " + std::to_string(n));
  }
  return static_cast<int>(n);
}

double rotationAngle(const Matrix4& E) { return se3::log(E).head<3>().norm(); }

Matrix4 readControlFrame(const Node& frame) {
  expectObject(frame, {"position", "rotation"});
  return readPose(frame, "position", "rotation");
}

Matrix4 readControlValues(const Node& rows) {
  Matrix4 C;
  expectCount(rows, 4, 4, "rows of 4 control values");
  for (int i = 0; i < 4; ++i) C.row(i) = readNumbers(rows.element(i), 4).transpose();
  return C;
}

std::vector<Vector3> readPoints(const Node& list, int lo, int hi, const std::string& what) {
  const int n = expectCount(list, lo, hi, what);
  std::vector<Vector3> points;
  for (int i = 0; i < n; ++i) points.push_back(readVector3(list.element(i)));
  return points;
}

}  // namespace

std::shared_ptr<const ScleronomicJoint> readSplineCurveJoint(const Node& joint) {
  const Node list = joint["control_frames"];
  const std::size_t n = expectArray(list);
  if (n < static_cast<std::size_t>(kMinSplineFrames))
    list.fail("expected at least " + std::to_string(kMinSplineFrames) +
              " control frames {\"position\", \"rotation\"}, got " + std::to_string(n));
  std::vector<Matrix4> frames;
  for (std::size_t i = 0; i < n; ++i) {
    frames.push_back(readControlFrame(list.element(i)));
    if (i == 0) continue;
    const double turn = rotationAngle(se3::inverse(frames[i - 1]) * frames[i]);
    if (turn >= kMaxFrameTurn)
      list.element(i).fail("turns by " + formatNumber(turn) + " rad from control frame " + std::to_string(i - 1) +
                           "; expected less than " + formatNumber(kMaxFrameTurn) +
                           " rad between consecutive frames (their log is ambiguous at pi)");
  }
  return std::make_shared<SplineCurveJoint>(std::move(frames));
}

std::shared_ptr<const ScleronomicJoint> readSplineSurfaceJoint(const Node& joint) {
  const Node values = joint["control_values"];
  expectObject(values, kBases);
  if (values.json().empty()) values.fail("expected at least one of: " + listNames(kBases));
  SplineSurfaceJoint::ControlValues C;
  for (std::size_t k = 0; k < kBases.size(); ++k)
    C[k] = values.has(kBases[k]) ? readControlValues(values[kBases[k]]) : Matrix4::Zero();
  return std::make_shared<SplineSurfaceJoint>(C);
}

std::shared_ptr<const ScleronomicJoint> readCurvePointJoint(const Node& joint) {
  std::vector<Vector3> points =
      readPoints(joint["control_points"], 2, bezier::kMaxControlPoints, "control points [x, y, z]");
  const Vector3 up = joint.has("up") ? readAxis(joint["up"]) : Vector3::UnitZ();
  return std::make_shared<CurvePointJoint>(std::move(points), up);
}

std::shared_ptr<const ScleronomicJoint> readSurfacePointJoint(const Node& joint) {
  const Node rows = joint["control_points"];
  const int m = expectCount(rows, 2, bezier::kMaxControlPoints, "rows of control points");
  std::vector<Vector3> points;
  int n = 0;
  for (int i = 0; i < m; ++i) {
    const Node row = rows.element(i);
    const std::vector<Vector3> rowPoints = readPoints(row, 2, bezier::kMaxControlPoints, "control points [x, y, z]");
    if (i > 0 && static_cast<int>(rowPoints.size()) != n)
      row.fail("expected " + std::to_string(n) + " control points like row 0, got " + std::to_string(rowPoints.size()) +
               "; every row needs the same number");
    n = static_cast<int>(rowPoints.size());
    points.insert(points.end(), rowPoints.begin(), rowPoints.end());
  }
  return std::make_shared<SurfacePointJoint>(std::move(points), m, n);
}

}  // namespace articulab::scene_io
