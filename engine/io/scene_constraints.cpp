#include "engine/io/scene_constraints.hpp"

#include <map>

#include "engine/algorithm/kinematics.hpp"
#include "engine/io/scene_body_reference.hpp"

namespace articulab::scene_io {

namespace {

LoopType readLoopType(const Node& node) {
  const std::string name = readString(node);
  for (LoopType type : {LoopType::Point, LoopType::Hinge, LoopType::Weld})
    if (name == loopTypeName(type)) return type;
  node.fail("unknown constraint type " + inQuotes(name) + "; expected one of: point, hinge, weld");
}

// "position_a": "initial": the point position_b of body B where the scene's initial state puts
// it, in A's frame (the world's for "world"), so that the closure holds at the start whatever
// the parameters (a chain's tip pinned where it starts).
bool anchorsAtInitialPoint(const Node& node) {
  if (!node.has("position_a") || !node["position_a"].json().is_string()) return false;
  if (readString(node["position_a"]) != "initial")
    node.failField("position_a", "expected [x, y, z] or \"initial\" (where position_b of body_b starts)");
  return true;
}

Vector3 initialPointInA(const TreeKinematics& initial, const LoopConstraint& loop) {
  const auto& b = initial.bodies[loop.bodyB];
  const Vector3 world = b.p_0i + b.R_0i * loop.E_bB.block<3, 1>(0, 3);
  if (loop.bodyA < 0) return world;
  const auto& a = initial.bodies[loop.bodyA];
  return a.R_0i.transpose() * (world - a.p_0i);
}

LoopConstraint readConstraint(const Node& node, const Model& model, const TreeKinematics& initial) {
  expectObject(node,
               {"name", "type", "body_a", "body_b", "position_a", "rotation_a", "position_b", "rotation_b", "axis"});
  LoopConstraint loop;
  loop.name = readName(node["name"]);
  loop.type = readLoopType(node["type"]);
  loop.bodyA = readBodyReference(node["body_a"], model, "");
  loop.bodyB = readBodyReference(node["body_b"], model, "body_a");
  if (loop.bodyA == loop.bodyB) node.failField("body_b", "\"body_a\" and \"body_b\" must be different bodies");
  loop.E_bB = readPose(node, "position_b", "rotation_b");
  if (anchorsAtInitialPoint(node)) {
    loop.E_aA = readPose(node, "", "rotation_a");
    loop.E_aA.block<3, 1>(0, 3) = initialPointInA(initial, loop);
  } else {
    loop.E_aA = readPose(node, "position_a", "rotation_a");
  }
  if (loop.type == LoopType::Hinge)
    loop.axis = readAxis(node["axis"]);
  else if (node.has("axis"))
    node.failField("axis", "\"axis\" applies only to hinge constraints");
  return loop;
}

}  // namespace

void readConstraints(const Node& list, const TreeKinematics& initial, Model& model) {
  const std::size_t count = expectArray(list);
  std::map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < count; ++i) {
    const Node node = list.element(i);
    model.loops.push_back(readConstraint(node, model, initial));
    const auto [it, inserted] = seen.emplace(model.loops.back().name, i);
    if (!inserted)
      node.failField("name", "duplicate constraint name " + inQuotes(model.loops.back().name) +
                                 "; it is already defined at " + list.element(it->second).fieldPointer("name"));
  }
}

}  // namespace articulab::scene_io
