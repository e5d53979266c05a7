#include "engine/multibody/spline_guide_lines.hpp"

namespace articulab {

std::vector<Vector3> sampledCurve(const std::function<Vector3(double)>& point, double lo, double hi, int samples) {
  std::vector<Vector3> curve;
  for (int i = 0; i <= samples; ++i) curve.push_back(point(lo + (hi - lo) * static_cast<double>(i) / samples));
  return curve;
}

std::vector<std::vector<Vector3>> isoLineGrid(const std::function<Vector3(double, double)>& point, int lines,
                                              int samples) {
  std::vector<std::vector<Vector3>> grid;
  for (int l = 0; l < lines; ++l) {
    const double fixed = static_cast<double>(l) / (lines - 1);
    grid.push_back(sampledCurve([&](double v) { return point(fixed, v); }, 0.0, 1.0, samples));
  }
  for (int l = 0; l < lines; ++l) {
    const double fixed = static_cast<double>(l) / (lines - 1);
    grid.push_back(sampledCurve([&](double u) { return point(u, fixed); }, 0.0, 1.0, samples));
  }
  return grid;
}

}  // namespace articulab
