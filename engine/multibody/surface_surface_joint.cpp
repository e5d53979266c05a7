#include "engine/multibody/surface_surface_joint.hpp"

#include <cmath>

namespace articulab {

SurfaceSurfaceJoint::SurfaceSurfaceJoint(const ParametricSurface& parent, const ParametricSurface& child, double twist)
    : parent_(parent), child_(child), twist_(twist), cosTwist_(std::cos(twist)), sinTwist_(std::sin(twist)) {}

namespace {

std::string coordinateRange(const ParametricSurface& s, const char* u, const char* v) {
  const std::string periodic = std::string(u) + ": any angle, rad (periodic); ";
  if (s.type == SurfaceType::Torus) return periodic + v + ": any angle, rad (periodic)";
  return periodic + v + ": latitude in (-pi/2, pi/2), rad, singular at the poles";
}

}  // namespace

std::string SurfaceSurfaceJoint::coordinateHelp() const {
  return "contact point on the parent " + describeSurface(parent_) + " (" + coordinateRange(parent_, "u_parent", "v_parent") +
         ") and on the child " + describeSurface(child_) + " (" + coordinateRange(child_, "u_child", "v_child") + ")";
}

std::string SurfaceSurfaceJoint::checkCoordinates(const double* q) const {
  if (std::string problem = checkSurfaceCoordinates(parent_, q[0], q[1], "u_parent", "v_parent", "parent");
      !problem.empty())
    return problem;
  return checkSurfaceCoordinates(child_, q[2], q[3], "u_child", "v_child", "child");
}

}  // namespace articulab
