#include "engine/io/scene_bodies.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "engine/io/mesh_file.hpp"

namespace articulab::scene_io {

namespace {

struct ShapeTypeEntry {
  const char* name;
  ShapeType type;
  std::vector<std::string> dimensionKeys;
};

const std::vector<ShapeTypeEntry>& shapeTypes() {
  static const std::vector<ShapeTypeEntry> table = {
      {"box", ShapeType::Box, {"size"}},
      {"sphere", ShapeType::Sphere, {"radius"}},
      {"ellipsoid", ShapeType::Ellipsoid, {"radii"}},
      {"cylinder", ShapeType::Cylinder, {"radius", "length"}},
      {"capsule", ShapeType::Capsule, {"radius", "length"}},
      {"torus", ShapeType::Torus, {"major_radius", "minor_radius"}},
      {"mesh", ShapeType::Mesh, {"file", "scale"}},
  };
  return table;
}

const ShapeTypeEntry& readShapeType(const Node& node) {
  const std::string name = readString(node);
  for (const ShapeTypeEntry& entry : shapeTypes())
    if (name == entry.name) return entry;
  std::vector<std::string> names;
  for (const ShapeTypeEntry& entry : shapeTypes()) names.push_back(entry.name);
  node.fail("unknown shape type " + inQuotes(name) + suggestion(name, names) +
            "; expected one of: " + listNames(names));
}

Vector3 readPositiveVector3(const Node& node) {
  const Vector3 v = readVector3(node);
  for (int i = 0; i < 3; ++i)
    if (v[i] <= 0.0) node.element(i).fail("expected a positive size, got " + formatNumber(v[i]));
  return v;
}

Vector3 readDimensions(const Node& node, ShapeType type) {
  switch (type) {
    case ShapeType::Box: return readPositiveVector3(node["size"]);
    case ShapeType::Sphere: return Vector3(readPositive(node["radius"]), 0.0, 0.0);
    case ShapeType::Ellipsoid: return readPositiveVector3(node["radii"]);
    case ShapeType::Cylinder:
    case ShapeType::Capsule: return Vector3(readPositive(node["radius"]), readPositive(node["length"]), 0.0);
    case ShapeType::Torus: {
      const double major = readPositive(node["major_radius"]), minor = readPositive(node["minor_radius"]);
      if (minor > major)
        node.failField("minor_radius", "minor_radius " + formatNumber(minor) + " exceeds major_radius " +
                                           formatNumber(major) + "; expected minor_radius <= major_radius");
      return Vector3(major, minor, 0.0);
    }
    case ShapeType::Mesh: return node.has("scale") ? readPositiveVector3(node["scale"]) : Vector3::Ones();
  }
  return Vector3::Zero();
}

// "file": a mesh file, relative to the scene file's folder unless absolute.
std::shared_ptr<const TriangleMesh> readMesh(const Node& node) {
  const std::string name = readName(node);
  std::filesystem::path path(name);
  if (path.is_relative()) path = std::filesystem::path(node.context().file).parent_path() / path;
  std::string error;
  auto mesh = readMeshFile(path.string(), error);
  if (!mesh) node.fail(error);
  return mesh;
}

// "role": "both" (the default), "visual" (drawn, no contact) or "collision" (contact, not drawn).
ShapeRole readRole(const Node& node) {
  const std::string name = readString(node);
  if (name == "both") return ShapeRole::Both;
  if (name == "visual") return ShapeRole::Visual;
  if (name == "collision") return ShapeRole::Collision;
  node.fail("unknown shape role " + inQuotes(name) + "; expected one of: both, visual, collision");
}

// Whether every key of the shape object is one of otherKeys, "type", the type's dimensions or "role".
bool shapeKeysAllowed(const Node& node, std::initializer_list<std::string_view> otherKeys, const ShapeTypeEntry& entry) {
  for (const auto& item : node.json().items()) {
    const std::string& key = item.key();
    const bool allowed = key == "type" || key == "role" ||
                         std::find(otherKeys.begin(), otherKeys.end(), key) != otherKeys.end() ||
                         std::find(entry.dimensionKeys.begin(), entry.dimensionKeys.end(), key) != entry.dimensionKeys.end();
    if (!allowed) return false;
  }
  return true;
}

// Reads "type" and the dimensions of that type; otherKeys lists the object's other keys.
ShapeDims readShapeDims(const Node& node, std::initializer_list<std::string_view> otherKeys) {
  expectObject(node);
  const ShapeTypeEntry& entry = readShapeType(node["type"]);
  if (!shapeKeysAllowed(node, otherKeys, entry)) {  // the list, in its order, for the message
    std::vector<std::string> allowedKeys(otherKeys.begin(), otherKeys.end());
    allowedKeys.push_back("type");
    allowedKeys.insert(allowedKeys.end(), entry.dimensionKeys.begin(), entry.dimensionKeys.end());
    allowedKeys.push_back("role");
    expectObject(node, allowedKeys);
  }
  ShapeDims dims{entry.type, readDimensions(node, entry.type), nullptr};
  if (entry.type == ShapeType::Mesh) dims.mesh = readMesh(node["file"]);
  return dims;
}

// Exactly one of "mass" (kg) and "density" (kg/m^3) in node; returns the mass of the shape.
double readShapeMass(const Node& node, const ShapeDims& dims) {
  const bool hasMass = node.has("mass"), hasDensity = node.has("density");
  if (hasMass && hasDensity) node.failField("density", "give either \"mass\" or \"density\", not both");
  if (!hasMass && !hasDensity) node.failField("mass", "missing required field \"mass\" (or \"density\")");
  const double mass = hasMass ? readPositive(node["mass"]) : readPositive(node["density"]) * shapeVolume(dims);
  if (dims.type == ShapeType::Mesh && !hasMass && shapeVolume(dims) <= 0.0)
    node.failField("density", "the mesh encloses no volume (open or inside out); give \"mass\" instead");
  if (!std::isfinite(mass) || mass <= 0.0)
    node.failField(hasMass ? "mass" : "density",
                   "the shape's mass is " + formatNumber(mass) + "; expected a positive finite mass");
  return mass;
}

// With an "inertial" the shapes may be geometry only: no "mass" or "density" means mass 0.
double readOptionalShapeMass(const Node& node, const ShapeDims& dims, bool geometryAllowed) {
  if (geometryAllowed && !node.has("mass") && !node.has("density")) return 0.0;
  return readShapeMass(node, dims);
}

BodyShape readSingleShape(const Node& body, bool withInertial) {
  const Node node = body["shape"];
  for (const char* key : {"position", "rotation"})
    if (node.has(key))
      node.failField(key, "a single \"shape\" sits at the body origin; use \"shapes\" to place shapes");
  BodyShape shape;
  shape.dims = readShapeDims(node, {});
  shape.mass = withInertial ? 0.0 : readShapeMass(body, shape.dims);
  if (node.has("role")) shape.role = readRole(node["role"]);
  return shape;
}

BodyShape readPlacedShape(const Node& node, bool withInertial) {
  BodyShape shape;
  shape.dims = readShapeDims(node, {"position", "rotation", "mass", "density"});
  shape.E_bs = readPose(node, "position", "rotation");
  shape.mass = readOptionalShapeMass(node, shape.dims, withInertial);
  if (node.has("role")) shape.role = readRole(node["role"]);
  return shape;
}

std::vector<BodyShape> readShapes(const Node& body, bool withInertial) {
  for (const char* key : {"mass", "density"})
    if (body.has(key)) body.failField(key, "a body with \"shapes\" gives \"mass\" or \"density\" inside each shape");
  const Node list = body["shapes"];
  const std::size_t count = expectArray(list);
  if (count == 0 && !withInertial) list.fail("expected at least one shape");
  std::vector<BodyShape> shapes;
  for (std::size_t i = 0; i < count; ++i) shapes.push_back(readPlacedShape(list.element(i), withInertial));
  return shapes;
}

// "inertial": {"mass", "com", "inertia": [Ixx, Iyy, Izz, Ixy, Ixz, Iyz]} (about the centre of
// mass, body axes, kg m^2): positive mass, a positive semi-definite inertia.
BodyInertial readInertial(const Node& node) {
  expectObject(node, {"mass", "com", "inertia"});
  BodyInertial inertial;
  inertial.given = true;
  inertial.mass = readPositive(node["mass"]);
  if (node.has("com")) inertial.com = readVector3(node["com"]);
  const VectorX i = readNumbers(node["inertia"], 6);
  inertial.inertia << i[0], i[3], i[4], i[3], i[1], i[5], i[4], i[5], i[2];
  const Vector3 moments = Eigen::SelfAdjointEigenSolver<Matrix3>(inertial.inertia).eigenvalues();
  if (moments.minCoeff() < -1e-12 * std::max(1.0, moments.cwiseAbs().maxCoeff()))
    node.failField("inertia", "the inertia has a negative principal moment (" + formatNumber(moments.minCoeff()) +
                                  "); expected a positive semi-definite tensor [Ixx, Iyy, Izz, Ixy, Ixz, Iyz]");
  return inertial;
}

}  // namespace

double readFriction(const Node& node) {
  const double value = readNumber(node);
  if (value < 0.0)
    node.fail("expected a friction coefficient >= 0 (Coulomb, e.g. 0.5; 0 is frictionless), got " + formatNumber(value));
  return value;
}

std::string BodySource::pointer() const { return bodyField ? entry + "/" + bodyField : entry; }

std::string BodySource::namePointer() const { return entry + "/" + nameField; }

Body readBody(const Node& node, bool allowName) {
  if (allowName) expectObject(node, {"name", "mass", "density", "shape", "shapes", "inertial", "friction"});
  else expectObject(node, {"mass", "density", "shape", "shapes", "inertial", "friction"});
  const bool single = node.has("shape"), composite = node.has("shapes"), withInertial = node.has("inertial");
  if (single && composite) node.failField("shapes", "give either \"shape\" or \"shapes\", not both");
  if (!single && !composite && !withInertial)
    node.failField("shape", "missing required field \"shape\" (or \"shapes\", or \"inertial\")");
  if (withInertial)
    for (const char* key : {"mass", "density"})
      if (node.has(key)) node.failField(key, "a body with \"inertial\" gives its mass there (and in \"shapes\")");
  Body body;
  if (withInertial) body.inertial = readInertial(node["inertial"]);
  if (single) body.shapes = {readSingleShape(node, withInertial)};
  else if (composite) body.shapes = readShapes(node, withInertial);
  computeBodyInertia(body);
  if (node.has("friction")) body.friction = readFriction(node["friction"]);
  if (!body.M.allFinite() || !std::isfinite(body.mass))
    node.fail("the body's mass or inertia is not finite; check the sizes and masses");
  return body;
}

}  // namespace articulab::scene_io
