// Scene readers of the spline and Bezier joints (README "General joints"): spline_curve,
// spline_surface, curve_point, surface_point.
#pragma once

#include <memory>

#include "engine/io/json_reader.hpp"
#include "engine/multibody/scleronomic_joint.hpp"

namespace articulab::scene_io {

// "control_frames": at least 4 of {"position", "rotation"}.
std::shared_ptr<const ScleronomicJoint> readSplineCurveJoint(const Node& joint);
// "control_values": {"x", "y", "z", "rx", "ry", "rz"}, each 4 rows of 4 numbers, absent = 0.
std::shared_ptr<const ScleronomicJoint> readSplineSurfaceJoint(const Node& joint);
// "control_points": 2 to 16 points [x, y, z]; "up": optional non-zero vector, default [0, 0, 1].
std::shared_ptr<const ScleronomicJoint> readCurvePointJoint(const Node& joint);
// "control_points": 2 to 16 rows of 2 to 16 points [x, y, z] each, all rows equally long.
std::shared_ptr<const ScleronomicJoint> readSurfacePointJoint(const Node& joint);

}  // namespace articulab::scene_io
