#include "engine/io/scene_forces.hpp"

#include <cmath>
#include <map>

#include "engine/algorithm/kinematics.hpp"
#include "engine/forces/element_wrenches.hpp"
#include "engine/io/scene_body_reference.hpp"
#include "engine/io/scene_repetition.hpp"

namespace articulab::scene_io {

namespace {

ForceElementType readForceType(const Node& node) {
  const std::string name = readString(node);
  ForceElementType type;
  if (!parseForceElementType(name, type))
    node.fail("unknown force type " + inQuotes(name) + "; expected one of: point_force, spring, spring_damper");
  return type;
}

Attachment readAttachment(const Node& node, const std::string& bodyKey, const std::string& pointKey, const Model& model,
                          const std::string& worldField, const Repetition& r) {
  Attachment attachment;
  attachment.body = findBodyReference(node[bodyKey], expand(readName(node[bodyKey]), r), model, worldField);
  if (node.has(pointKey)) attachment.point = readVector3(node[pointKey]);
  return attachment;
}

void readPointForce(const Node& node, const Model& model, const Repetition& r, ForceElement& element) {
  expectObject(node, {"name", "type", "for_each", "body", "point", "force"});
  element.b = readAttachment(node, "body", "point", model, "body_a of a spring", r);
  element.force = readVector3(node["force"]);
}

void readSpring(const Node& node, const Model& model, const Repetition& r, ForceElement& element) {
  const bool damper = element.type == ForceElementType::SpringDamper;
  if (damper)
    expectObject(node, {"name", "type", "for_each", "body_a", "point_a", "body_b", "point_b", "stiffness", "damping",
                        "rest_length"});
  else
    expectObject(node, {"name", "type", "for_each", "body_a", "point_a", "body_b", "point_b", "stiffness", "damping"});
  element.a = readAttachment(node, "body_a", "point_a", model, "", r);
  element.b = readAttachment(node, "body_b", "point_b", model, "body_a", r);
  if (element.a.body == element.b.body) node.failField("body_b", "\"body_a\" and \"body_b\" must be different bodies");
  element.stiffness = readNonNegative(node["stiffness"]);
  if (node.has("damping")) element.damping = readNonNegative(node["damping"]);
  if (damper && node.has("rest_length")) element.restLength = readNonNegative(node["rest_length"]);
}

// The distance between the attachment points at the model's initial coordinates (initial).
double initialLength(const TreeKinematics& initial, const ForceElement& element) {
  const TreeMotion motion{initial};
  return elementWrenches(element, attachmentMotion(motion, element.a), attachmentMotion(motion, element.b)).law.length;
}

ForceElement readForce(const Node& node, const Model& model, const TreeKinematics& initial, const Repetition& r) {
  ForceElement element;
  element.name = expand(readName(node["name"]), r);
  element.type = readForceType(node["type"]);
  if (element.type == ForceElementType::PointForce)
    readPointForce(node, model, r, element);
  else
    readSpring(node, model, r, element);
  if (element.type == ForceElementType::SpringDamper && !node.has("rest_length"))
    element.restLength = initialLength(initial, element);
  return element;
}

}  // namespace

void readForces(const Node& list, const TreeKinematics& initial, Model& model) {
  const std::size_t count = expectArray(list);
  std::map<std::string, std::string> seen;  // name -> pointer of its entry
  for (std::size_t i = 0; i < count; ++i) {
    const Node node = list.element(i);
    expectObject(node);
    const std::vector<Repetition> repetitions = readRepetitions(node, "force");
    checkModelSize(node, {model.bodyCount(), static_cast<long>(model.forces.size() + repetitions.size()),
                          static_cast<long>(model.muscles.size()), static_cast<long>(model.loops.size())});
    for (const Repetition& r : repetitions) {
      model.forces.push_back(readForce(node, model, initial, r));
      const auto [it, inserted] = seen.emplace(model.forces.back().name, node.fieldPointer("name"));
      if (!inserted)
        node.failField("name", "duplicate force name " + inQuotes(model.forces.back().name) +
                                   "; it is already defined at " + it->second);
    }
  }
}

}  // namespace articulab::scene_io
