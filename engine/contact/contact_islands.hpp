// Contact islands (issue 15): the connected components of the graph whose nodes are the movable
// bodies and whose edges are the tree joints and the rows of the contact problem (loop closures,
// joint limits, contacts). The ground (body -1) and the bodies welded to it (a chain of fixed
// joints down to the world) move with no force, so they connect nothing. Rows of different
// islands act on bodies that no joint couples, so M^-1 (anticipating the joints) has no block
// between them and the Delassus matrix A = J M^-1 J^T of staggered projections is block diagonal
// over the islands: each island is an SP problem of its own (island_staggered_projections.hpp).
// The reduced-coordinate back-ends group by joint coordinates instead (beginCoordinates): a row
// joins the coordinates its row of R and its response column of Y touch (nonzero entries), so
// whatever couples them in K (trees, loops kept by K, springs of an implicit step) couples the
// rows; an entry that is zero by accident splits only rows whose block of A = R Y is zero.
// Union-find with path halving and union by size (Tarjan 1975); no allocation after
// construction.
#pragma once

#include <vector>

#include "engine/contact/staggered_projections.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::contact {

class ContactIslands {
 public:
  // Capacities: the most normal rows (equalities and unilateral rows) and frictional contacts.
  explicit ContactIslands(const Model& model = Model{}, int normalCapacity = 0, int frictionContactCapacity = 0);

  // Every movable body apart, then joined to its parent by its tree joint.
  void begin();
  // Every joint coordinate apart (nodes are coordinates, none fixed; nq of the model at most).
  void beginCoordinates(int coordinates);
  // Puts two nodes (bodies or coordinates; -1 and fixed bodies ignored) in one island.
  void join(int a, int b);
  // The next normal row (in the order of the problem's rows) on nodes a and b (-1: none).
  void addNormalRow(int bodyA, int bodyB);
  // Labels the islands once every normal row was added; the frictional contacts go to the island
  // of their normal row. A row on no movable body is an island of its own.
  void group(const std::vector<FrictionRows>& contacts, int contactCount);

  int count() const { return count_; }
  // Island s's normal rows (increasing) and frictional contacts (indices into contacts).
  const int* normalRows(int s) const { return normalOrder_.data() + normalStart_[s]; }
  int normalCount(int s) const { return normalStart_[s + 1] - normalStart_[s]; }
  const int* frictionContacts(int s) const { return contactOrder_.data() + contactStart_[s]; }
  int frictionContactCount(int s) const { return contactStart_[s + 1] - contactStart_[s]; }
  // A normal row's index among its island's normal rows.
  int localNormal(int row) const { return localNormal_[row]; }
  // The island of a node after group(): -1 when no row of the step touches its island.
  int islandOfNode(int node);

 private:
  int root(int node);
  bool movable(int node) const { return node >= 0 && !(bodies_ && fixed_[node]); }

  int count_ = 0, normals_ = 0, nodes_ = 0;
  bool bodies_ = true;  // nodes are bodies (begin) or coordinates (beginCoordinates)
  std::vector<int> jointParent_;  // -1: the world or a fixed body
  std::vector<char> fixed_;       // welded to the world
  std::vector<int> parent_, size_, islandOfRoot_;
  std::vector<int> rowA_, rowB_, islandOfRow_, localNormal_;
  std::vector<int> normalOrder_, normalStart_, contactOrder_, contactStart_;
};

}  // namespace articulab::contact
