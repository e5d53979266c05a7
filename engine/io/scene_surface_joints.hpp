// Scene reader of surface-surface joints (README "General joints"):
//   "type": "surface_surface", "parent_surface": {...}, "child_surface": {...}, "twist": rad
// with surfaces {"type": "sphere", "radius"}, {"type": "ellipsoid", "radii": [a, b, c]} or
// {"type": "torus", "major", "minor"}.
#pragma once

#include <memory>

#include "engine/io/json_reader.hpp"
#include "engine/multibody/parametric_surface.hpp"
#include "engine/multibody/scleronomic_joint.hpp"

namespace articulab::scene_io {

ParametricSurface readParametricSurface(const Node& node);
std::shared_ptr<const ScleronomicJoint> readSurfaceSurfaceJoint(const Node& joint);

}  // namespace articulab::scene_io
