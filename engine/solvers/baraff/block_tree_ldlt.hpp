// The sparse KKT matrix H of the primary constraints and its O(n) block LDL^T factor
// (Baraff 1996, sections 6-7 and appendix A):
//   H = [ M  G^T ]      one node per body (6 x 6 block M_i) and one per joint with rows
//       [ G   0  ]      (its rows x rows zero block); G links joint i to bodies i and p.
// The graph of H is the joint tree with a constraint node on every edge. Nodes are eliminated
// children first (the reverse of the model's depth-first order, with a joint's node after its
// child body), so the factor has no fill-in and every block is at most 6 x 6.
#pragma once

#include <Eigen/Cholesky>
#include <string>
#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/solvers/baraff/constraint_system.hpp"

namespace articulab::baraff {

using NodeMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;
using NodeVector = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, 6, 1>;

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
    int index = 0;     // body or joint index
    int parent = -1;   // node index of the parent, -1 for a root
    int dim = 6;
    NodeMatrix D, Dinv;
    NodeMatrix L;      // H(parent, this): dim(parent) x dim
    NodeMatrix U;      // Dinv L^T after factoring: dim x dim(parent)
    NodeVector x;      // right-hand side, then solution
  };
  std::vector<Node> nodes_;  // in elimination order: children before parents
  std::vector<int> bodyNode_, jointNode_;
  std::string failure_;
};

}  // namespace articulab::baraff
