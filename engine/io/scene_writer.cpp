#include "engine/io/scene_writer.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <tuple>

#include "engine/io/json_layout.hpp"
#include "engine/io/model_difference.hpp"
#include "engine/io/scene_closed_form.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/io/scene_general_joint_writer.hpp"
#include "engine/io/scene_values_out.hpp"

namespace articulab {

namespace {

using scene_io::coordinates;
using scene_io::OrderedJson;
using scene_io::putPose;
using scene_io::vector3;

// Thrown inside the writer for what the format cannot hold; writeScene turns it into an error.
struct Unwritable {
  std::string reason;
};

// A mesh file as a scene in `sceneFolder` names it: relative to that folder, as the loader reads
// it (so that the scene and its meshes move together), or by its absolute path without a folder.
std::string meshFileName(const std::string& file, const std::filesystem::path& sceneFolder) {
  if (sceneFolder.empty()) return file;
  const std::filesystem::path relative = std::filesystem::path(file).lexically_relative(sceneFolder);
  return relative.empty() ? file : relative.generic_string();
}

OrderedJson shapeJson(const ShapeDims& dims, const std::filesystem::path& sceneFolder) {
  const Vector3& s = dims.size;
  switch (dims.type) {
    case ShapeType::Box: return {{"type", "box"}, {"size", vector3(s)}};
    case ShapeType::Sphere: return {{"type", "sphere"}, {"radius", s.x()}};
    case ShapeType::Ellipsoid: return {{"type", "ellipsoid"}, {"radii", vector3(s)}};
    case ShapeType::Cylinder: return {{"type", "cylinder"}, {"radius", s.x()}, {"length", s.y()}};
    case ShapeType::Capsule: return {{"type", "capsule"}, {"radius", s.x()}, {"length", s.y()}};
    case ShapeType::Torus: return {{"type", "torus"}, {"major_radius", s.x()}, {"minor_radius", s.y()}};
    case ShapeType::Mesh: {
      if (!dims.mesh) throw Unwritable{"a mesh shape without its mesh"};
      OrderedJson out = {{"type", "mesh"}, {"file", meshFileName(dims.mesh->file, sceneFolder)}};
      if (s != Vector3::Ones()) out["scale"] = vector3(s);
      return out;
    }
  }
  throw Unwritable{"unknown shape type"};
}

const char* roleName(ShapeRole role) {
  switch (role) {
    case ShapeRole::Visual: return "visual";
    case ShapeRole::Collision: return "collision";
    case ShapeRole::Both: break;
  }
  return "both";
}

// {"mass", "com", "inertia": [Ixx, Iyy, Izz, Ixy, Ixz, Iyz]}.
OrderedJson inertialJson(const BodyInertial& inertial) {
  const Matrix3& I = inertial.inertia;
  OrderedJson out = {{"mass", inertial.mass}};
  if (!inertial.com.isZero(0.0)) out["com"] = vector3(inertial.com);
  out["inertia"] = {I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2), I(1, 2)};
  return out;
}

OrderedJson bodyJson(const Body& body, const std::filesystem::path& sceneFolder) {
  OrderedJson out = {{"name", body.name}};
  const bool plain = body.shapes.size() == 1 && body.shapes[0].role == ShapeRole::Both && !body.inertial.given;
  if (plain && body.shapes[0].E_bs == Matrix4::Identity()) {
    out["mass"] = body.shapes[0].mass;
    out["shape"] = shapeJson(body.shapes[0].dims, sceneFolder);
  } else {
    if (body.inertial.given) out["inertial"] = inertialJson(body.inertial);
    OrderedJson shapes = OrderedJson::array();
    for (const BodyShape& shape : body.shapes) {
      OrderedJson entry = shapeJson(shape.dims, sceneFolder);
      if (shape.mass != 0.0 || !body.inertial.given) entry["mass"] = shape.mass;
      putPose(entry, shape.E_bs, "position", "rotation");
      if (shape.role != ShapeRole::Both) entry["role"] = roleName(shape.role);
      shapes.push_back(entry);
    }
    out["shapes"] = shapes;
  }
  if (body.friction >= 0.0) out["friction"] = body.friction;
  return out;
}

std::string bodyName(const Model& model, int body) { return body < 0 ? "world" : model.bodies[body].name; }

OrderedJson partsJson(const Joint& joint) {
  OrderedJson parts = OrderedJson::array();
  for (const JointPart& part : joint.parts) {
    OrderedJson entry = {{"type", jointTypeName(part.type)}};
    if (part.type == JointType::Revolute || part.type == JointType::Prismatic) entry["axis"] = vector3(part.axis);
    parts.push_back(entry);
  }
  return parts;
}

void putJointType(OrderedJson& out, const Joint& joint) {
  out["type"] = jointTypeName(joint);
  if (joint.general) {
    if (std::string problem = scene_io::putGeneralJointDefinition(out, *joint.general); !problem.empty())
      throw Unwritable{"joint '" + joint.name + "': " + problem};
  }
  else if (joint.type == JointType::Composite) out["parts"] = partsJson(joint);
  else if (joint.type == JointType::Revolute || joint.type == JointType::Prismatic) out["axis"] = vector3(joint.parts[0].axis);
}

void putJointDynamics(OrderedJson& out, const Joint& joint) {
  if (joint.stiffness != 0.0) out["stiffness"] = joint.stiffness;
  if (joint.damping != 0.0) out["damping"] = joint.damping;
  if (joint.armature != 0.0) out["armature"] = joint.armature;
  if (!joint.rest.isZero(0.0)) out["rest"] = coordinates(joint.rest);
  if (joint.hasLimits) out["limits"] = {{"lower", coordinates(joint.lower)}, {"upper", coordinates(joint.upper)}};
  if (joint.driven) out["driven"] = true;
  const JointFriction& f = joint.friction;
  if (f.mu != 0.0 || f.radius != 0.0 || f.loss != 0.0) {
    OrderedJson friction = OrderedJson::object();
    if (f.mu != 0.0 || f.radius != 0.0) friction = {{"mu", f.mu}, {"radius", f.radius}};
    if (f.length != 0.0) friction["length"] = f.length;
    if (f.loss != 0.0) friction["loss"] = f.loss;
    out["friction"] = friction;
  }
}

OrderedJson jointJson(const Model& model, const Joint& joint, const VectorX& q0, const VectorX& qd0) {
  OrderedJson out = {{"name", joint.name}};
  putJointType(out, joint);
  out["parent"] = bodyName(model, joint.parent);
  out["child"] = model.bodies[joint.child].name;
  putPose(out, joint.E_pj, "position", "rotation");
  putPose(out, joint.E_jc, "child_position", "child_rotation");
  const VectorX q = q0.segment(joint.qIndex, joint.nq), qd = qd0.segment(joint.qIndex, joint.nq);
  if (joint.nq > 0 && !q.isZero(0.0)) out["q0"] = coordinates(q);
  if (joint.nq > 0 && !qd.isZero(0.0)) out["qd0"] = coordinates(qd);
  putJointDynamics(out, joint);
  return out;
}

OrderedJson loopJson(const Model& model, const LoopConstraint& loop) {
  OrderedJson out = {{"name", loop.name}, {"type", loopTypeName(loop.type)}, {"body_a", bodyName(model, loop.bodyA)},
                     {"body_b", bodyName(model, loop.bodyB)}};
  putPose(out, loop.E_aA, "position_a", "rotation_a");
  putPose(out, loop.E_bB, "position_b", "rotation_b");
  if (loop.type == LoopType::Hinge) out["axis"] = vector3(loop.axis);
  return out;
}

OrderedJson forceJson(const Model& model, const ForceElement& element) {
  OrderedJson out = {{"name", element.name}, {"type", forceElementTypeName(element.type)}};
  if (element.type == ForceElementType::PointForce) {
    out["body"] = bodyName(model, element.b.body);
    out["point"] = vector3(element.b.point);
    out["force"] = vector3(element.force);
    return out;
  }
  out["body_a"] = bodyName(model, element.a.body);
  out["point_a"] = vector3(element.a.point);
  out["body_b"] = bodyName(model, element.b.body);
  out["point_b"] = vector3(element.b.point);
  out["stiffness"] = element.stiffness;
  out["damping"] = element.damping;
  if (element.type == ForceElementType::SpringDamper) out["rest_length"] = element.restLength;
  return out;
}

// A constant (one knot at t = 0, as constantExcitation makes it), knots, or a wave whose
// phase already holds any for_each phase_step.
OrderedJson excitationJson(const Excitation& e) {
  if (e.wave)
    return {{"mean", e.mean}, {"amplitude", e.amplitude}, {"period", e.period}, {"phase", e.phase}};
  if (e.times.empty() || e.values.empty()) return 0.0;  // no knots: u = 0 (excitationAt)
  if (e.times.size() == 1 && e.times[0] == 0.0) return e.values[0];
  OrderedJson knots = OrderedJson::array();
  for (std::size_t k = 0; k < e.times.size(); ++k) knots.push_back({e.times[k], e.values[k]});
  return knots;
}

OrderedJson muscleJson(const Model& model, const Muscle& muscle) {
  OrderedJson path = OrderedJson::array();
  for (const Attachment& point : muscle.path)
    path.push_back({{"body", bodyName(model, point.body)}, {"point", vector3(point.point)}});
  return {{"name", muscle.name},
          {"path", path},
          {"max_isometric_force", muscle.maxIsometricForce},
          {"optimal_fiber_length", muscle.optimalFiberLength},
          {"tendon_slack_length", muscle.tendonSlackLength},
          {"max_contraction_velocity", muscle.maxContractionVelocity},
          {"activation_time", muscle.activationTimes.activation},
          {"deactivation_time", muscle.activationTimes.deactivation},
          {"excitation", excitationJson(muscle.excitation)},
          {"initial_activation", muscle.initialActivation}};
}

// {"BACKEND": {"SETTING": value}} (a number or a word, as the scene gave it), sorted as the
// loader lists them.
OrderedJson solverSettingsJson(std::vector<SettingValue> settings) {
  std::sort(settings.begin(), settings.end(), [](const SettingValue& a, const SettingValue& b) {
    return std::tie(a.backend, a.name) < std::tie(b.backend, b.name);
  });
  OrderedJson out = OrderedJson::object();
  for (const SettingValue& setting : settings) {
    if (setting.word.empty()) out[setting.backend][setting.name] = setting.value;
    else out[setting.backend][setting.name] = setting.word;
  }
  return out;
}

OrderedJson simulationJson(const SimulationDefaults& d) {
  OrderedJson out = {{"backend", d.backend}};
  if (!d.integrator.empty()) out["integrator"] = d.integrator;
  out["dt"] = d.dt;
  out["duration"] = d.duration;
  out["drift_control"] = d.driftControl;
  out["baumgarte"] = {{"alpha", d.baumgarteAlpha}, {"beta", d.baumgarteBeta}};
  if (!d.solverSettings.empty()) out["solver_settings"] = solverSettingsJson(d.solverSettings);
  return out;
}

void putContact(OrderedJson& out, const Model& model) {
  if (!model.groundContact && model.groundFriction != 0.0)
    throw Unwritable{"the ground friction " + scene_io::exactNumber(model.groundFriction) +
                     " is set while ground contact is off; the scene format gives friction only with contact"};
  if (model.groundContact && model.groundFriction != 0.0) out["ground_contact"] = {{"friction", model.groundFriction}};
  else out["ground_contact"] = model.groundContact;
  out["body_contact"] = model.bodyContact;
}

template <class T, class ToJson>
OrderedJson list(const std::vector<T>& items, ToJson toJson) {
  OrderedJson out = OrderedJson::array();
  for (const T& item : items) out.push_back(toJson(item));
  return out;
}

OrderedJson sceneJson(const Model& model, const VectorX& q0, const VectorX& qd0,
                      const std::filesystem::path& sceneFolder) {
  OrderedJson scene = {{"name", model.name}};
  if (!model.description.empty()) scene["description"] = model.description;
  scene["gravity"] = vector3(model.gravity);
  putContact(scene, model);
  scene["simulation"] = simulationJson(model.defaults);
  scene["bodies"] = list(model.bodies, [&](const Body& body) { return bodyJson(body, sceneFolder); });
  scene["joints"] = list(model.joints, [&](const Joint& j) { return jointJson(model, j, q0, qd0); });
  if (!model.loops.empty()) scene["constraints"] = list(model.loops, [&](const LoopConstraint& l) { return loopJson(model, l); });
  if (!model.forces.empty()) scene["forces"] = list(model.forces, [&](const ForceElement& f) { return forceJson(model, f); });
  if (!model.muscles.empty()) scene["muscles"] = list(model.muscles, [&](const Muscle& m) { return muscleJson(model, m); });
  if (!model.keyframes.empty())
    scene["keyframes"] = list(model.keyframes, [](const Model::Keyframe& key) {
      return OrderedJson{{"name", key.name}, {"q", scene_io::numbers(key.q)}, {"qd", scene_io::numbers(key.qd)}};
    });
  // Kept where it still holds from the saved state (a slide saved mid-run no longer starts at rest).
  if (scene_io::closedFormHoldsFrom(model, q0, qd0)) scene["closed_form"] = {{"solution", model.closedForm}};
  return scene;
}

std::string lastSystemError() { return std::strerror(errno); }

// Writes all of text to fd; false with errno set on a failure.
bool writeAll(int fd, const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t wrote = ::write(fd, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return false;
    done += static_cast<std::size_t>(wrote);
  }
  return true;
}

// Writes text to path through a temporary file beside it, renamed over the path once written,
// flushed and closed (each step checked): a failed save leaves neither a partial scene nor a
// damaged file where the old one was. Returns "" or the reason, naming the path.
std::string writeFileReplacing(const std::string& requested, const std::string& text) {
  if (requested.empty()) return "cannot save the scene: no file name (an empty path)";
  std::string path = requested;
  struct stat existing {};
  const bool exists = ::stat(requested.c_str(), &existing) == 0;
  if (exists && !S_ISREG(existing.st_mode)) return "cannot save the scene to " + requested + ": not a regular file";
  if (exists) {  // a symbolic link keeps pointing at the saved file
    if (char* resolved = ::realpath(requested.c_str(), nullptr)) {
      path = resolved;
      std::free(resolved);
    }
  }
  const std::string temporary = path + ".saving";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, exists ? existing.st_mode & 0777 : 0644);
  if (fd < 0) return "cannot open " + requested + " for writing: " + lastSystemError();
  const bool wrote = writeAll(fd, text) && ::fsync(fd) == 0;
  const int writeError = errno;
  if (::close(fd) != 0 || !wrote) {
    const std::string reason = wrote ? lastSystemError() : std::strerror(writeError);
    ::unlink(temporary.c_str());
    return "cannot write " + requested + ": " + reason;
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string reason = lastSystemError();
    ::unlink(temporary.c_str());
    return "cannot write " + requested + ": " + reason;
  }
  return "";
}

// Why the start cannot be used, or "".
std::string checkStart(const Model& model, const SceneStart& start) {
  for (const VectorX* v : {start.q, start.qd})
    if (v && v->size() != model.nq)
      return "the start state has " + std::to_string(v->size()) + " coordinates; the model has " + std::to_string(model.nq);
  return "";
}

// The folder a scene written to `scenePath` lies in, as the mesh reader resolves paths (canonical).
std::filesystem::path sceneFolderOf(const std::string& scenePath) {
  if (scenePath.empty()) return {};
  std::error_code ignored;  // a folder that does not exist yet is named as given
  const std::filesystem::path absolute = std::filesystem::absolute(scenePath, ignored);
  return std::filesystem::weakly_canonical(absolute, ignored).parent_path();
}

}  // namespace

WrittenScene writeScene(const Model& model, const SceneStart& start, const std::string& scenePath) {
  if (std::string problem = checkStart(model, start); !problem.empty()) return {"", problem};
  try {
    const VectorX& q0 = start.q ? *start.q : model.q0;
    const VectorX& qd0 = start.qd ? *start.qd : model.qd0;
    return {scene_io::layoutJson(sceneJson(model, q0, qd0, sceneFolderOf(scenePath))), ""};
  } catch (const Unwritable& e) {
    return {"", e.reason};
  }
}

std::string saveScene(const Model& model, const std::string& path, const SceneStart& start) {
  const WrittenScene written = writeScene(model, start, path);
  if (!written.error.empty()) return "cannot save the scene: " + written.error;
  Model expected = model;
  if (start.q) expected.q0 = *start.q;
  if (start.qd) expected.qd0 = *start.qd;
  try {
    const Model reloaded = loadSceneFromString(written.text, path);
    if (std::string difference = modelDifference(expected, reloaded); !difference.empty())
      return "cannot save the scene: it would load back different (" + difference + ")";
  } catch (const SceneError& e) {
    return "cannot save the scene: the written text does not load: " + std::string(e.what());
  }
  return writeFileReplacing(path, written.text);
}

}  // namespace articulab
