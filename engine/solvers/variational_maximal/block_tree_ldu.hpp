// Non-symmetric block LDU of a matrix whose block pattern is a tree (bruedigam-manchester
// sec 4.2, Alg 3-4): nodes are numbered so that every node comes before its parent (leaves to
// root), so the elimination makes no fill-in and costs O(n). Node i has s_i unknowns (1..6: a
// body 6, a joint its constraint rows, the paper's smaller blocks for fewer rows); every block is
// stored in a 6 x 6 matrix of which only the top-left corner of the node's sizes is read, and
// each node is eliminated by a kernel compiled for its (s_i, s_parent), chosen once in resize().
//   D[i]: diagonal block of node i (s_i x s_i);  A[i] = F(parent, i) (s_p x s_i);
//   B[i] = F(i, parent) (s_i x s_p).
// factor():  for i in order:  Dinv_i = D_i^-1,  L_i = A_i Dinv_i,  D_parent -= L_i B_i    (Alg 3)
// solve():   for i in order:  y_parent -= L_i y_i;
//            for i in reverse:  x_i = Dinv_i (y_i - B_i x_parent)                       (Alg 4)
// (Alg 3's U_i = Dinv_i B_i is not formed: the back substitution above costs the same without it.)
#pragma once

#include <vector>

#include "engine/spatial/types.hpp"

namespace articulab::variational {

class BlockTreeLdu {
 public:
  // parent[i] > i, or -1 for a root; size[i] in 1..6, the unknowns of node i.
  void resize(const std::vector<int>& parent, const std::vector<int>& size);
  int nodeCount() const { return static_cast<int>(parent_.size()); }
  int size(int i) const { return size_[i]; }
  Matrix6& D(int i) { return D_[i]; }
  Matrix6& A(int i) { return A_[i]; }
  Matrix6& B(int i) { return B_[i]; }
  int parent(int i) const { return parent_[i]; }
  // False when a pivot block is singular.
  bool factor();
  // x = F^-1 y in place, one Vector6 per node (entries past a node's size are left as they are).
  void solve(std::vector<Vector6>& x) const;

  // One node's elimination and its two substitution steps, compiled per (size, parent size).
  struct Kernels {
    bool (*factor)(Matrix6& D, const Matrix6& A, const Matrix6& B, Matrix6& Dinv, Matrix6& L, Matrix6* Dparent);
    void (*forward)(const Matrix6& L, const Vector6& y, Vector6& yParent);
    void (*backward)(const Matrix6& Dinv, const Matrix6& B, const Vector6* xParent, Vector6& x);
  };

 private:
  std::vector<int> parent_, size_;
  std::vector<const Kernels*> kernels_;
  std::vector<Matrix6> D_, A_, B_, Dinv_, L_;
};

}  // namespace articulab::variational
