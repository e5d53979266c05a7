// Scene "chains" entries: n identical links, each hanging from the previous one.
#pragma once

#include <vector>

#include "engine/io/scene_bodies.hpp"
#include "engine/io/scene_joints.hpp"
#include "engine/io/scene_tree.hpp"

namespace articulab::scene_io {

constexpr int kMaxChainLinks = 100000;

// Appends bodies NAME0..NAME{n-1} and joints NAME0_joint..NAME{n-1}_joint to the model (and their
// sources and links to declared). Joint 0 hangs from
// "parent" at "position"; joint k+1 sits at "spacing" in link k's body frame.
void expandChain(const Node& node, Model& model, DeclaredTree& declared);
// Checks the model's size with every chain's "count" added to `bodiesBefore`, before any chain
// is expanded: ten chains of 100000 are refused at once, not after two of them are built.
void checkChainCounts(const Node& list, long bodiesBefore);

}  // namespace articulab::scene_io
