#include "engine/io/scene_tree.hpp"

#include <algorithm>
#include <string_view>
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
  TreeBuilder(const std::string& file, DeclaredTree& declared, Model& model)
      : file_(file), sources_(declared.sources), links_(declared.links), bodies_(model.bodies), joints_(model.joints) {}

  // Orders the model's bodies and joints.
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
      const std::string& name = bodies_[i].name;
      if (name == "world")
        fail(sources_[i].namePointer(), "\"world\" names the fixed world frame; choose another body name");
      const auto [it, inserted] = bodyIndex_.emplace(name, i);
      if (!inserted)
        fail(sources_[i].namePointer(), "duplicate body name " + inQuotes(name) + "; it is already defined at " +
                                          sources_[it->second].namePointer());
    }
  }

  // The body names in declaration order, for the messages about an unknown body.
  std::vector<std::string> bodyNames() const {
    std::vector<std::string> names;
    names.reserve(bodies_.size());
    for (const Body& body : bodies_) names.push_back(body.name);
    return names;
  }

  void checkJointNames() const {
    std::unordered_map<std::string_view, int> seen;
    seen.reserve(joints_.size());
    for (int j = 0; j < static_cast<int>(joints_.size()); ++j) {
      const auto [it, inserted] = seen.emplace(joints_[j].name, j);
      if (!inserted)
        fail(links_[j].namePointer(), "duplicate joint name " + inQuotes(joints_[j].name) +
                                        "; it is already defined at " + links_[it->second].namePointer());
    }
  }

  int findBody(const std::string& name) const {
    const auto it = bodyIndex_.find(name);
    return it == bodyIndex_.end() ? kWorld - 1 : it->second;
  }

  int childOf(const JointLink& link) const {
    if (link.childName == "world") fail(link.childPointer(), "\"world\" cannot be a joint's child; expected a body name");
    const int child = findBody(link.childName);
    if (child < 0) {
      const std::vector<std::string> names = bodyNames();
      fail(link.childPointer(), "unknown body " + inQuotes(link.childName) + suggestion(link.childName, names) +
                                  "; expected one of the bodies: " + listNames(names));
    }
    return child;
  }

  int parentOf(const JointLink& link, int child) const {
    if (link.parentName == "world") return kWorld;
    const int parent = findBody(link.parentName);
    if (parent < 0) {
      const std::vector<std::string> names = bodyNames();
      fail(link.parentPointer(), "unknown parent " + inQuotes(link.parentName) + suggestion(link.parentName, names) +
                                   "; expected \"world\" or one of the bodies: " + listNames(names));
    }
    if (parent == child)
      fail(link.parentPointer(), "the joint connects body " + inQuotes(link.parentName) + " to itself");
    return parent;
  }

  void linkJoints() {
    tree_.jointOfBody.assign(bodies_.size(), -1);
    tree_.childBody.reserve(joints_.size());
    tree_.parentBody.reserve(joints_.size());
    for (int j = 0; j < static_cast<int>(joints_.size()); ++j) {
      const JointLink& link = links_[j];
      const int child = childOf(link);
      const int parent = parentOf(link, child);
      const int previous = tree_.jointOfBody[child];
      if (previous >= 0)
        fail(link.childPointer(), "body " + inQuotes(link.childName) + " is already the child of joint " +
                                    inQuotes(joints_[previous].name) + " (" + links_[previous].pointer +
                                    "); each body has exactly one parent joint, so close kinematic loops with "
                                    "an entry in \"constraints\"");
      tree_.jointOfBody[child] = j;
      tree_.childBody.push_back(child);
      tree_.parentBody.push_back(parent);
    }
  }

  void checkEveryBodyHasJoint() const {
    for (std::size_t b = 0; b < bodies_.size(); ++b)
      if (tree_.jointOfBody[b] < 0)
        fail(sources_[b].pointer(), "body " + inQuotes(bodies_[b].name) + " has no joint; add a joint with " +
                                      "\"child\": " + inQuotes(bodies_[b].name) +
                                      " (type \"fixed\" welds it to its parent, \"free3d\" lets it move freely)");
  }

  // Joint indices in depth-first pre-order from the world; siblings keep declaration order. The
  // joints hanging from body b (slot b + 1; slot 0 is the world) are children[first[b + 1] ..
  // first[b + 2]), in declaration order: two arrays, not one list per body.
  std::vector<int> depthFirstOrder() const {
    const int jointCount = static_cast<int>(joints_.size());
    std::vector<int> first(bodies_.size() + 2, 0), children(joints_.size());
    for (int j = 0; j < jointCount; ++j) ++first[tree_.parentBody[j] + 2];
    for (std::size_t slot = 1; slot < first.size(); ++slot) first[slot] += first[slot - 1];
    std::vector<int> filled(first.begin(), first.end() - 1);
    for (int j = 0; j < jointCount; ++j) children[filled[tree_.parentBody[j] + 1]++] = j;
    const auto pushChildren = [&](int slot, std::vector<int>& stack) {
      for (int k = first[slot + 1] - 1; k >= first[slot]; --k) stack.push_back(children[k]);
    };
    std::vector<int> order, stack;
    order.reserve(joints_.size());
    pushChildren(0, stack);
    while (!stack.empty()) {
      const int j = stack.back();
      stack.pop_back();
      order.push_back(j);
      pushChildren(tree_.childBody[j] + 1, stack);
    }
    return order;
  }

  // Some bodies were not reached from the world: following their parents must loop.
  [[noreturn]] void reportCycle(const std::vector<int>& order) const {
    std::vector<bool> reached(bodies_.size(), false);
    for (int j : order) reached[tree_.childBody[j]] = true;
    int body = static_cast<int>(std::find(reached.begin(), reached.end(), false) - reached.begin());
    std::vector<int> path, positionInPath(bodies_.size(), -1);
    while (positionInPath[body] < 0) {
      positionInPath[body] = static_cast<int>(path.size());
      path.push_back(body);
      body = tree_.parentBody[tree_.jointOfBody[body]];
    }
    const std::vector<int> cycle(path.begin() + positionInPath[body], path.end());
    fail(links_[tree_.jointOfBody[body]].parentPointer(),
         "the joints form a cycle (" + describeCycle(cycle) +
             ", each arrow from a body to its parent) that never reaches \"world\"; the joint tree must hang from "
             "\"world\", and loops are closed with \"constraints\"");
  }

  // "a -> b -> c -> a", shortened for long cycles.
  std::string describeCycle(const std::vector<int>& cycle) const {
    constexpr std::size_t kShown = 8;
    std::string text;
    for (std::size_t k = 0; k < cycle.size() && k < kShown; ++k) text += bodies_[cycle[k]].name + " -> ";
    if (cycle.size() > kShown) text += "... (" + std::to_string(cycle.size()) + " bodies) -> ";
    return text + bodies_[cycle.front()].name;
  }

  // Whether joint i of the order is joint i as declared, with body i as its child.
  bool declaredInOrder(const std::vector<int>& order) const {
    for (int i = 0; i < static_cast<int>(order.size()); ++i)
      if (order[i] != i || tree_.childBody[i] != i) return false;
    return true;
  }

  // Moves the bodies and joints into depth-first order (unless declared so) and fills the indices,
  // q0 and qd0.
  void store(const std::vector<int>& order, Model& model) {
    if (!declaredInOrder(order)) {
      std::vector<Body> bodies;
      std::vector<Joint> joints;
      bodies.reserve(order.size());
      joints.reserve(order.size());
      for (int j : order) {
        bodies.push_back(std::move(bodies_[tree_.childBody[j]]));
        joints.push_back(std::move(joints_[j]));
      }
      bodies_.swap(bodies);
      joints_.swap(joints);
    }
    std::vector<int> newIndex(order.size());
    for (int i = 0; i < static_cast<int>(order.size()); ++i) newIndex[tree_.childBody[order[i]]] = i;
    int nq = 0;
    for (const Joint& joint : joints_) nq += joint.nq;
    model.q0 = VectorX::Zero(nq);
    model.qd0 = VectorX::Zero(nq);
    int q = 0;
    for (int i = 0; i < static_cast<int>(order.size()); ++i) {
      const JointLink& link = links_[order[i]];
      Joint& joint = joints_[i];
      joint.parent = tree_.parentBody[order[i]] == kWorld ? kWorld : newIndex[tree_.parentBody[order[i]]];
      joint.child = i;
      model.q0.segment(q, joint.nq) = link.q0;
      model.qd0.segment(q, joint.nq) = link.qd0;
      q += joint.nq;
    }
  }

  const std::string& file_;
  const std::vector<BodySource>& sources_;
  const std::vector<JointLink>& links_;
  std::vector<Body>& bodies_;
  std::vector<Joint>& joints_;
  // Views of the bodies' names, which stay in place until store() orders the bodies.
  std::unordered_map<std::string_view, int> bodyIndex_;
  TreeLinks tree_;
};

}  // namespace

void assembleTree(const std::string& file, DeclaredTree&& declared, Model& model) {
  TreeBuilder(file, declared, model).build(model);
}

}  // namespace articulab::scene_io
