#include "engine/io/scene_constraints.hpp"

#include <map>

namespace articulab::scene_io {

namespace {

std::vector<std::string> bodyNames(const Model& model) {
  std::vector<std::string> names;
  for (const Body& body : model.bodies) names.push_back(body.name);
  return names;
}

// A body index, or -1 for "world" when allowWorld.
int readBodyReference(const Node& node, const Model& model, bool allowWorld) {
  const std::string name = readName(node);
  if (name == "world") {
    if (allowWorld) return -1;
    node.fail("\"world\" is allowed only as \"body_a\"; expected a body name here");
  }
  const int index = model.findBody(name);
  if (index < 0) {
    const std::vector<std::string> names = bodyNames(model);
    node.fail("unknown body " + inQuotes(name) + suggestion(name, names) + "; expected " +
              (allowWorld ? "\"world\" or " : "") + "one of the bodies: " + listNames(names));
  }
  return index;
}

LoopType readLoopType(const Node& node) {
  const std::string name = readString(node);
  for (LoopType type : {LoopType::Point, LoopType::Hinge})
    if (name == loopTypeName(type)) return type;
  node.fail("unknown constraint type " + inQuotes(name) + "; expected one of: point, hinge");
}

LoopConstraint readConstraint(const Node& node, const Model& model) {
  expectObject(node,
               {"name", "type", "body_a", "body_b", "position_a", "rotation_a", "position_b", "rotation_b", "axis"});
  LoopConstraint loop;
  loop.name = readName(node["name"]);
  loop.type = readLoopType(node["type"]);
  loop.bodyA = readBodyReference(node["body_a"], model, true);
  loop.bodyB = readBodyReference(node["body_b"], model, false);
  if (loop.bodyA == loop.bodyB) node.failField("body_b", "\"body_a\" and \"body_b\" must be different bodies");
  loop.E_aA = readPose(node, "position_a", "rotation_a");
  loop.E_bB = readPose(node, "position_b", "rotation_b");
  if (loop.type == LoopType::Hinge)
    loop.axis = readAxis(node["axis"]);
  else if (node.has("axis"))
    node.failField("axis", "\"axis\" applies only to hinge constraints");
  return loop;
}

}  // namespace

void readConstraints(const Node& list, Model& model) {
  const std::size_t count = expectArray(list);
  std::map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < count; ++i) {
    const Node node = list.element(i);
    model.loops.push_back(readConstraint(node, model));
    const auto [it, inserted] = seen.emplace(model.loops.back().name, i);
    if (!inserted)
      node.failField("name", "duplicate constraint name " + inQuotes(model.loops.back().name) +
                                 "; it is already defined at " + list.element(it->second).fieldPointer("name"));
  }
}

}  // namespace articulab::scene_io
