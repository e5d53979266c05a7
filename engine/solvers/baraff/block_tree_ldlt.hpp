// The sparse KKT matrix H of the primary constraints and its O(n) block LDL^T factor
// (Baraff 1996, sections 6-7 and appendix A):
//   H = [ M  G^T ]      one node per body (6 x 6 block M_i) and one per joint with rows
//       [ G   0  ]      (its rows x rows zero block); G links joint i to bodies i and p.
// The graph of H is the joint tree with a constraint node on every edge. Nodes are eliminated
// children first (the reverse of the model's depth-first order, with a joint's node after its
// child body), so the factor has no fill-in and every block is at most 6 x 6.
// Every block is stored as a fixed 6 x 6 matrix: a joint with r < 6 rows is padded with
// 6 - r decoupled rows whose diagonal is -1 and whose right-hand side and solution are zero.
#pragma once

#include <string>
#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/solvers/baraff/constraint_system.hpp"

namespace articulab::baraff {

class BlockTreeLDLT {
 public:
  explicit BlockTreeLDLT(const Model& model = Model{});
  // Factors H for the rows in the system; false (with failure() naming the joint) when a
  // pivot block is singular, which means dependent rows.
  bool factor(const Model& model, const ConstraintSystem& system);
  // Solves H [a; y] = [F; r] for accelerations a (per body) and multipliers lambda = -y
  // (per joint), so that M a = F + G^T lambda and G a = r; F is bodyRhs, r is
  // system.primary[i].rhs when withRowRhs, else zero (sparsesolve).
  void solve(const ConstraintSystem& system, const std::vector<Vector6>& bodyRhs, bool withRowRhs,
             std::vector<Vector6>& a, std::vector<RowVector>& lambda);
  const std::string& failure() const { return failure_; }

 private:
  struct Node {
    bool isBody = true;
    int index = 0;    // body or joint index
    int parent = -1;  // node index of the parent, -1 for a root
    int rows = 6;     // rows of a joint node that are not padding
    // Body: D accumulated while the children are eliminated, then D^-1. Joint: the same for
    // -D (positive definite), then (-D)^-1.
    Matrix6 inverse;
    Matrix6 U;        // D^-1 L^T, L = H(parent, this)
    Vector6 x;        // right-hand side, then solution
  };
  std::vector<Node> nodes_;  // in elimination order: children before parents
  std::string failure_;
};

}  // namespace articulab::baraff
