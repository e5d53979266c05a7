#include "engine/io/scene_tree.hpp"

#include <algorithm>
#include <unordered_map>

#include "engine/io/scene_loader.hpp"

namespace articulab::scene_io {

namespace {

constexpr int kWorld = -1;

// Declaration indices of each joint's parent and child body, and each body's joint.
struct TreeLinks {
  std::vector<int> parentBody, childBody;  // per joint
  std::vector<int> jointOfBody;            // per body, -1 if none
};

class TreeBuilder {
 public:
  TreeBuilder(const std::string& file, std::vector<BodySpec>& bodies, std::vector<JointSpec>& joints)
      : file_(file), bodies_(bodies), joints_(joints) {}

  // Moves the bodies and joints into the model.
  void build(Model& model) {
    indexBodies();
    checkJointNames();
    linkJoints();
    checkEveryBodyHasJoint();
    const std::vector<int> order = depthFirstOrder();
    if (order.size() != bodies_.size()) reportCycle(order);
    store(order, model);
  }

 private:
  [[noreturn]] void fail(const std::string& pointer, const std::string& message) const {
    throw SceneError(file_, pointer, message);
  }

  void indexBodies() {
    bodyIndex_.reserve(bodies_.size());
    for (int i = 0; i < static_cast<int>(bodies_.size()); ++i) {
      const BodySpec& spec = bodies_[i];
      if (spec.body.name == "world")
        fail(spec.namePointer, "\"world\" names the fixed world frame; choose another body name");
      const auto [it, inserted] = bodyIndex_.emplace(spec.body.name, i);
      if (!inserted)
        fail(spec.namePointer, "duplicate body name " + inQuotes(spec.body.name) + "; it is already defined at " +
                                   bodies_[it->second].namePointer);
      bodyNames_.push_back(spec.body.name);
    }
  }

  void checkJointNames() const {
    std::unordered_map<std::string, int> seen;
    seen.reserve(joints_.size());
    for (int j = 0; j < static_cast<int>(joints_.size()); ++j) {
      const auto [it, inserted] = seen.emplace(joints_[j].joint.name, j);
      if (!inserted)
        fail(joints_[j].namePointer, "duplicate joint name " + inQuotes(joints_[j].joint.name) +
                                         "; it is already defined at " + joints_[it->second].namePointer);
    }
  }

  int findBody(const std::string& name) const {
    const auto it = bodyIndex_.find(name);
    return it == bodyIndex_.end() ? kWorld - 1 : it->second;
  }

  int childOf(const JointSpec& spec) const {
    if (spec.childName == "world") fail(spec.childPointer, "\"world\" cannot be a joint's child; expected a body name");
    const int child = findBody(spec.childName);
    if (child < 0)
      fail(spec.childPointer, "unknown body " + inQuotes(spec.childName) + suggestion(spec.childName, bodyNames_) +
                                  "; expected one of the bodies: " + listNames(bodyNames_));
    return child;
  }

  int parentOf(const JointSpec& spec, int child) const {
    if (spec.parentName == "world") return kWorld;
    const int parent = findBody(spec.parentName);
    if (parent < 0)
      fail(spec.parentPointer, "unknown parent " + inQuotes(spec.parentName) + suggestion(spec.parentName, bodyNames_) +
                                   "; expected \"world\" or one of the bodies: " + listNames(bodyNames_));
    if (parent == child)
      fail(spec.parentPointer, "the joint connects body " + inQuotes(spec.parentName) + " to itself");
    return parent;
  }

  void linkJoints() {
    links_.jointOfBody.assign(bodies_.size(), -1);
    for (int j = 0; j < static_cast<int>(joints_.size()); ++j) {
      const JointSpec& spec = joints_[j];
      const int child = childOf(spec);
      const int parent = parentOf(spec, child);
      const int previous = links_.jointOfBody[child];
      if (previous >= 0)
        fail(spec.childPointer, "body " + inQuotes(spec.childName) + " is already the child of joint " +
                                    inQuotes(joints_[previous].joint.name) + " (" + joints_[previous].pointer +
                                    "); each body has exactly one parent joint, so close kinematic loops with "
                                    "an entry in \"constraints\"");
      links_.jointOfBody[child] = j;
      links_.childBody.push_back(child);
      links_.parentBody.push_back(parent);
    }
  }

  void checkEveryBodyHasJoint() const {
    for (std::size_t b = 0; b < bodies_.size(); ++b)
      if (links_.jointOfBody[b] < 0)
        fail(bodies_[b].pointer, "body " + inQuotes(bodies_[b].body.name) + " has no joint; add a joint with " +
                                     "\"child\": " + inQuotes(bodies_[b].body.name) +
                                     " (type \"fixed\" welds it to its parent, \"free3d\" lets it move freely)");
  }

  // Joint indices in depth-first pre-order from the world; siblings keep declaration order.
  std::vector<int> depthFirstOrder() const {
    std::vector<std::vector<int>> children(bodies_.size() + 1);  // slot 0 is the world
    for (int j = 0; j < static_cast<int>(joints_.size()); ++j) children[links_.parentBody[j] + 1].push_back(j);
    std::vector<int> order, stack(children[0].rbegin(), children[0].rend());
    while (!stack.empty()) {
      const int j = stack.back();
      stack.pop_back();
      order.push_back(j);
      const std::vector<int>& next = children[links_.childBody[j] + 1];
      stack.insert(stack.end(), next.rbegin(), next.rend());
    }
    return order;
  }

  // Some bodies were not reached from the world: following their parents must loop.
  [[noreturn]] void reportCycle(const std::vector<int>& order) const {
    std::vector<bool> reached(bodies_.size(), false);
    for (int j : order) reached[links_.childBody[j]] = true;
    int body = static_cast<int>(std::find(reached.begin(), reached.end(), false) - reached.begin());
    std::vector<int> path, positionInPath(bodies_.size(), -1);
    while (positionInPath[body] < 0) {
      positionInPath[body] = static_cast<int>(path.size());
      path.push_back(body);
      body = links_.parentBody[links_.jointOfBody[body]];
    }
    const std::vector<int> cycle(path.begin() + positionInPath[body], path.end());
    fail(joints_[links_.jointOfBody[body]].parentPointer,
         "the joints form a cycle (" + describeCycle(cycle) +
             ", each arrow from a body to its parent) that never reaches \"world\"; the joint tree must hang from "
             "\"world\", and loops are closed with \"constraints\"");
  }

  // "a -> b -> c -> a", shortened for long cycles.
  std::string describeCycle(const std::vector<int>& cycle) const {
    constexpr std::size_t kShown = 8;
    std::string text;
    for (std::size_t k = 0; k < cycle.size() && k < kShown; ++k) text += bodies_[cycle[k]].body.name + " -> ";
    if (cycle.size() > kShown) text += "... (" + std::to_string(cycle.size()) + " bodies) -> ";
    return text + bodies_[cycle.front()].body.name;
  }

  void store(const std::vector<int>& order, Model& model) {
    std::vector<int> newIndex(bodies_.size());
    for (int i = 0; i < static_cast<int>(order.size()); ++i) newIndex[links_.childBody[order[i]]] = i;
    int nq = 0;
    for (int j : order) nq += joints_[j].joint.nq;
    model.q0 = VectorX::Zero(nq);
    model.qd0 = VectorX::Zero(nq);
    model.bodies.reserve(order.size());
    model.joints.reserve(order.size());
    int q = 0;
    for (int i = 0; i < static_cast<int>(order.size()); ++i) {
      JointSpec& spec = joints_[order[i]];
      model.bodies.push_back(std::move(bodies_[links_.childBody[order[i]]].body));
      Joint& joint = model.joints.emplace_back(std::move(spec.joint));
      joint.parent = links_.parentBody[order[i]] == kWorld ? kWorld : newIndex[links_.parentBody[order[i]]];
      joint.child = i;
      model.q0.segment(q, joint.nq) = spec.q0;
      model.qd0.segment(q, joint.nq) = spec.qd0;
      q += joint.nq;
    }
  }

  const std::string& file_;
  std::vector<BodySpec>& bodies_;
  std::vector<JointSpec>& joints_;
  std::unordered_map<std::string, int> bodyIndex_;
  std::vector<std::string> bodyNames_;
  TreeLinks links_;
};

}  // namespace

void assembleTree(const std::string& file, std::vector<BodySpec>&& bodies, std::vector<JointSpec>&& joints,
                  Model& model) {
  TreeBuilder(file, bodies, joints).build(model);
}

}  // namespace articulab::scene_io
