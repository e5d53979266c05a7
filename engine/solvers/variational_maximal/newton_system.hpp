// The Newton system F ds = f of the variational step (bruedigam-manchester eq 36-39),
//   F = [ D_{v,w}    -G_{x,q}^T ]      unknowns: per body u = (omega; v), per constraint the
//       [ G_{v,w}        0      ]      impulses Lambda;
// D block diagonal over the bodies (delJacobian), G_{x,q} the constraint Jacobians at the
// configuration the step starts from (where the impulses act), G_{v,w} those of g at the new
// configuration by the chain rule through eq 27 and 32. Solved by the block LDU of the tree
// (block_tree_ldu: children first, each joint's node after its child body, O(n)) with the loop
// closures stacked in one dense last node (sec 4.3): its pivot is the Schur complement
// S = -G'_loop T^-1 G_loop^T, formed with one tree solve per loop row (O(kn)), factored by
// full-pivot LU so that redundant loop rows (a planar four-bar's out-of-plane row) carry no
// impulse. `dense()` assembles F for the dense LU oracle of the tests; with setDenseLu(true) the
// system is instead factored as a whole by the same full-pivot LU, O(N^3) per factor for N
// unknowns (the dense Newton of the paper's Fig 4c, setting `linear-solver` 1).
// Vector layout: 6 per body, then the rows of each joint with rows (in joint order), then the
// loop rows.
//
// A joint's rotor (Joint::armature, variational_maximal_solver) couples its child and parent
// bodies by a rank-one block F(X, Y) += g_X r_Y^T (X, Y the two bodies; g the gradient of the
// rotor coordinate at configuration 2, r = a times its rate row). An edge between the two bodies
// would close a cycle through the joint's node, so the rotor gets an unknown y of its own in the
// joint's node instead, with the row r^T u + y = 0 and the column -g on the bodies (pivot +1):
// eliminating y gives back g r^T, and the tree keeps its shape (nodes of 5 rows + 1 rotor = 6).
// y is internal: it is not in the vector layout, and dense() folds the rotor into the body blocks.
#pragma once

#include <Eigen/LU>
#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/solvers/variational_maximal/block_tree_ldu.hpp"

namespace articulab::variational {

// The Jacobians of one joint or loop closure on its two bodies (-1: the world): `force` is
// G_{x,q} (where the impulses act), `rate` is G_{v,w}; rows x 6, zero past rows. A joint's rotor
// rows follow at rows .. rows + rotorRows - 1: `force` g^T, `rate` r^T (header).
struct CouplingBlock {
  int rows = 0;
  int rotorRows = 0;
  int bodyA = -1, bodyB = -1;
  Matrix6 forceA = Matrix6::Zero(), forceB = Matrix6::Zero();
  Matrix6 rateA = Matrix6::Zero(), rateB = Matrix6::Zero();
};

class NewtonSystem {
 public:
  // Layout for the model; rotorRows (empty: none) per joint, 0 or 1, only on joints with rows.
  void resize(const Model& model, const std::vector<int>& jointRows, const std::vector<int>& loopRows,
              const std::vector<int>& rotorRows = {});
  // Dense LU of all of F instead of the block LDU (after resize; allocates N x N twice).
  void setDenseLu(bool dense);
  bool denseLu() const { return dense_; }
  int size() const { return size_; }
  int jointOffset(int i) const { return jointOffset_[i]; }
  int loopOffset(int k) const { return loopOffset_[k]; }
  int loopRowCount() const { return loopRows_; }
  std::vector<Matrix6>& bodies() { return body_; }
  std::vector<CouplingBlock>& joints() { return joint_; }
  std::vector<CouplingBlock>& loops() { return loop_; }
  // The tree part: a node per body (6 unknowns) and per joint with rows (its rows).
  const BlockTreeLdu& tree() const { return tree_; }
  // Factors the tree and the loop node; false when a pivot is singular. forcesChanged = false
  // keeps the tree's G_{x,q}^T blocks of the last factor() (the solver's Newton iterations after
  // the first of a step: the impulses act at the configuration the step starts from).
  bool factor(bool forcesChanged = true);
  // Rank of the loop node (redundant loop rows = loopRowCount() - rank).
  // Whether the last factor() reached the loop rows, and their numerical rank there.
  bool loopsFactored() const { return schurFactored_; }
  int loopRank() const;
  // x = F^-1 f (after factor()).
  void solve(const VectorX& f, VectorX& x);
  // F as a dense matrix (tests).
  MatrixX dense() const;
  // F into a size() x size() matrix, without allocating.
  void assembleDense(MatrixX& F) const;

 private:
  void loadTree(bool forcesChanged);
  void scatter(const VectorX& f, std::vector<Vector6>& y) const;
  // G'_loop y: the loop rows' rates applied to the node vector y.
  double loopRate(int row, const std::vector<Vector6>& y) const;
  bool factorDense();

  int n_ = 0, size_ = 0, loopRows_ = 0;
  std::vector<int> bodyNode_, jointNode_, jointOffset_, loopOffset_, rowLoop_, rowLocal_;
  std::vector<Matrix6> body_;
  std::vector<CouplingBlock> joint_, loop_;
  BlockTreeLdu tree_;
  std::vector<std::vector<Vector6>> W_;  // T^-1 G_loop^T, one node vector per loop row
  std::vector<Vector6> y_;
  MatrixX schur_;
  VectorX z_, c_;
  Eigen::FullPivLU<MatrixX> schurLu_;
  bool schurFactored_ = false;  // schurLu_ holds the factor of the current loop rows
  bool dense_ = false;          // setDenseLu: F factored as a whole into denseLu_
  MatrixX denseF_;
  Eigen::FullPivLU<MatrixX> denseLu_;
  VectorX denseScratch_;
};

}  // namespace articulab::variational
