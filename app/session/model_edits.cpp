#include "app/session/model_edits.hpp"

#include <cmath>

#include "app/session/parameter_checks.hpp"
#include "engine/forces/muscle_excitation.hpp"

namespace articulab::session {

namespace {

std::string jointIndexError(const Model& model, int joint) {
  if (joint >= 0 && joint < static_cast<int>(model.joints.size())) return "";
  return "joint index " + std::to_string(joint) + " is out of range (the scene has " +
         std::to_string(model.joints.size()) + " joints, 0 to " + std::to_string(int(model.joints.size()) - 1) + ")";
}

}  // namespace

std::string setJointField(Model& model, int joint, JointField field, double value, int coordinate) {
  if (std::string error = jointIndexError(model, joint); !error.empty()) return error;
  Joint& target = model.joints[joint];
  switch (field) {
    case JointField::Stiffness: {
      std::string reason = checkStiffness(value);
      if (reason.empty()) target.stiffness = value;
      return reason;
    }
    case JointField::Damping: {
      std::string reason = checkDamping(value);
      if (reason.empty()) target.damping = value;
      return reason;
    }
    case JointField::Rest: {
      if (coordinate < 0 || coordinate >= target.nq)
        return "joint " + std::to_string(joint) + " has " + std::to_string(target.nq) +
               " coordinates; rest coordinate " + std::to_string(coordinate) + " does not exist";
      std::string reason = checkFinite("rest position", value);
      if (!reason.empty()) return reason;
      if (target.rest.size() != target.nq) target.rest = VectorX::Zero(target.nq);
      target.rest[coordinate] = value;
      return "";
    }
  }
  return "unknown joint field";
}

std::string setBodyMass(Model& model, int body, double mass) {
  if (body < 0 || body >= model.bodyCount())
    return "body index " + std::to_string(body) + " is out of range (the scene has " +
           std::to_string(model.bodyCount()) + " bodies)";
  if (std::string reason = checkMass(mass); !reason.empty()) return reason;
  Body& target = model.bodies[body];
  if (!(target.mass > 0.0)) return "body " + target.name + " has no mass to scale (its inertia is zero)";
  double ratio = mass / target.mass;
  if (target.shapes.empty()) {  // a body built in code from its inertia alone
    target.M *= ratio;  // M = m [I/m, ...]: every entry of the spatial inertia is proportional to m (eq 1.26)
    target.mass = mass;
    return "";
  }
  for (BodyShape& shape : target.shapes) shape.mass *= ratio;
  if (target.shapes.size() == 1) target.shapes[0].mass = mass;
  // The loader's own sum over the shapes (eq 1.25-1.26), so that a saved scene loads to this body.
  computeBodyInertia(target);
  return "";
}

std::string setGravity(Model& model, const Vector3& gravity) {
  for (int axis = 0; axis < 3; ++axis)
    if (std::string reason = checkFinite("gravity", gravity[axis]); !reason.empty()) return reason;
  model.gravity = gravity;
  return "";
}

std::string setGroundFriction(Model& model, double mu) {
  if (std::string reason = checkFriction(mu); !reason.empty()) return reason;
  model.groundFriction = mu;
  return "";
}

std::string setBodyFriction(Model& model, int body, double mu) {
  if (body < 0 || body >= model.bodyCount())
    return "body index " + std::to_string(body) + " is out of range (the scene has " +
           std::to_string(model.bodyCount()) + " bodies)";
  if (std::string reason = checkFriction(mu); !reason.empty()) return reason;
  model.bodies[body].friction = mu;
  return "";
}

std::string setDriftControl(Model& model, DriftControl drift, double alpha, double beta) {
  for (const auto& [name, value] : {std::pair{"Baumgarte alpha", alpha}, std::pair{"Baumgarte beta", beta}}) {
    if (std::string reason = checkFinite(name, value); !reason.empty()) return reason;
    if (value < 0.0) return std::string(name) + " must be >= 0 1/s (got " + std::to_string(value) + ")";
  }
  model.defaults.driftControl = driftControlName(drift);
  model.defaults.baumgarteAlpha = alpha;
  model.defaults.baumgarteBeta = beta;
  return "";
}

bool parseJointField(const std::string& name, JointField& out) {
  if (name == "stiffness") out = JointField::Stiffness;
  else if (name == "damping") out = JointField::Damping;
  else if (name == "rest") out = JointField::Rest;
  else return false;
  return true;
}

namespace {

// Why the field does not apply to this element type, or "".
std::string forceFieldMismatch(const ForceElement& element, ForceField field) {
  const std::string what = "force element '" + element.name + "' is a " + forceElementTypeName(element.type);
  const bool pointForce = element.type == ForceElementType::PointForce;
  if (field == ForceField::Force && !pointForce) return what + "; only a point_force has a force vector";
  if (field != ForceField::Force && pointForce) return what + "; it has only a force vector";
  if (field == ForceField::RestLength && element.type != ForceElementType::SpringDamper)
    return what + ", whose rest length is zero by definition (a spring_damper has one)";
  return "";
}

}  // namespace

std::string setForceField(Model& model, int element, ForceField field, double value, int coordinate) {
  if (element < 0 || element >= static_cast<int>(model.forces.size()))
    return "force index " + std::to_string(element) + " is out of range (the scene has " +
           std::to_string(model.forces.size()) + " force elements)";
  ForceElement& target = model.forces[element];
  if (std::string mismatch = forceFieldMismatch(target, field); !mismatch.empty()) return mismatch;
  switch (field) {
    case ForceField::Stiffness: {
      std::string reason = checkStiffness(value);
      if (reason.empty()) target.stiffness = value;
      return reason;
    }
    case ForceField::Damping: {
      std::string reason = checkDamping(value);
      if (reason.empty()) target.damping = value;
      return reason;
    }
    case ForceField::RestLength: {
      if (!(value >= 0.0) || !std::isfinite(value))
        return "rest length must be a finite length >= 0 m, got " + std::to_string(value);
      target.restLength = value;
      return "";
    }
    case ForceField::Force: {
      if (coordinate < 0 || coordinate > 2) return "force component " + std::to_string(coordinate) + " does not exist (0, 1 or 2)";
      std::string reason = checkFinite("force", value);
      if (reason.empty()) target.force[coordinate] = value;
      return reason;
    }
  }
  return "unknown force field";
}

namespace {

std::string muscleIndexError(const Model& model, int muscle) {
  if (muscle >= 0 && muscle < static_cast<int>(model.muscles.size())) return "";
  if (model.muscles.empty()) return "muscle index " + std::to_string(muscle) + " is out of range (the scene has no muscles)";
  return "muscle index " + std::to_string(muscle) + " is out of range (the scene has " +
         std::to_string(model.muscles.size()) + " muscles, 0 to " + std::to_string(model.muscles.size() - 1) + ")";
}

}  // namespace

std::string setMuscleExcitation(Model& model, int muscle, double excitation) {
  if (std::string error = muscleIndexError(model, muscle); !error.empty()) return error;
  Muscle& target = model.muscles[muscle];
  if (std::string reason = checkExcitation(excitation); !reason.empty())
    return "muscle " + std::to_string(muscle) + " '" + target.name + "': " + reason;
  target.excitation = constantExcitation(excitation);
  return "";
}

std::string restoreMuscleExcitation(Model& model, const Model& scene, int muscle) {
  if (std::string error = muscleIndexError(model, muscle); !error.empty()) return error;
  Muscle& target = model.muscles[muscle];
  if (muscle >= static_cast<int>(scene.muscles.size()) || scene.muscles[muscle].name != target.name)
    return "muscle " + std::to_string(muscle) + " '" + target.name + "' is not in the scene as loaded";
  target.excitation = scene.muscles[muscle].excitation;
  return "";
}

bool sameExcitation(const Excitation& a, const Excitation& b) {
  if (a.wave != b.wave) return false;
  if (a.wave) return a.mean == b.mean && a.amplitude == b.amplitude && a.period == b.period && a.phase == b.phase;
  return a.times == b.times && a.values == b.values;
}

bool parseForceField(const std::string& name, ForceField& out) {
  const std::pair<const char*, ForceField> fields[] = {{"stiffness", ForceField::Stiffness},
                                                       {"damping", ForceField::Damping},
                                                       {"rest_length", ForceField::RestLength},
                                                       {"force", ForceField::Force}};
  for (const auto& [text, field] : fields)
    if (name == text) {
      out = field;
      return true;
    }
  return false;
}

}  // namespace articulab::session
