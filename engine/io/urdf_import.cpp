// URDF (ROS's Unified Robot Description Format) into a Model, read with tinyxml2 so that every
// error and report line names its line (urdfdom's model keeps no line numbers). Frames: a
// joint's <origin> places its frame in the parent link's; the child link's frame is the joint
// frame moved by the joint; <inertial> and shapes are placed in their link's frame.
#include <Eigen/Eigenvalues>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "engine/io/import_report.hpp"
#include "engine/io/import_tree.hpp"
#include "engine/io/mesh_file.hpp"
#include "engine/io/model_loader.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab {

namespace {

using tinyxml2::XMLElement;
using xml_io::XmlFile;

class UrdfReader {
 public:
  UrdfReader(const std::string& path, const ImportOptions& options)
      : file_(path), report_(file_), options_(options), folder_(std::filesystem::path(path).parent_path().string()) {}

  Model read() {
    const XMLElement& robot = *file_.root();
    if (std::string(robot.Name()) != "robot") file_.fail(robot, "expected a <robot> element at the top of a URDF file");
    Model model;
    model.sourceFile = file_.path();
    model.name = file_.text(robot, "name", std::filesystem::path(file_.path()).stem().string());
    if (model.name.empty()) model.name = std::filesystem::path(file_.path()).stem().string();
    model.description = "Imported from " + std::filesystem::path(file_.path()).filename().string() + " (URDF)";
    for (const XMLElement* e = robot.FirstChildElement(); e; e = e->NextSiblingElement()) readTopLevel(*e);
    buildImportedModel(orderLinks(), model);
    model.importReport = report_.take();
    return model;
  }

 private:
  struct LinkEntry {
    const XMLElement* element;
    ImportedLink link;
  };

  void readTopLevel(const XMLElement& e) {
    const std::string tag = e.Name();
    if (tag == "link") readLink(e);
    else if (tag == "joint") joints_.push_back(&e);
    else if (tag == "material") return;  // colours: the app draws every body in its own colour
    else report_.note(e, "not imported (" + tag + (tag == "transmission" ? ": actuators are not part of a model" : "") + ")");
  }

  // ---- links: inertial and shapes

  void readLink(const XMLElement& e) {
    const std::string name = file_.text(e, "name");
    if (name.empty()) file_.fail(e, "a link needs a non-empty name");
    if (linkIndex_.count(name)) file_.fail(e, "link name \"" + name + "\" is used twice");
    ImportedLink link;
    link.body.name = name;
    link.where = file_.where(e);
    link.element = XmlFile::describe(e);
    if (const XMLElement* inertial = e.FirstChildElement("inertial")) link.body.inertial = readInertial(*inertial);
    readShapes(e, link.body);
    linkIndex_[name] = static_cast<int>(links_.size());
    links_.push_back({&e, std::move(link)});
  }

  Matrix4 readOrigin(const XMLElement& parent) const {
    const XMLElement* origin = parent.FirstChildElement("origin");
    if (!origin) return Matrix4::Identity();
    return se3::make(xml_io::rollPitchYaw(file_.vector3(*origin, "rpy", Vector3::Zero())),
                        file_.vector3(*origin, "xyz", Vector3::Zero()));
  }

  BodyInertial readInertial(const XMLElement& e) {
    BodyInertial inertial;
    const XMLElement* mass = e.FirstChildElement("mass");
    if (!mass) file_.fail(e, "an <inertial> needs a <mass value=\"...\"/>");
    inertial.mass = file_.number(*mass, "value");
    if (inertial.mass < 0.0) file_.fail(*mass, "negative mass " + std::to_string(inertial.mass));
    if (inertial.mass == 0.0) {
      report_.note(e, "mass 0: the link has no inertial");
      return inertial;
    }
    Matrix3 I = Matrix3::Zero();
    if (const XMLElement* tensor = e.FirstChildElement("inertia")) {
      const auto get = [&](const char* key) { return file_.number(*tensor, key, 0.0); };
      I << get("ixx"), get("ixy"), get("ixz"), get("ixy"), get("iyy"), get("iyz"), get("ixz"), get("iyz"), get("izz");
      checkInertia(*tensor, I);
    } else {
      report_.note(e, "no <inertia>: a point mass");
    }
    return inertialAt(inertial.mass, readOrigin(e), I);
  }

  void checkInertia(const XMLElement& e, const Matrix3& I) {
    const Vector3 moments = Eigen::SelfAdjointEigenSolver<Matrix3>(I).eigenvalues();
    const double scale = std::max(1e-300, moments.cwiseAbs().maxCoeff());
    if (moments.minCoeff() < -1e-12 * scale)
      file_.fail(e, "the inertia has a negative principal moment (" + std::to_string(moments.minCoeff()) +
                        "); expected a positive semi-definite tensor");
    if (moments[0] + moments[1] < moments[2] * (1.0 - 1e-9))
      report_.note(e, "principal moments violate the triangle inequality (A + B >= C): no rigid body has this inertia; imported as given");
  }

  // <visual> shapes are drawn, <collision> shapes collide; a link with only one kind uses it for
  // both. A mesh that cannot be read falls back to the link's collision shapes, then to the box
  // of its inertia.
  void readShapes(const XMLElement& linkElement, Body& body) {
    std::vector<BodyShape> visuals, collisions;
    bool visualMissing = false;
    for (const XMLElement* e = linkElement.FirstChildElement("visual"); e; e = e->NextSiblingElement("visual"))
      visualMissing |= !readGeometry(*e, ShapeRole::Visual, visuals);
    for (const XMLElement* e = linkElement.FirstChildElement("collision"); e; e = e->NextSiblingElement("collision"))
      readGeometry(*e, ShapeRole::Collision, collisions);
    if (visuals.empty() && !visualMissing) {
      for (BodyShape& shape : collisions) shape.role = ShapeRole::Both;
    } else if (visuals.empty() && collisions.empty() && body.inertial.given) {
      if (auto box = inertiaBox(body.inertial)) visuals.push_back(*box);
      report_.note(linkElement, "drawn as the box of its inertia (no mesh could be read)");
    } else if (visuals.empty()) {
      for (BodyShape& shape : collisions) shape.role = ShapeRole::Both;
      report_.note(linkElement, "drawn with its collision shapes (its visual mesh could not be read)");
    }
    body.shapes = std::move(visuals);
    body.shapes.insert(body.shapes.end(), collisions.begin(), collisions.end());
  }

  // A box of the inertia's mass and principal moments about its centre (dropped if degenerate).
  static std::optional<BodyShape> inertiaBox(const BodyInertial& inertial) {
    const Eigen::SelfAdjointEigenSolver<Matrix3> eigen(inertial.inertia);
    const Vector3 I = eigen.eigenvalues();
    // m/12 (b^2 + c^2) = I_a and so on: a^2 = 6 (I_b + I_c - I_a) / m.
    Vector3 sides;
    for (int k = 0; k < 3; ++k) sides[k] = std::sqrt(std::max(0.0, 6.0 * (I.sum() - 2.0 * I[k]) / inertial.mass));
    if (!(sides.minCoeff() > 0.0)) return std::nullopt;
    BodyShape shape;
    shape.dims = ShapeDims{ShapeType::Box, sides, nullptr};
    Matrix3 R = eigen.eigenvectors();
    if (R.determinant() < 0.0) R.col(2) = -R.col(2);
    shape.E_bs = se3::make(R, inertial.com);
    shape.role = ShapeRole::Visual;
    return shape;
  }

  // False when the geometry is a mesh that cannot be read (reported).
  bool readGeometry(const XMLElement& e, ShapeRole role, std::vector<BodyShape>& out) {
    const XMLElement* geometry = e.FirstChildElement("geometry");
    if (!geometry || !geometry->FirstChildElement()) file_.fail(e, "missing <geometry> with a shape inside");
    const XMLElement& g = *geometry->FirstChildElement();
    const std::string type = g.Name();
    BodyShape shape;
    shape.role = role;
    shape.E_bs = readOrigin(e);
    if (type == "box") {
      shape.dims = {ShapeType::Box, positive(g, file_.vector3(g, "size", Vector3::Zero()), 3), nullptr};
    } else if (type == "cylinder") {
      shape.dims = {ShapeType::Cylinder, positive(g, Vector3(file_.number(g, "radius"), file_.number(g, "length"), 0.0), 2), nullptr};
    } else if (type == "sphere") {
      shape.dims = {ShapeType::Sphere, positive(g, Vector3(file_.number(g, "radius"), 0.0, 0.0), 1), nullptr};
    } else if (type == "mesh") {
      const std::string name = file_.text(g, "filename");
      const std::string path = resolveMeshPath(name, folder_, options_);
      std::string error = "not found in " + searchedText();
      auto mesh = path.empty() ? nullptr : readMeshFile(path, error);
      if (!mesh) {
        report_.note(g, std::string(role == ShapeRole::Visual ? "visual" : "collision") + " mesh \"" + name + "\" " + error +
                            (role == ShapeRole::Visual ? "" : ": the link has no collision shape from it"));
        return false;
      }
      shape.dims = {ShapeType::Mesh, positive(g, file_.vector3(g, "scale", Vector3::Ones()), 3), mesh};
    } else {
      report_.note(g, "unknown geometry <" + type + ">: not imported");
      return true;
    }
    out.push_back(shape);
    return true;
  }

  // v, whose first `used` entries (the shape's dimensions, ShapeDims) must be positive; the
  // others are 0, as the scene loader leaves them.
  Vector3 positive(const XMLElement& e, const Vector3& v, int used) const {
    if (!(v.head(used).minCoeff() > 0.0)) file_.fail(e, "sizes must be positive");
    return v;
  }

  std::string searchedText() const {
    std::string text = "the model's folder";
    for (const std::string& folder : options_.packagePaths) text += ", " + folder;
    return text + " and ROS_PACKAGE_PATH (--package-path DIR adds a folder)";
  }

  // ---- joints

  // The links in an order where each parent comes before its children, each with its joint.
  std::vector<ImportedLink> orderLinks() {
    if (links_.empty()) file_.fail(*file_.root(), "the robot has no <link>");
    std::vector<int> parentOf(links_.size(), -1);
    std::vector<const XMLElement*> jointOf(links_.size(), nullptr);
    std::set<std::string> jointNames;
    for (const XMLElement* e : joints_) {
      const std::string name = file_.text(*e, "name");
      if (!jointNames.insert(name).second) file_.fail(*e, "joint name \"" + name + "\" is used twice");
      const int parent = linkOf(*e, "parent"), child = linkOf(*e, "child");
      if (jointOf[child]) file_.fail(*e, "link \"" + links_[child].link.body.name + "\" is already the child of joint \"" +
                                             file_.text(*jointOf[child], "name") + "\" (a URDF is a tree)");
      parentOf[child] = parent;
      jointOf[child] = e;
    }
    int root = -1;
    for (int i = 0; i < static_cast<int>(links_.size()); ++i)
      if (!jointOf[i]) {
        if (root >= 0)
          file_.fail(*links_[i].element, "a second root link (\"" + links_[root].link.body.name + "\" is one): every link but one must be a joint's child");
        root = i;
      }
    if (root < 0) file_.fail(*file_.root(), "the joints form a cycle: no link is free of a parent joint");
    std::vector<ImportedLink> out;
    std::vector<int> newIndex(links_.size(), -1);
    std::vector<std::vector<int>> children(links_.size());
    for (int i = 0; i < static_cast<int>(links_.size()); ++i)
      if (parentOf[i] >= 0) children[parentOf[i]].push_back(i);
    std::vector<int> stack = {root};
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      ImportedLink link = links_[i].link;
      if (i == root) rootJoint(link);
      else readJoint(*jointOf[i], link);
      link.parent = i == root ? -1 : newIndex[parentOf[i]];
      newIndex[i] = static_cast<int>(out.size());
      out.push_back(std::move(link));
      for (auto c = children[i].rbegin(); c != children[i].rend(); ++c) stack.push_back(*c);
    }
    for (int i = 0; i < static_cast<int>(links_.size()); ++i)
      if (newIndex[i] < 0) file_.fail(*links_[i].element, "link is not connected to the root link (a joint cycle)");
    if (rootIsWorld_) {  // the "world" link is the world itself
      out.erase(out.begin());
      for (ImportedLink& link : out) link.parent = link.parent <= 0 ? -1 : link.parent - 1;
    }
    return out;
  }

  int linkOf(const XMLElement& joint, const char* role) const {
    const XMLElement* e = joint.FirstChildElement(role);
    if (!e) file_.fail(joint, std::string("missing <") + role + " link=\"...\"/>");
    const std::string name = file_.text(*e, "link");
    const auto found = linkIndex_.find(name);
    if (found == linkIndex_.end()) file_.fail(*e, "unknown link \"" + name + "\"");
    return found->second;
  }

  // The root: a link named "world" without mass or shapes is the world (Gazebo's convention);
  // otherwise the root is welded to the world, or free with ImportOptions::floatingRoot.
  void rootJoint(ImportedLink& link) {
    const Body& body = link.body;
    rootIsWorld_ = body.name == "world" && !body.inertial.given && body.shapes.empty();
    link.joint.name = body.name + "_root";
    if (options_.floatingRoot && !rootIsWorld_) {
      link.joint.type = JointType::Free3D;
      link.joint.parts = defaultParts(JointType::Free3D, Vector3::UnitZ());
    } else {
      link.joint.type = JointType::Fixed;
      link.joint.parts = defaultParts(JointType::Fixed, Vector3::UnitZ());
    }
  }

  void readJoint(const XMLElement& e, ImportedLink& link) {
    Joint& joint = link.joint;
    joint.name = file_.text(e, "name");
    const std::string type = file_.text(e, "type");
    joint.E_pj = readOrigin(e);
    Vector3 axis = Vector3::UnitX();
    if (const XMLElement* a = e.FirstChildElement("axis")) {
      axis = file_.vector3(*a, "xyz", Vector3::UnitX());
      if (axis.norm() < 1e-12) file_.fail(e, "axis has zero length");
    }
    if (type == "revolute" || type == "continuous") {
      joint.type = JointType::Revolute;
    } else if (type == "prismatic") {
      joint.type = JointType::Prismatic;
    } else if (type == "fixed") {
      joint.type = JointType::Fixed;
    } else if (type == "floating") {
      joint.type = JointType::Free3D;
    } else if (type == "planar") {  // translation in the plane normal to the axis, turning about it
      joint.type = JointType::Free2D;
      const Matrix3 R = xml_io::rotationTakingZTo(axis);
      joint.E_pj = joint.E_pj * se3::make(R, Vector3::Zero());
      joint.E_jc = se3::make(R.transpose(), Vector3::Zero());
    } else {
      file_.fail(e, "unknown joint type \"" + type + "\"; expected revolute, continuous, prismatic, fixed, floating or planar");
    }
    joint.parts = defaultParts(joint.type, axis);
    joint.nq = 0;
    for (const JointPart& part : joint.parts) joint.nq += part.nq;
    link.q0 = VectorX::Zero(joint.nq);
    if (type == "revolute" || type == "prismatic") readLimits(e, type, link);
    if (type == "continuous" || type == "revolute" || type == "prismatic") readDynamics(e, joint);
    if (const XMLElement* mimic = e.FirstChildElement("mimic"))
      report_.note(*mimic, "mimic of joint \"" + file_.text(*mimic, "joint", "?") + "\" not imported: the joint moves on its own");
    for (const char* dropped : {"safety_controller", "calibration"})
      if (const XMLElement* d = e.FirstChildElement(dropped)) report_.note(*d, "not imported");
    link.where = file_.where(e);
    link.element = XmlFile::describe(e);
  }

  void readLimits(const XMLElement& e, const std::string& type, ImportedLink& link) {
    const XMLElement* limit = e.FirstChildElement("limit");
    if (!limit) file_.fail(e, "a " + type + " joint needs <limit lower=\"...\" upper=\"...\" effort=\"...\" velocity=\"...\"/>");
    Joint& joint = link.joint;
    const double lower = file_.number(*limit, "lower", 0.0), upper = file_.number(*limit, "upper", 0.0);
    if (lower > upper) file_.fail(*limit, "lower limit " + std::to_string(lower) + " exceeds upper limit " + std::to_string(upper));
    joint.hasLimits = true;
    joint.lower = VectorX::Constant(1, lower);
    joint.upper = VectorX::Constant(1, upper);
    if (lower > 0.0 || upper < 0.0) {
      link.q0[0] = lower > 0.0 ? lower : upper;
      report_.note(*limit, "0 lies outside the limits: the joint starts at " + std::to_string(link.q0[0]));
    }
    if (file_.has(*limit, "effort") || file_.has(*limit, "velocity"))
      report_.note(*limit, "effort and velocity limits not imported (no actuators, no velocity limits)");
  }

  void readDynamics(const XMLElement& e, Joint& joint) {
    const XMLElement* dynamics = e.FirstChildElement("dynamics");
    if (!dynamics) return;
    joint.damping = file_.number(*dynamics, "damping", 0.0);
    joint.friction.loss = file_.number(*dynamics, "friction", 0.0);
    if (joint.damping < 0.0 || joint.friction.loss < 0.0) file_.fail(*dynamics, "damping and friction must be >= 0");
  }

  XmlFile file_;
  ImportReport report_;
  const ImportOptions& options_;
  std::string folder_;
  std::vector<LinkEntry> links_;
  std::map<std::string, int> linkIndex_;
  std::vector<const XMLElement*> joints_;
  bool rootIsWorld_ = false;
};

}  // namespace

Model importUrdf(const std::string& path, const ImportOptions& options) { return UrdfReader(path, options).read(); }

}  // namespace articulab
