// The own keys of a general joint (scene-format.md, General joints) from its definition, for
// the scene writer: the inverse of scene_spline_joints.cpp and scene_surface_joints.cpp.
#pragma once

#include <string>

#include "engine/io/json_layout.hpp"
#include "engine/multibody/scleronomic_joint.hpp"

namespace articulab::scene_io {

// Adds the keys to out; returns "" or why the definition has no form in the scene format.
std::string putGeneralJointDefinition(OrderedJson& out, const ScleronomicJoint& general);

}  // namespace articulab::scene_io
