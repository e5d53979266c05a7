// Polylines that show what a curve or surface joint slides on (ScleronomicJoint::guideLines).
#pragma once

#include <functional>
#include <vector>

#include "engine/spatial/types.hpp"

namespace articulab {

// point(t) at samples + 1 evenly spaced t in [lo, hi].
std::vector<Vector3> sampledCurve(const std::function<Vector3(double)>& point, double lo, double hi, int samples);
// Iso-lines of point(u, v) over [0, 1]^2: `lines` lines of constant u, then as many of
// constant v, each with samples + 1 points.
std::vector<std::vector<Vector3>> isoLineGrid(const std::function<Vector3(double, double)>& point, int lines = 9,
                                              int samples = 48);

}  // namespace articulab
