#include "engine/contact/contact_islands.hpp"

#include <algorithm>

namespace articulab::contact {

ContactIslands::ContactIslands(const Model& model, int normalCapacity, int frictionContactCapacity)
    : jointParent_(model.bodyCount(), -1),
      fixed_(model.bodyCount(), 0),
      parent_(std::max(model.bodyCount(), model.nq)),
      size_(std::max(model.bodyCount(), model.nq)),
      islandOfRoot_(std::max(model.bodyCount(), model.nq)),
      rowA_(normalCapacity),
      rowB_(normalCapacity),
      islandOfRow_(normalCapacity),
      localNormal_(normalCapacity),
      normalOrder_(normalCapacity),
      normalStart_(normalCapacity + 1),
      contactOrder_(frictionContactCapacity),
      contactStart_(normalCapacity + 1) {
  for (int i = 0; i < model.bodyCount(); ++i) {  // parents precede children (depth-first order)
    const Joint& joint = model.joints[i];
    const bool parentFixed = joint.parent < 0 || fixed_[joint.parent];
    fixed_[i] = joint.type == JointType::Fixed && parentFixed;
    jointParent_[i] = fixed_[i] || parentFixed ? -1 : joint.parent;
  }
}

int ContactIslands::root(int node) {
  while (parent_[node] != node) node = parent_[node] = parent_[parent_[node]];
  return node;
}

void ContactIslands::join(int a, int b) {
  if (!movable(a) || !movable(b)) return;
  a = root(a);
  b = root(b);
  if (a == b) return;
  if (size_[a] < size_[b]) std::swap(a, b);
  parent_[b] = a;
  size_[a] += size_[b];
}

void ContactIslands::begin() {
  beginCoordinates(static_cast<int>(fixed_.size()));
  bodies_ = true;
  for (int i = 0; i < nodes_; ++i) join(i, jointParent_[i]);
}

void ContactIslands::beginCoordinates(int coordinates) {
  count_ = normals_ = 0;
  nodes_ = coordinates;
  bodies_ = false;
  for (int i = 0; i < nodes_; ++i) {
    parent_[i] = i;
    size_[i] = 1;
  }
}

int ContactIslands::islandOfNode(int node) { return movable(node) ? islandOfRoot_[root(node)] : -1; }

void ContactIslands::addNormalRow(int bodyA, int bodyB) {
  rowA_[normals_] = bodyA;
  rowB_[normals_] = bodyB;
  ++normals_;
  join(bodyA, bodyB);
}

void ContactIslands::group(const std::vector<FrictionRows>& contacts, int contactCount) {
  std::fill(islandOfRoot_.begin(), islandOfRoot_.begin() + nodes_, -1);
  for (int r = 0; r < normals_; ++r) {  // islands numbered in the order of their first row
    const int a = movable(rowA_[r]) ? rowA_[r] : rowB_[r];
    if (!movable(a)) {
      islandOfRow_[r] = count_++;
      continue;
    }
    int& island = islandOfRoot_[root(a)];
    if (island < 0) island = count_++;
    islandOfRow_[r] = island;
  }
  // Counting sort of the rows and contacts by island (stable: equalities stay first).
  std::fill(normalStart_.begin(), normalStart_.begin() + count_ + 1, 0);
  std::fill(contactStart_.begin(), contactStart_.begin() + count_ + 1, 0);
  for (int r = 0; r < normals_; ++r) ++normalStart_[islandOfRow_[r] + 1];
  for (int c = 0; c < contactCount; ++c) ++contactStart_[islandOfRow_[contacts[c].normal] + 1];
  for (int s = 0; s < count_; ++s) {
    normalStart_[s + 1] += normalStart_[s];
    contactStart_[s + 1] += contactStart_[s];
  }
  for (int r = 0; r < normals_; ++r) {
    const int s = islandOfRow_[r];
    const int at = normalStart_[s]++;
    normalOrder_[at] = r;
  }
  for (int c = 0; c < contactCount; ++c) contactOrder_[contactStart_[islandOfRow_[contacts[c].normal]]++] = c;
  for (int s = count_; s > 0; --s) {  // the increments moved every start to the next island's
    normalStart_[s] = normalStart_[s - 1];
    contactStart_[s] = contactStart_[s - 1];
  }
  normalStart_[0] = contactStart_[0] = 0;
  for (int s = 0; s < count_; ++s)
    for (int j = 0; j < normalCount(s); ++j) localNormal_[normalRows(s)[j]] = j;
}

}  // namespace articulab::contact
