#include "engine/io/scene_joints.hpp"

#include "engine/contact/joint_friction.hpp"
#include "engine/io/scene_general_joints.hpp"

namespace articulab::scene_io {

namespace {

constexpr int kMaxJointDof = 6;  // JointMatrix holds at most six columns

const std::vector<std::string> kJointKeys = {"type",           "axis",           "parts", "rotation",
                                             "child_position", "child_rotation", "q0",    "qd0",
                                             "stiffness",      "damping",        "rest",  "limits",
                                             "driven",         "friction",       "armature"};

const std::vector<JointType>& allJointTypes() {
  static const std::vector<JointType> types = {
      JointType::Fixed,     JointType::Revolute,     JointType::Prismatic,    JointType::Planar,
      JointType::Translational, JointType::Universal, JointType::SphericalXZX, JointType::SphericalExp,
      JointType::Composite, JointType::Free2D,       JointType::Free3D};
  return types;
}

// The keys of a "joints" entry: its own and those of every joint (kJointKeys).
const std::vector<std::string>& jointEntryKeys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> all = {"name", "parent", "child", "position"};
    all.insert(all.end(), kJointKeys.begin(), kJointKeys.end());
    return all;
  }();
  return keys;
}

bool isPrimitive(JointType type) {
  return type != JointType::Composite && type != JointType::Free2D && type != JointType::Free3D;
}

bool hasAxis(JointType type) { return type == JointType::Revolute || type == JointType::Prismatic; }

JointType readJointType(const Node& node, bool primitiveOnly) {
  const std::string name = readString(node);
  for (JointType type : allJointTypes())
    if ((!primitiveOnly || isPrimitive(type)) && name == jointTypeName(type)) return type;
  std::vector<std::string> names;
  for (JointType type : allJointTypes())
    if (!primitiveOnly || isPrimitive(type)) names.push_back(jointTypeName(type));
  if (!primitiveOnly)
    for (const GeneralJointKind& kind : generalJointKinds()) names.push_back(kind.name);
  const std::string what = primitiveOnly ? "joint part type " : "joint type ";
  node.fail("unknown " + what + inQuotes(name) + suggestion(name, names) + "; expected one of: " + listNames(names));
}

// "axis" is required for revolute and prismatic joints and meaningless for the others.
Vector3 readJointAxis(const Node& node, JointType type) {
  if (hasAxis(type)) return readAxis(node["axis"]);
  if (node.has("axis"))
    node.failField("axis",
                   std::string("\"axis\" applies only to revolute and prismatic joints, not ") + jointTypeName(type));
  return Vector3::UnitZ();
}

JointPart readPart(const Node& node) {
  expectObject(node, {"type", "axis"});
  const JointType type = readJointType(node["type"], true);
  return defaultParts(type, readJointAxis(node, type)).front();
}

std::vector<JointPart> readParts(const Node& joint, JointType type) {
  if (type != JointType::Composite) {
    if (joint.has("parts")) joint.failField("parts", "\"parts\" applies only to composite joints");
    return defaultParts(type, readJointAxis(joint, type));
  }
  if (joint.has("axis")) joint.failField("axis", "a composite joint gives \"axis\" inside its \"parts\"");
  const Node list = joint["parts"];
  const std::size_t count = expectArray(list);
  if (count == 0) list.fail("expected at least one part");
  std::vector<JointPart> parts;
  int dof = 0;
  for (std::size_t i = 0; i < count; ++i) {
    parts.push_back(readPart(list.element(i)));
    dof += parts.back().nq;
  }
  if (dof > kMaxJointDof)
    list.fail("the parts have " + std::to_string(dof) + " coordinates; a joint has at most " +
              std::to_string(kMaxJointDof));
  return parts;
}

VectorX readOptionalCoordinates(const Node& node, const std::string& key, int dof) {
  return node.has(key) ? readCoordinates(node[key], dof) : VectorX::Zero(dof);
}

void readLimits(const Node& joint, Joint& out) {
  if (!joint.has("limits")) return;
  const Node limits = joint["limits"];
  expectObject(limits, {"lower", "upper"});
  out.hasLimits = true;
  out.lower = readCoordinates(limits["lower"], out.nq);
  out.upper = readCoordinates(limits["upper"], out.nq);
  for (int k = 0; k < out.nq; ++k)
    if (out.lower[k] > out.upper[k])
      limits.fail("lower[" + std::to_string(k) + "] = " + formatNumber(out.lower[k]) + " is above upper[" +
                  std::to_string(k) + "] = " + formatNumber(out.upper[k]) + "; expected lower <= upper");
}

// "driven": true prescribes the joint's acceleration (zero from the scene, so it keeps qd0) in
// back-ends with hybrid dynamics (sueda Alg 9); the others treat it as free and say so.
void readDriven(const Node& joint, Joint& out) {
  if (!joint.has("driven")) return;
  const Node node = joint["driven"];
  if (!node.json().is_boolean()) node.fail("expected true or false, got " + shortJson(node.json()));
  out.driven = node.json().get<bool>();
}

// "friction": {"mu", "radius", "length", "loss"}: load-dependent joint friction on a revolute,
// prismatic or spherical joint (engine/contact/joint_friction.hpp gives each type's geometry),
// and a load-independent bound "loss" (N m or N). "length" belongs to revolute (pin) and
// prismatic (slider) joints only; "radius" and "length" come with "mu".
void readJointFriction(const Node& joint, Joint& out) {
  if (!joint.has("friction")) return;
  const Node node = joint["friction"];
  const bool spherical = out.type == JointType::SphericalXZX || out.type == JointType::SphericalExp;
  if (out.general || !contact::jointFrictionGeometry(out.type))
    node.fail(std::string("joint friction applies to revolute, prismatic, spherical_xzx and spherical_exp joints, not ") +
              jointTypeName(out));
  if (spherical) expectObject(node, {"mu", "radius", "loss"});
  else expectObject(node, {"mu", "radius", "length", "loss"});
  if (node.has("loss")) out.friction.loss = readNonNegative(node["loss"]);
  if (!node.has("mu") && node.has("loss")) {
    for (const char* key : {"radius", "length"})
      if (node.has(key)) node.failField(key, std::string("\"") + key + "\" belongs to a load-dependent friction: give \"mu\" too");
    return;
  }
  out.friction.mu = readNonNegative(node["mu"]);
  out.friction.radius = readPositive(node["radius"]);
  if (!spherical) out.friction.length = readPositive(node["length"]);
}

void checkInsideLimits(const Node& joint, const Joint& limits, const VectorX& q, const std::string& key) {
  if (!limits.hasLimits) return;
  for (int k = 0; k < limits.nq; ++k)
    if (q[k] < limits.lower[k] || q[k] > limits.upper[k])
      joint.failField(key, key + "[" + std::to_string(k) + "] = " + formatNumber(q[k]) + " lies outside the limits [" +
                               formatNumber(limits.lower[k]) + ", " + formatNumber(limits.upper[k]) + "]");
}

// The general joint kind named by the entry's "type", or nullptr for the other types.
const GeneralJointKind* generalKindOf(const Node& node) {
  if (!node.has("type")) return nullptr;
  const Json& type = node["type"].json();
  return type.is_string() ? findGeneralJointKind(type.get_ref<const std::string&>()) : nullptr;
}

// A general joint's definition from its own keys; "axis" and "parts" belong to other types.
void readGeneralJoint(const Node& node, const GeneralJointKind& kind, Joint& joint) {
  for (const char* key : {"axis", "parts"})
    if (node.has(key)) node.failField(key, inQuotes(key) + " does not apply to " + kind.name + " joints");
  setGeneralDefinition(joint, kind.read(node));
}

// q0 must lie where a general joint's transform is defined (e.g. on its spline patch).
void checkGeneralCoordinates(const Node& node, const Joint& joint, const VectorX& q0) {
  if (!joint.general) return;
  const std::string problem = joint.general->checkCoordinates(q0.data());
  if (!problem.empty()) node.failField("q0", problem + "; coordinates: " + joint.general->coordinateHelp());
}

// Every field shared by joint entries and chain templates.
JointSpec readJointProperties(const Node& node) {
  JointSpec spec;
  spec.link.pointer = node.pointer();
  Joint& joint = spec.joint;
  if (const GeneralJointKind* kind = generalKindOf(node)) {
    readGeneralJoint(node, *kind, joint);
  } else {
    joint.type = readJointType(node["type"], false);
    joint.parts = readParts(node, joint.type);
    joint.nq = 0;
    for (const JointPart& part : joint.parts) joint.nq += part.nq;
  }
  joint.E_pj = readPose(node, "position", "rotation");
  joint.E_jc = readPose(node, "child_position", "child_rotation");
  if (node.has("stiffness")) joint.stiffness = readNonNegative(node["stiffness"]);
  if (node.has("damping")) joint.damping = readNonNegative(node["damping"]);
  if (node.has("armature")) joint.armature = readNonNegative(node["armature"]);
  joint.rest = readOptionalCoordinates(node, "rest", joint.nq);
  readLimits(node, joint);
  readDriven(node, joint);
  readJointFriction(node, joint);
  spec.link.q0 = readOptionalCoordinates(node, "q0", joint.nq);
  spec.link.qd0 = readOptionalCoordinates(node, "qd0", joint.nq);
  checkInsideLimits(node, joint, spec.link.q0, "q0");
  checkGeneralCoordinates(node, joint, spec.link.q0);
  return spec;
}

}  // namespace

JointSpec readJoint(const Node& node) {
  if (const GeneralJointKind* kind = generalKindOf(node)) {
    std::vector<std::string> keys = jointEntryKeys();
    keys.insert(keys.end(), kind->keys.begin(), kind->keys.end());
    expectObject(node, keys);
  } else {
    expectObject(node, jointEntryKeys());
  }
  const std::string name = readName(node["name"]);
  const std::string parent = readName(node["parent"]);
  const std::string child = readName(node["child"]);
  JointSpec spec = readJointProperties(node);
  spec.joint.name = name;
  spec.link.parentName = parent;
  spec.link.childName = child;
  return spec;
}

JointSpec readJointTemplate(const Node& node) {
  if (const GeneralJointKind* kind = generalKindOf(node)) {
    std::vector<std::string> keys = kJointKeys;
    keys.insert(keys.end(), kind->keys.begin(), kind->keys.end());
    expectObject(node, keys);
  } else {
    expectObject(node, kJointKeys);
  }
  return readJointProperties(node);
}

}  // namespace articulab::scene_io
