// Non-symmetric block LDU of a matrix whose block pattern is a tree (bruedigam-manchester
// sec 4.2, Alg 3-4): nodes are numbered so that every node comes before its parent (leaves to
// root), so the elimination makes no fill-in and costs O(n). Every block is a 6 x 6 matrix; a
// node with r < 6 unknowns is padded with identity on its diagonal and zero couplings.
//   D[i]: diagonal block of node i;  A[i] = F(parent, i);  B[i] = F(i, parent).
// factor():  for i in order:  Dinv_i = D_i^-1,  L_i = A_i Dinv_i,  U_i = Dinv_i B_i,
//                             D_parent -= A_i Dinv_i B_i                        (Alg 3)
// solve():   for i in order:  y_parent -= L_i y_i;  for i in reverse:  x_i = Dinv_i y_i - U_i x_parent  (Alg 4)
#pragma once

#include <vector>

#include "engine/spatial/types.hpp"

namespace articulab::variational {

class BlockTreeLdu {
 public:
  // parent[i] > i, or -1 for a root.
  void resize(const std::vector<int>& parent);
  int nodeCount() const { return static_cast<int>(parent_.size()); }
  Matrix6& D(int i) { return D_[i]; }
  Matrix6& A(int i) { return A_[i]; }
  Matrix6& B(int i) { return B_[i]; }
  int parent(int i) const { return parent_[i]; }
  // False when a pivot block is singular.
  bool factor();
  // x = F^-1 y in place, one Vector6 per node.
  void solve(std::vector<Vector6>& x) const;

 private:
  std::vector<int> parent_;
  std::vector<Matrix6> D_, A_, B_, Dinv_, L_, U_;
};

}  // namespace articulab::variational
