// MJCF (MuJoCo's XML format) into a Model, read with tinyxml2. What MuJoCo's compiler does is
// followed where a Model can hold it (MuJoCo documentation, "XML Reference"): frames from pos and
// one of quat, axisangle, euler (compiler eulerseq), xyaxes, zaxis; angles in degrees unless
// compiler angle="radian"; defaults by class and childclass; the joints of one body composed in
// order about their common anchor; body mass and inertia from <inertial> or from the geoms
// (inertiafromgeom, geom mass or density times volume); connect equalities as point loops, welds
// as weld loops;
// keyframes as named initial states.
#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <numbers>
#include <optional>
#include <set>

#include "engine/algorithm/kinematics.hpp"
#include "engine/io/import_report.hpp"
#include "engine/io/import_tree.hpp"
#include "engine/io/mesh_file.hpp"
#include "engine/io/model_loader.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab {

namespace {

using tinyxml2::XMLElement;
using xml_io::XmlFile;

// The kinds of MJCF joints, in the order their coordinates appear in qpos.
enum class MjJoint { Hinge, Slide, Ball, Free };

int qposSize(MjJoint kind) { return kind == MjJoint::Free ? 7 : kind == MjJoint::Ball ? 4 : 1; }
int qvelSize(MjJoint kind) { return kind == MjJoint::Free ? 6 : kind == MjJoint::Ball ? 3 : 1; }

// Default classes: each <default class="c"> holds one element per kind (joint, geom, ...) whose
// attributes apply to elements of class c, and inherits from the enclosing class.
struct DefaultClass {
  std::string parent;  // "" for "main"
  std::map<std::string, const XMLElement*> elements;
};

class MjcfReader {
 public:
  MjcfReader(const std::string& path, const ImportOptions& options)
      : file_(path), report_(file_), options_(options), folder_(std::filesystem::path(path).parent_path().string()) {}

  Model read() {
    const XMLElement& root = *file_.root();
    if (std::string(root.Name()) != "mujoco") file_.fail(root, "expected a <mujoco> element at the top of an MJCF file");
    model_.sourceFile = file_.path();
    model_.name = file_.text(root, "model", std::filesystem::path(file_.path()).stem().string());
    if (model_.name.empty()) model_.name = std::filesystem::path(file_.path()).stem().string();
    model_.description = "Imported from " + std::filesystem::path(file_.path()).filename().string() + " (MJCF)";
    for (const XMLElement* e = root.FirstChildElement("compiler"); e; e = e->NextSiblingElement("compiler")) readCompiler(*e);
    for (const XMLElement* e = root.FirstChildElement("default"); e; e = e->NextSiblingElement("default")) readDefaults(*e, "");
    for (const XMLElement* e = root.FirstChildElement("asset"); e; e = e->NextSiblingElement("asset")) readAssets(*e);
    for (const XMLElement* e = root.FirstChildElement(); e; e = e->NextSiblingElement()) readTopLevel(*e);
    const XMLElement* world = root.FirstChildElement("worldbody");
    if (!world) file_.fail(root, "no <worldbody>");
    readWorldBody(*world);
    placement_ = buildImportedModel(links_, model_);
    for (const XMLElement* e = root.FirstChildElement("equality"); e; e = e->NextSiblingElement("equality")) readEqualities(*e);
    for (const XMLElement* e = root.FirstChildElement("keyframe"); e; e = e->NextSiblingElement("keyframe")) readKeyframes(*e);
    model_.bodyContact = collidingBodies_ >= 2;
    model_.importReport = report_.take();
    return std::move(model_);
  }

 private:
  // ---- compiler, option, defaults, assets, sections not imported

  void readCompiler(const XMLElement& e) {
    if (file_.has(e, "angle")) {
      const std::string angle = file_.text(e, "angle");
      if (angle != "degree" && angle != "radian") file_.fail(e, "angle=\"" + angle + "\": expected degree or radian");
      degrees_ = angle == "degree";
    }
    if (file_.has(e, "eulerseq")) {
      eulerSeq_ = file_.text(e, "eulerseq");
      if (eulerSeq_.size() != 3 || eulerSeq_.find_first_not_of("xyzXYZ") != std::string::npos)
        file_.fail(e, "eulerseq=\"" + eulerSeq_ + "\": expected three of x, y, z, X, Y, Z");
    }
    if (file_.has(e, "autolimits")) autoLimits_ = file_.text(e, "autolimits") == "true";
    if (file_.has(e, "inertiafromgeom")) {
      inertiaFromGeom_ = file_.text(e, "inertiafromgeom");
      if (inertiaFromGeom_ != "auto" && inertiaFromGeom_ != "true" && inertiaFromGeom_ != "false")
        file_.fail(e, "inertiafromgeom=\"" + inertiaFromGeom_ + "\": expected auto, true or false");
    }
    if (file_.has(e, "coordinate") && file_.text(e, "coordinate") != "local")
      file_.fail(e, "coordinate=\"" + file_.text(e, "coordinate") + "\" is not supported; expected local");
    meshDir_ = file_.text(e, "meshdir", file_.text(e, "assetdir", meshDir_));
    for (const char* dropped : {"settotalmass", "boundmass", "boundinertia", "balanceinertia", "fitaabb", "fusestatic"})
      if (file_.has(e, dropped)) report_.note(e, std::string(dropped) + " not applied");
  }

  void readOption(const XMLElement& e) {
    model_.gravity = file_.vector3(e, "gravity", model_.gravity);
    if (file_.has(e, "timestep")) {
      model_.defaults.dt = file_.number(e, "timestep");
      if (!(model_.defaults.dt > 0.0)) file_.fail(e, "timestep must be positive");
    }
    for (const tinyxml2::XMLAttribute* a = e.FirstAttribute(); a; a = a->Next()) {
      const std::string name = a->Name();
      if (name != "gravity" && name != "timestep") report_.note(e, name + "=\"" + a->Value() + "\" not imported");
    }
    for (const XMLElement* c = e.FirstChildElement(); c; c = c->NextSiblingElement()) report_.note(*c, "not imported");
  }

  void readDefaults(const XMLElement& e, const std::string& parent) {
    const std::string name = file_.text(e, "class", parent.empty() ? "main" : "");
    if (name.empty()) file_.fail(e, "a nested <default> needs a class name");
    if (classes_.count(name)) file_.fail(e, "default class \"" + name + "\" is defined twice");
    DefaultClass& c = classes_[name];
    c.parent = parent;
    for (const XMLElement* child = e.FirstChildElement(); child; child = child->NextSiblingElement()) {
      if (std::string(child->Name()) == "default") readDefaults(*child, name);
      else c.elements[child->Name()] = child;
    }
  }

  void readAssets(const XMLElement& asset) {
    for (const XMLElement* e = asset.FirstChildElement(); e; e = e->NextSiblingElement()) {
      const std::string tag = e->Name();
      if (tag != "mesh") continue;  // textures, materials, height fields: drawing only or not imported
      const std::string fileName = file_.text(*e, "file");
      const std::string name = file_.text(*e, "name", std::filesystem::path(fileName).stem().string());
      meshes_[name] = {e, fileName};
    }
  }

  void readTopLevel(const XMLElement& e) {
    const std::string tag = e.Name();
    if (tag == "option") readOption(e);
    else if (tag == "include") file_.fail(e, "<include> is not supported: merge the included file into this one");
    else if (tag == "tendon" || tag == "actuator" || tag == "sensor" || tag == "contact" || tag == "extension" ||
             tag == "custom")
      for (const XMLElement* c = e.FirstChildElement(); c; c = c->NextSiblingElement())
        report_.note(*c, "not imported (" + tag + (tag == "extension" ? ": plugins" : "") + ")");
    else if (tag == "size" || tag == "visual" || tag == "statistic" || tag == "asset" || tag == "default" ||
             tag == "compiler" || tag == "worldbody" || tag == "equality" || tag == "keyframe")
      return;
    else report_.note(e, "not imported");
  }

  // ---- attributes through the default classes

  // The value of an attribute of element e (kind: its tag) in class `cls`: e's own, else the
  // class's defaults, its parent's, ... up to "main".
  const char* attribute(const XMLElement& e, const char* name, const std::string& cls) const {
    if (const char* own = e.Attribute(name)) return own;
    const std::string kind = e.Name();
    if (kind == "freejoint") return nullptr;  // MuJoCo gives a free joint no class defaults
    std::string c = e.Attribute("class") ? std::string(e.Attribute("class")) : cls;
    if (c.empty()) c = classes_.count("main") ? "main" : "";
    if (!c.empty() && !classes_.count(c)) file_.fail(e, "unknown default class \"" + c + "\"");
    for (int depth = 0; !c.empty() && depth < 100; ++depth) {
      const DefaultClass& d = classes_.at(c);
      const auto found = d.elements.find(kind);
      if (found != d.elements.end())
        if (const char* value = found->second->Attribute(name)) return value;
      c = d.parent;
    }
    return nullptr;
  }

  // A temporary element holding one attribute value, parsed with the file's number readers.
  std::vector<double> numbersOf(const XMLElement& e, const char* name, const std::string& cls, int count) const {
    const char* value = attribute(e, name, cls);
    if (!value) return {};
    tinyxml2::XMLDocument scratch;
    XMLElement* holder = scratch.NewElement(e.Name());
    holder->SetAttribute(name, value);
    try {
      return file_.numbers(*holder, name, count);
    } catch (const SceneError& error) {
      file_.fail(e, error.message());
    }
  }
  std::optional<double> numberOf(const XMLElement& e, const char* name, const std::string& cls) const {
    const std::vector<double> v = numbersOf(e, name, cls, 1);
    return v.empty() ? std::nullopt : std::optional<double>(v[0]);
  }
  std::string textOf(const XMLElement& e, const char* name, const std::string& cls, const std::string& fallback) const {
    const char* value = attribute(e, name, cls);
    return value ? std::string(value) : fallback;
  }
  Vector3 vectorOf(const XMLElement& e, const char* name, const std::string& cls, const Vector3& fallback) const {
    const std::vector<double> v = numbersOf(e, name, cls, 3);
    return v.empty() ? fallback : Vector3(v[0], v[1], v[2]);
  }
  double angle(double value) const { return degrees_ ? value * std::numbers::pi / 180.0 : value; }

  // ---- frames

  // The orientation of an element: quat, axisangle, euler, xyaxes or zaxis (at most one).
  Matrix3 orientation(const XMLElement& e, const std::string& cls) const {
    int given = 0;
    for (const char* key : {"quat", "axisangle", "euler", "xyaxes", "zaxis"}) given += e.Attribute(key) != nullptr;
    if (given > 1) file_.fail(e, "give at most one of quat, axisangle, euler, xyaxes and zaxis");
    if (e.Attribute("axisangle")) {
      const std::vector<double> v = numbersOf(e, "axisangle", cls, 4);
      const Vector3 axis(v[0], v[1], v[2]);
      if (axis.norm() < 1e-12) file_.fail(e, "axisangle has a zero axis");
      return Eigen::AngleAxisd(angle(v[3]), axis.normalized()).toRotationMatrix();
    }
    if (e.Attribute("euler")) {
      const Vector3 a = vectorOf(e, "euler", cls, Vector3::Zero());
      Eigen::Quaterniond q = Eigen::Quaterniond::Identity();
      for (int k = 0; k < 3; ++k) {  // lower case: axes that move with the frame (post-multiply)
        const char c = eulerSeq_[k];
        const Vector3 axis = Vector3::Unit(std::tolower(c) - 'x');
        const Eigen::Quaterniond r(Eigen::AngleAxisd(angle(a[k]), axis));
        q = std::islower(c) ? q * r : r * q;
      }
      return q.toRotationMatrix();
    }
    if (e.Attribute("xyaxes")) {
      const std::vector<double> v = numbersOf(e, "xyaxes", cls, 6);
      Vector3 x(v[0], v[1], v[2]), y(v[3], v[4], v[5]);
      if (x.norm() < 1e-12) file_.fail(e, "xyaxes has a zero x axis");
      x.normalize();
      y -= x * x.dot(y);
      if (y.norm() < 1e-12) file_.fail(e, "xyaxes: y is parallel to x");
      y.normalize();
      Matrix3 R;
      R << x, y, x.cross(y);
      return R;
    }
    if (e.Attribute("zaxis")) {
      const Vector3 z = vectorOf(e, "zaxis", cls, Vector3::UnitZ());
      if (z.norm() < 1e-12) file_.fail(e, "zaxis has zero length");
      return xml_io::rotationTakingZTo(z);
    }
    const std::vector<double> q = numbersOf(e, "quat", cls, 4);
    if (q.empty()) return Matrix3::Identity();
    const Eigen::Quaterniond quat(q[0], q[1], q[2], q[3]);
    if (quat.norm() < 1e-12) file_.fail(e, "quat has zero length");
    return quat.normalized().toRotationMatrix();
  }

  Matrix4 frame(const XMLElement& e, const std::string& cls) const {
    return se3::make(orientation(e, cls), vectorOf(e, "pos", cls, Vector3::Zero()));
  }

  // ---- bodies

  void readWorldBody(const XMLElement& world) {
    ImportedLink link;  // geoms of the world: a body welded to it
    link.body.name = "world_geoms";
    link.where = file_.where(world);
    link.element = XmlFile::describe(world);
    link.joint.type = JointType::Fixed;
    link.joint.name = "world_geoms_weld";
    link.joint.parts = defaultParts(JointType::Fixed, Vector3::UnitZ());
    const std::string cls = textOf(world, "childclass", "", "");
    for (const XMLElement* g = world.FirstChildElement("geom"); g; g = g->NextSiblingElement("geom"))
      if (!readWorldPlane(*g, cls)) readGeom(*g, cls, link.body);
    if (!link.body.shapes.empty()) {
      links_.push_back(link);
      mjJoints_.emplace_back();
      report_.note(world, "the world's geoms other than a ground plane form a body welded to the world");
    }
    for (const XMLElement* b = world.FirstChildElement("body"); b; b = b->NextSiblingElement("body")) readBody(*b, -1, cls);
    noteIgnoredChildren(world);
  }

  // A plane z = 0 facing up in the world is the model's ground; true when taken as such.
  bool readWorldPlane(const XMLElement& g, const std::string& cls) {
    if (textOf(g, "type", cls, "sphere") != "plane") return false;
    const Matrix4 E = frame(g, cls);
    if (E.topRightCorner<3, 1>().z() != 0.0 || (E.block<3, 1>(0, 2) - Vector3::UnitZ()).norm() > 1e-12) {
      report_.note(g, "a plane other than z = 0 facing up: not imported (the ground is the plane z = 0)");
      return true;
    }
    if (!collides(g, cls)) return true;
    model_.groundContact = true;
    const std::vector<double> friction = numbersOf(g, "friction", cls, 0);
    model_.groundFriction = friction.empty() ? 1.0 : friction[0];
    report_.note(g, "the ground plane: contact with friction " + std::to_string(model_.groundFriction) +
                        " (MuJoCo's soft contact, torsional and rolling friction are not imported)");
    return true;
  }

  bool collides(const XMLElement& g, const std::string& cls) const {
    return numberOf(g, "contype", cls).value_or(1.0) != 0.0 || numberOf(g, "conaffinity", cls).value_or(1.0) != 0.0;
  }

  void readBody(const XMLElement& e, int parent, const std::string& parentClass) {
    const std::string cls = e.Attribute("childclass") ? std::string(e.Attribute("childclass")) : parentClass;
    if (!cls.empty() && !classes_.count(cls)) file_.fail(e, "unknown childclass \"" + cls + "\"");
    ImportedLink link;
    link.body.name = file_.text(e, "name", "body" + std::to_string(links_.size()));
    if (!bodyNames_.insert(link.body.name).second) file_.fail(e, "body name \"" + link.body.name + "\" is used twice");
    link.where = file_.where(e);
    link.element = XmlFile::describe(e);
    link.parent = parent;
    const Matrix4 E_pb = frame(e, "");  // body pos/quat take no defaults
    readJoints(e, cls, E_pb, link);
    const XMLElement* inertial = e.FirstChildElement("inertial");
    const bool fromGeoms = inertiaFromGeom_ == "true" || (inertiaFromGeom_ == "auto" && !inertial);
    bool colliding = false;
    for (const XMLElement* g = e.FirstChildElement("geom"); g; g = g->NextSiblingElement("geom")) {
      readGeom(*g, cls, link.body);
      colliding |= !link.body.shapes.empty() && shapeCollides(link.body.shapes.back());
    }
    collidingBodies_ += colliding;
    if (!fromGeoms)
      for (BodyShape& shape : link.body.shapes) shape.mass = 0.0;
    if (inertial && inertiaFromGeom_ != "true") link.body.inertial = readInertial(*inertial);
    bodyIndex_[link.body.name] = static_cast<int>(links_.size());
    const int self = static_cast<int>(links_.size());
    links_.push_back(std::move(link));
    mjJoints_.push_back(currentKinds_);
    noteIgnoredChildren(e);
    for (const XMLElement* b = e.FirstChildElement("body"); b; b = b->NextSiblingElement("body")) readBody(*b, self, cls);
  }

  void noteIgnoredChildren(const XMLElement& e) {
    for (const XMLElement* c = e.FirstChildElement(); c; c = c->NextSiblingElement()) {
      const std::string tag = c->Name();
      if (tag == "frame" || tag == "composite" || tag == "flexcomp" || tag == "replicate" || tag == "attach")
        file_.fail(*c, "<" + tag + "> is not supported");
      if (tag == "plugin") report_.note(*c, "not imported (plugins)");
    }
  }

  BodyInertial readInertial(const XMLElement& e) {
    const double mass = file_.number(e, "mass");
    if (!(mass > 0.0)) file_.fail(e, "mass must be positive");
    const Matrix4 E = frame(e, "");
    Matrix3 I;
    if (e.Attribute("fullinertia")) {
      const std::vector<double> v = file_.numbers(e, "fullinertia", 6);
      I << v[0], v[3], v[4], v[3], v[1], v[5], v[4], v[5], v[2];
    } else {
      const std::vector<double> v = file_.numbers(e, "diaginertia", 3);
      I = Vector3(v[0], v[1], v[2]).asDiagonal();
    }
    const Vector3 moments = Eigen::SelfAdjointEigenSolver<Matrix3>(I).eigenvalues();
    if (moments.minCoeff() < 0.0) file_.fail(e, "the inertia has a negative principal moment");
    return inertialAt(mass, E, I);
  }

  // ---- geoms

  void readGeom(const XMLElement& g, const std::string& cls, Body& body) {
    const std::string type = textOf(g, "type", cls, "sphere");
    std::vector<double> size = numbersOf(g, "size", cls, 0);
    Matrix4 E = frame(g, cls);
    const std::vector<double> fromto = numbersOf(g, "fromto", cls, 0);
    if (!fromto.empty()) {  // the z axis from one point to the other, the half length its size
      if (fromto.size() != 6) file_.fail(g, "fromto needs 6 numbers");
      const Vector3 a(fromto[0], fromto[1], fromto[2]), b(fromto[3], fromto[4], fromto[5]);
      if ((b - a).norm() < 1e-12) file_.fail(g, "fromto has zero length");
      E = se3::make(xml_io::rotationTakingZTo(b - a), 0.5 * (a + b));
      const double halfLength = 0.5 * (b - a).norm();
      if (type == "box" || type == "ellipsoid") {
        if (size.size() < 2) file_.fail(g, type + " with fromto needs 2 size numbers (x and y)");
        size = {size[0], size[1], halfLength};
      } else {
        if (size.empty()) file_.fail(g, type + " with fromto needs its radius as size");
        size = {size[0], halfLength};
      }
    }
    BodyShape shape;
    shape.E_bs = E;
    const auto need = [&](std::size_t n) {
      if (size.size() < n) file_.fail(g, type + " needs " + std::to_string(n) + " size numbers");
      for (std::size_t k = 0; k < n; ++k)
        if (!(size[k] > 0.0)) file_.fail(g, "sizes must be positive");
    };
    if (type == "sphere") {
      need(1);
      shape.dims = {ShapeType::Sphere, Vector3(size[0], 0.0, 0.0), nullptr};
    } else if (type == "capsule") {
      need(2);
      shape.dims = {ShapeType::Capsule, Vector3(size[0], 2.0 * size[1], 0.0), nullptr};
    } else if (type == "cylinder") {
      need(2);
      shape.dims = {ShapeType::Cylinder, Vector3(size[0], 2.0 * size[1], 0.0), nullptr};
    } else if (type == "box") {
      need(3);
      shape.dims = {ShapeType::Box, 2.0 * Vector3(size[0], size[1], size[2]), nullptr};
    } else if (type == "ellipsoid") {
      need(3);
      shape.dims = {ShapeType::Ellipsoid, Vector3(size[0], size[1], size[2]), nullptr};
    } else if (type == "mesh") {
      if (!readMeshGeom(g, cls, shape)) return;
    } else if (type == "plane") {
      report_.note(g, "a plane inside a body: not imported");
      return;
    } else {
      report_.note(g, "geom type \"" + type + "\" not imported");
      return;
    }
    if (!collides(g, cls)) shape.role = ShapeRole::Visual;
    shape.mass = geomMass(g, cls, shape.dims);
    if (shape.role != ShapeRole::Visual) {
      const std::vector<double> friction = numbersOf(g, "friction", cls, 0);
      if (!friction.empty() && body.friction < 0.0) body.friction = friction[0];
    }
    body.shapes.push_back(shape);
  }

  bool readMeshGeom(const XMLElement& g, const std::string& cls, BodyShape& shape) {
    const std::string name = textOf(g, "mesh", cls, "");
    const auto found = meshes_.find(name);
    if (found == meshes_.end()) file_.fail(g, "unknown mesh \"" + name + "\"");
    const XMLElement& asset = *found->second.first;
    const std::string base = (std::filesystem::path(folder_) / meshDir_).string();
    const std::string path = resolveMeshPath(found->second.second, base, options_);
    std::string error = "not found";
    auto mesh = path.empty() ? nullptr : readMeshFile(path, error);
    if (!mesh) {
      report_.note(g, "mesh \"" + found->second.second + "\" " + error + ": the geom is not imported");
      return false;
    }
    const std::vector<double> scale = file_.has(asset, "scale") ? file_.numbers(asset, "scale", 3) : std::vector<double>{1, 1, 1};
    shape.dims = {ShapeType::Mesh, Vector3(scale[0], scale[1], scale[2]), mesh};
    return true;
  }

  // The geom's mass (MuJoCo: mass, else density (default 1000 kg/m^3) times volume).
  double geomMass(const XMLElement& g, const std::string& cls, const ShapeDims& dims) const {
    if (const auto mass = numberOf(g, "mass", cls)) {
      if (*mass < 0.0) file_.fail(g, "negative mass");
      return *mass;
    }
    const double density = numberOf(g, "density", cls).value_or(1000.0);
    if (density < 0.0) file_.fail(g, "negative density");
    const double volume = shapeVolume(dims);
    if (dims.type == ShapeType::Mesh && !(volume > 0.0) && density > 0.0)
      file_.fail(g, "the mesh encloses no volume (open or inside out): give the geom a mass");
    return density * volume;
  }

  // ---- joints

  struct JointReading {
    const XMLElement* element;
    MjJoint kind;
    Vector3 anchor, axis;
  };

  void readJoints(const XMLElement& body, const std::string& cls, const Matrix4& E_pb, ImportedLink& link) {
    std::vector<JointReading> joints;
    currentKinds_.clear();
    for (const XMLElement* e = body.FirstChildElement(); e; e = e->NextSiblingElement()) {
      const std::string tag = e->Name();
      if (tag != "joint" && tag != "freejoint") continue;
      const std::string type = tag == "freejoint" ? "free" : textOf(*e, "type", cls, "hinge");
      MjJoint kind;
      if (type == "hinge") kind = MjJoint::Hinge;
      else if (type == "slide") kind = MjJoint::Slide;
      else if (type == "ball") kind = MjJoint::Ball;
      else if (type == "free") kind = MjJoint::Free;
      else file_.fail(*e, "unknown joint type \"" + type + "\"; expected hinge, slide, ball or free");
      const Vector3 axis = vectorOf(*e, "axis", cls, Vector3::UnitZ());
      if ((kind == MjJoint::Hinge || kind == MjJoint::Slide) && axis.norm() < 1e-12) file_.fail(*e, "axis has zero length");
      joints.push_back({e, kind, vectorOf(*e, "pos", cls, Vector3::Zero()), axis.normalized()});
      currentKinds_.push_back(kind);
    }
    Joint& joint = link.joint;
    if (joints.empty()) {  // welded to the parent
      joint.type = JointType::Fixed;
      joint.name = link.body.name + "_weld";
      joint.parts = defaultParts(JointType::Fixed, Vector3::UnitZ());
      joint.E_pj = E_pb;
      return;
    }
    std::string names;
    for (const JointReading& j : joints) names += (names.empty() ? "" : "+") + file_.text(*j.element, "name", link.body.name + "_joint");
    joint.name = names;
    link.where = file_.where(*joints.front().element);
    link.element = XmlFile::describe(*joints.front().element);
    if (joints.front().kind == MjJoint::Free) return freeJoint(joints, cls, E_pb, link);
    composeJoints(joints, cls, E_pb, link);
  }

  // A free joint: the coordinates are the body's pose in the world, as MuJoCo's qpos.
  void freeJoint(const std::vector<JointReading>& joints, const std::string& cls, const Matrix4& E_pb, ImportedLink& link) {
    if (joints.size() > 1) file_.fail(*joints[1].element, "a body with a free joint can have no other joint");
    if (link.parent >= 0) file_.fail(*joints[0].element, "a free joint belongs to a body of the worldbody");
    Joint& joint = link.joint;
    joint.type = JointType::Free3D;
    joint.parts = defaultParts(JointType::Free3D, Vector3::UnitZ());
    link.q0 = VectorX::Zero(6);
    link.q0.head<3>() = so3::log(Matrix3(E_pb.topLeftCorner<3, 3>()));
    link.q0.tail<3>() = E_pb.topRightCorner<3, 1>();
    readJointDynamics(joints, cls, link);
  }

  // Hinges, slides and balls about one anchor: E_pj = E_pb T(anchor), Q = Q1 Q2 ..., E_jc = T(-anchor)
  // (MuJoCo turns each joint about its anchor, in the frame the previous ones moved).
  void composeJoints(const std::vector<JointReading>& joints, const std::string& cls, const Matrix4& E_pb, ImportedLink& link) {
    Joint& joint = link.joint;
    std::optional<Vector3> anchor;
    for (const JointReading& j : joints) {
      if (j.kind == MjJoint::Free) file_.fail(*j.element, "a free joint must be the body's only joint");
      if (j.kind == MjJoint::Slide) continue;
      if (anchor && (*anchor - j.anchor).norm() > 1e-12)
        file_.fail(*j.element, "the rotating joints of one body turn about different points; Articulab composes them about one");
      anchor = j.anchor;
    }
    const Vector3 p = anchor.value_or(Vector3::Zero());
    joint.E_pj = E_pb * se3::make(Matrix3::Identity(), p);
    joint.E_jc = se3::make(Matrix3::Identity(), -p);
    joint.parts.clear();
    for (const JointReading& j : joints) {
      const JointType type = j.kind == MjJoint::Hinge ? JointType::Revolute : j.kind == MjJoint::Slide ? JointType::Prismatic : JointType::SphericalExp;
      joint.parts.push_back(defaultParts(type, j.kind == MjJoint::Ball ? Vector3::UnitZ() : j.axis).front());
    }
    int dof = 0;
    for (const JointPart& part : joint.parts) dof += part.nq;
    if (dof > 6) file_.fail(*joints.front().element, "the body's joints have " + std::to_string(dof) + " coordinates; at most 6");
    joint.type = joint.parts.size() == 1 ? joint.parts[0].type : JointType::Composite;
    link.q0 = VectorX::Zero(dof);
    readReference(joints, cls, link);
    readJointLimits(joints, cls, link);
    readJointDynamics(joints, cls, link);
  }

  // ref: qpos0 of a hinge or slide; the body frame is at q = ref, so E_jc undoes Q(ref) and q0 = ref.
  void readReference(const std::vector<JointReading>& joints, const std::string& cls, ImportedLink& link) {
    const JointReading& j = joints.front();
    const double ref = numberOf(*j.element, "ref", cls).value_or(0.0);
    if (ref == 0.0) return;
    if (joints.size() > 1) file_.fail(*j.element, "ref on a joint that shares its body with others is not supported");
    const double q = j.kind == MjJoint::Hinge ? angle(ref) : ref;
    JointKinematics k;
    evaluateJoint(link.joint, &q, &q, k);
    link.joint.E_jc = se3::inverse(k.Q) * link.joint.E_jc;
    link.q0[0] = q;
  }

  bool isLimited(const XMLElement& e, const std::string& cls) const {
    const std::string limited = textOf(e, "limited", cls, "auto");
    if (limited == "true") return true;
    if (limited == "false") return false;
    return autoLimits_ && attribute(e, "range", cls) != nullptr;
  }

  void readJointLimits(const std::vector<JointReading>& joints, const std::string& cls, ImportedLink& link) {
    std::vector<std::pair<double, double>> ranges;
    bool any = false, all = true;
    for (const JointReading& j : joints) {
      const bool limited = isLimited(*j.element, cls);
      if (limited && j.kind == MjJoint::Ball) {
        report_.note(*j.element, "the ball joint's cone limit is not imported");
        all = false;
        continue;
      }
      any |= limited;
      all &= limited;
      if (!limited) continue;
      std::vector<double> range = numbersOf(*j.element, "range", cls, 2);
      if (range.empty()) file_.fail(*j.element, "a limited joint needs range=\"lower upper\"");
      if (j.kind == MjJoint::Hinge) range = {angle(range[0]), angle(range[1])};
      if (range[0] > range[1]) file_.fail(*j.element, "range: lower exceeds upper");
      ranges.emplace_back(range[0], range[1]);
    }
    if (!any) return;
    if (!all) {
      report_.note(*joints.front().element, "limits dropped: only some of the body's joints are limited (a joint's limits are all or none)");
      return;
    }
    Joint& joint = link.joint;
    joint.hasLimits = true;
    joint.lower = VectorX(ranges.size());
    joint.upper = VectorX(ranges.size());
    for (std::size_t k = 0; k < ranges.size(); ++k) {
      joint.lower[k] = ranges[k].first;
      joint.upper[k] = ranges[k].second;
      if (link.q0[k] < ranges[k].first || link.q0[k] > ranges[k].second) {
        link.q0[k] = std::clamp(link.q0[k], ranges[k].first, ranges[k].second);
        report_.note(*joints[k].element, "qpos0 lies outside the range: starts at " + std::to_string(link.q0[k]));
      }
    }
  }

  // stiffness, springref, damping, frictionloss, armature as one value per joint.
  void readJointDynamics(const std::vector<JointReading>& joints, const std::string& cls, ImportedLink& link) {
    Joint& joint = link.joint;
    const auto common = [&](const char* name, double& out) {
      std::optional<double> value;
      for (const JointReading& j : joints) {
        const double v = numberOf(*j.element, name, cls).value_or(0.0);
        if (v < 0.0) file_.fail(*j.element, std::string(name) + " must be >= 0");
        if (value && *value != v) {
          report_.note(*j.element, std::string(name) + " differs between the body's joints: the first one's (" + std::to_string(*value) + ") applies to all");
          continue;
        }
        if (!value) value = v;
        if (v != 0.0 && j.kind == MjJoint::Ball)
          report_.note(*j.element, std::string(name) + " of a ball joint acts on its exponential coordinates (MuJoCo's on the angular velocity): approximated");
        if (v != 0.0 && j.kind == MjJoint::Free)
          report_.note(*j.element, std::string(name) + " of a free joint acts on its coordinates (rotation vector, position): approximated");
      }
      out = value.value_or(0.0);
    };
    common("stiffness", joint.stiffness);
    common("damping", joint.damping);
    common("frictionloss", joint.friction.loss);
    common("armature", joint.armature);
    if (joint.friction.loss > 0.0 && joint.type != JointType::Revolute && joint.type != JointType::Prismatic &&
        joint.type != JointType::SphericalExp) {
      report_.note(*joints.front().element, "frictionloss not imported: joint friction applies to single hinge, slide and ball joints");
      joint.friction.loss = 0.0;
    }
    joint.rest = VectorX::Zero(link.q0.size());
    int k = 0;
    for (const JointReading& j : joints) {
      const double springref = numberOf(*j.element, "springref", cls).value_or(0.0);
      if (j.kind == MjJoint::Hinge || j.kind == MjJoint::Slide)
        joint.rest[k] = j.kind == MjJoint::Hinge ? angle(springref) : springref;
      k += qvelSize(j.kind);
    }
  }

  // ---- equality constraints and keyframes

  void readEqualities(const XMLElement& equality) {
    for (const XMLElement* e = equality.FirstChildElement(); e; e = e->NextSiblingElement()) {
      const std::string tag = e->Name();
      if ((tag == "connect" || tag == "weld") && file_.text(*e, "active", "true") == "false")
        report_.note(*e, "not imported (inactive)");
      else if (tag == "connect") readConnect(*e);
      else if (tag == "weld") readWeld(*e);
      else report_.note(*e, "not imported (" + tag + ")");
    }
  }

  // The body an equality names in `key` (body1, body2; default the world) and its link's frame.
  LinkPlacement equalityBody(const XMLElement& e, const char* key) {
    const std::string name = file_.text(e, key, "world");
    if (name == "world") return {};
    const auto found = bodyIndex_.find(name);
    if (found == bodyIndex_.end()) file_.fail(e, std::string(key) + ": unknown body \"" + name + "\"");
    return placement_[found->second];
  }

  // World pose of a body at the model's initial coordinates (qpos0); the world's is the identity.
  Matrix4 initialPose(int body) {
    if (body < 0) return Matrix4::Identity();
    TreeKinematics kin(model_);
    computeKinematics(model_, model_.q0, model_.qd0, kin);
    return kin.bodies[body].worldPose();
  }

  // connect: anchor on body1 (its frame) and the point of body2 that coincides with it at qpos0.
  void readConnect(const XMLElement& e) {
    if (e.Attribute("site1")) file_.fail(e, "connect by sites is not supported; give body1, body2 and anchor");
    const LinkPlacement a = equalityBody(e, "body1"), b = equalityBody(e, "body2");
    const std::vector<double> anchor = file_.numbers(e, "anchor", 3);
    LoopConstraint loop;
    loop.name = file_.text(e, "name", "connect" + std::to_string(model_.loops.size()));
    loop.type = LoopType::Point;
    loop.bodyA = a.body;
    loop.bodyB = b.body;
    const Vector3 onA = (a.E_body_link * Vector4(anchor[0], anchor[1], anchor[2], 1.0)).head<3>();
    loop.E_aA.topRightCorner<3, 1>() = onA;
    TreeKinematics kin(model_);
    computeKinematics(model_, model_.q0, model_.qd0, kin);
    const auto world = [&](int body, const Vector3& p) -> Vector3 {
      return body < 0 ? p : Vector3(kin.bodies[body].R_0i * p + kin.bodies[body].p_0i);
    };
    const Vector3 point = world(a.body, onA);
    loop.E_bB.topRightCorner<3, 1>() =
        b.body < 0 ? point : Vector3(kin.bodies[b.body].R_0i.transpose() * (point - kin.bodies[b.body].p_0i));
    if (loop.bodyA == loop.bodyB) file_.fail(e, "connects a body to itself");
    model_.loops.push_back(loop);
  }

  // weld: body2's anchor point and frame keep their pose in body1's frame, as MuJoCo 2.2.2 reads
  // relpose (mj_instantiateEquality): its pos is the point of body1 where body2's anchor stays,
  // its quat body2's orientation in body1; a zero quat (the default): their pose at qpos0.
  void readWeld(const XMLElement& e) {
    if (e.Attribute("site1")) file_.fail(e, "weld by sites is not supported; give body1 and body2");
    if (e.Attribute("torquescale")) report_.note(e, "torquescale not imported (the weld is a hard constraint)");
    const LinkPlacement a = equalityBody(e, "body1"), b = equalityBody(e, "body2");
    LoopConstraint loop;
    loop.name = file_.text(e, "name", "weld" + std::to_string(model_.loops.size()));
    loop.type = LoopType::Weld;
    loop.bodyA = a.body;
    loop.bodyB = b.body;
    if (loop.bodyA == loop.bodyB) file_.fail(e, "welds a body to itself");
    Matrix4 anchor = Matrix4::Identity();
    if (e.Attribute("anchor")) {
      const std::vector<double> p = file_.numbers(e, "anchor", 3);
      anchor.topRightCorner<3, 1>() = Vector3(p[0], p[1], p[2]);
    }
    loop.E_bB = b.E_body_link * anchor;
    const std::vector<double> relpose =
        e.Attribute("relpose") ? file_.numbers(e, "relpose", 7) : std::vector<double>{0, 1, 0, 0, 0, 0, 0};
    const Eigen::Quaterniond quat(relpose[3], relpose[4], relpose[5], relpose[6]);
    if (quat.norm() == 0.0) {
      loop.E_aA = se3::inverse(initialPose(a.body)) * initialPose(b.body) * loop.E_bB;
    } else {
      loop.E_aA = a.E_body_link *
                  se3::make(quat.normalized().toRotationMatrix(), Vector3(relpose[0], relpose[1], relpose[2]));
    }
    model_.loops.push_back(loop);
  }

  void readKeyframes(const XMLElement& keyframe) {
    for (const XMLElement* e = keyframe.FirstChildElement("key"); e; e = e->NextSiblingElement("key")) {
      Model::Keyframe key;
      key.name = file_.text(*e, "name", "key" + std::to_string(model_.keyframes.size()));
      key.q = model_.q0;
      key.qd = VectorX::Zero(model_.nq);
      if (e->Attribute("qpos")) key.q = coordinates(*e, file_.numbers(*e, "qpos"), false);
      if (e->Attribute("qvel")) key.qd = coordinates(*e, file_.numbers(*e, "qvel"), true, &key.q);
      for (const char* dropped : {"act", "ctrl", "mpos", "mquat", "time"})
        if (e->Attribute(dropped)) report_.note(*e, std::string(dropped) + " not imported");
      model_.keyframes.push_back(key);
    }
  }

  // MuJoCo's qpos (or qvel) in the model's coordinates: bodies in the same depth-first order,
  // a ball's quaternion as a rotation vector, a free joint's (position, quaternion) as
  // (rotation vector, position); velocities: a ball's angular velocity w as the rate of its
  // rotation vector (J_r(q)^-1 w), a free joint's (linear, angular) swapped likewise.
  VectorX coordinates(const XMLElement& e, const std::vector<double>& v, bool velocity, const VectorX* q = nullptr) {
    int expected = 0;
    for (const auto& kinds : mjJoints_)
      for (MjJoint kind : kinds) expected += velocity ? qvelSize(kind) : qposSize(kind);
    if (static_cast<int>(v.size()) != expected)
      file_.fail(e, std::string(velocity ? "qvel" : "qpos") + " has " + std::to_string(v.size()) + " numbers; the model has " + std::to_string(expected));
    VectorX out = VectorX::Zero(model_.nq);
    int in = 0;
    for (int b = 0; b < model_.bodyCount(); ++b) {
      const int link = linkOfBody(b);
      int at = model_.joints[b].qIndex;
      for (MjJoint kind : mjJoints_[link]) {
        if (kind == MjJoint::Hinge || kind == MjJoint::Slide) {
          out[at++] = v[in++];
          continue;
        }
        const bool free = kind == MjJoint::Free;
        Vector3 position = Vector3::Zero();
        if (free) position = Vector3(v[in], v[in + 1], v[in + 2]), in += 3;
        Vector3 rotation;
        if (velocity) {
          const Vector3 omega(v[in], v[in + 1], v[in + 2]);
          in += 3;
          Joint ball;
          ball.type = JointType::SphericalExp;
          ball.parts = defaultParts(JointType::SphericalExp, Vector3::UnitZ());
          ball.nq = 3;
          const double zero[3] = {0, 0, 0};
          JointKinematics k;
          evaluateJoint(ball, q->data() + at, zero, k);
          rotation = Matrix3(k.S.topLeftCorner<3, 3>()).lu().solve(omega);
        } else {
          const Eigen::Quaterniond quat(v[in], v[in + 1], v[in + 2], v[in + 3]);
          in += 4;
          if (quat.norm() < 1e-12) file_.fail(e, "qpos has a zero quaternion");
          rotation = so3::log(quat.normalized().toRotationMatrix());
        }
        out.segment<3>(at) = rotation;
        at += 3;
        if (free) out.segment<3>(at) = position, at += 3;
      }
    }
    return out;
  }

  int linkOfBody(int body) const {
    for (int i = 0; i < static_cast<int>(placement_.size()); ++i)
      if (placement_[i].body == body && placement_[i].E_body_link == Matrix4::Identity() && !mjJoints_[i].empty()) return i;
    for (int i = 0; i < static_cast<int>(placement_.size()); ++i)
      if (placement_[i].body == body && placement_[i].E_body_link == Matrix4::Identity()) return i;
    return 0;
  }

  XmlFile file_;
  ImportReport report_;
  const ImportOptions& options_;
  std::string folder_, meshDir_;
  bool degrees_ = true;
  std::string eulerSeq_ = "xyz";
  bool autoLimits_ = true;
  std::string inertiaFromGeom_ = "auto";
  std::map<std::string, DefaultClass> classes_;
  std::map<std::string, std::pair<const XMLElement*, std::string>> meshes_;
  Model model_;
  std::vector<ImportedLink> links_;
  std::vector<std::vector<MjJoint>> mjJoints_;  // per link, its joints in order
  std::vector<MjJoint> currentKinds_;
  std::map<std::string, int> bodyIndex_;
  std::set<std::string> bodyNames_;
  std::vector<LinkPlacement> placement_;
  int collidingBodies_ = 0;
};

}  // namespace

Model importMjcf(const std::string& path, const ImportOptions& options) { return MjcfReader(path, options).read(); }

}  // namespace articulab
