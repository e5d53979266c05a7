#include "engine/io/scene_surface_joints.hpp"

#include "engine/multibody/surface_surface_joint.hpp"

namespace articulab::scene_io {

namespace {

ParametricSurface readTorus(const Node& node) {
  expectObject(node, {"type", "major", "minor"});
  const double major = readPositive(node["major"]);
  const double minor = readPositive(node["minor"]);
  if (minor >= major)
    node.failField("minor", "minor radius " + formatNumber(minor) + " is not below the major radius " +
                                formatNumber(major) + "; expected 0 < minor < major (a ring torus)");
  return ParametricSurface::torus(major, minor);
}

ParametricSurface readEllipsoid(const Node& node) {
  expectObject(node, {"type", "radii"});
  const Node radii = node["radii"];
  readNumbers(radii, 3);
  return ParametricSurface::ellipsoid(readPositive(radii.element(0)), readPositive(radii.element(1)),
                                      readPositive(radii.element(2)));
}

}  // namespace

ParametricSurface readParametricSurface(const Node& node) {
  expectObject(node);
  const Node typeNode = node["type"];
  const std::string type = readString(typeNode);
  if (type == "sphere") {
    expectObject(node, {"type", "radius"});
    return ParametricSurface::sphere(readPositive(node["radius"]));
  }
  if (type == "ellipsoid") return readEllipsoid(node);
  if (type == "torus") return readTorus(node);
  const std::vector<std::string> names = {"sphere", "ellipsoid", "torus"};
  typeNode.fail("unknown surface type " + inQuotes(type) + suggestion(type, names) + "; expected one of: " +
                listNames(names));
}

std::shared_ptr<const ScleronomicJoint> readSurfaceSurfaceJoint(const Node& joint) {
  const ParametricSurface parent = readParametricSurface(joint["parent_surface"]);
  const ParametricSurface child = readParametricSurface(joint["child_surface"]);
  const double twist = joint.has("twist") ? readNumber(joint["twist"]) : 0.0;
  return std::make_shared<SurfaceSurfaceJoint>(parent, child, twist);
}

}  // namespace articulab::scene_io
