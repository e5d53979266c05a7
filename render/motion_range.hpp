// Where a mechanism can go and the plane it moves in, from its joints (no OpenGL here): the
// initial camera frames this range of motion rather than the start pose.
#pragma once

#include <optional>

#include "engine/multibody/state.hpp"

namespace articulab::render {

// Box around every body over its reach: a body held to a world anchor (a rotational joint on
// the world or on a welded body) stays inside the sphere about the anchor whose radius is the
// length of the path of joint origins to it plus the body's size (a disc in the plane of
// motion of a planar mechanism); joints that slide count with their current offsets. Welded
// bodies and bodies with no anchor (free-flying) count at their current pose. A scene at rest
// under gravity -z is not expected far above its start or its anchors. False without bodies.
bool reachBounds(const Model& model, const State& state, Vector3& lo, Vector3& hi);

// The unit normal of the plane a planar mechanism moves in: every moving joint a revolute about
// one axis (or a prismatic across it), or else all moving joint and body origins on one plane
// (not on a line). Empty for spatial mechanisms.
std::optional<Vector3> planeOfMotion(const Model& model, const State& state);

}  // namespace articulab::render
