#include "engine/io/scene_constraints.hpp"

#include <map>

#include "engine/io/scene_body_reference.hpp"

namespace articulab::scene_io {

namespace {

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
  loop.bodyA = readBodyReference(node["body_a"], model, "");
  loop.bodyB = readBodyReference(node["body_b"], model, "body_a");
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
