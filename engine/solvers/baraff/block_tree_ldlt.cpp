#include "engine/solvers/baraff/block_tree_ldlt.hpp"

#include "engine/solvers/baraff/joint_rows.hpp"

namespace articulab::baraff {

// Elimination order (appendix A, "ordermatrix"): walking the bodies from the last to the
// first visits every child before its parent; joint i's node follows body i and precedes
// body p. A joint without rows (free3d) leaves body i a root of its own subtree.
BlockTreeLDLT::BlockTreeLDLT(const Model& model)
    : bodyNode_(model.bodyCount(), -1), jointNode_(model.bodyCount(), -1) {
  for (int i = model.bodyCount() - 1; i >= 0; --i) {
    bodyNode_[i] = static_cast<int>(nodes_.size());
    nodes_.push_back(Node{true, i, -1, 6, {}, {}, {}, {}, {}});
    const int rows = constraintRowCount(model.joints[i]);
    if (rows > 0) {
      jointNode_[i] = static_cast<int>(nodes_.size());
      nodes_.push_back(Node{false, i, -1, rows, {}, {}, {}, {}, {}});
    }
  }
  for (int i = 0; i < model.bodyCount(); ++i) {
    const int p = model.joints[i].parent;
    if (jointNode_[i] >= 0) {
      nodes_[bodyNode_[i]].parent = jointNode_[i];
      if (p >= 0) nodes_[jointNode_[i]].parent = bodyNode_[p];
    }
  }
  for (Node& n : nodes_) {
    n.D.setZero(n.dim, n.dim);
    n.x.setZero(n.dim);
    const int parentDim = n.parent < 0 ? 0 : nodes_[n.parent].dim;
    n.L.setZero(parentDim, n.dim);
  }
}

bool BlockTreeLDLT::factor(const Model& model, const ConstraintSystem& system) {
  for (Node& n : nodes_) {
    if (n.isBody) {
      n.D = model.bodies[n.index].M;
      if (n.parent >= 0) n.L = system.primary[n.index].Gc;  // H(joint i, body i) = Gc
    } else {
      n.D.setZero();
      if (n.parent >= 0) n.L = system.primary[n.index].Gp.transpose();  // H(body p, joint i) = Gp^T
    }
  }
  // sparsefactor: D_n -= sum over children c of L_c D_c^-1 L_c^T, then U_n = D_n^-1 L_n^T.
  for (Node& n : nodes_) {
    Eigen::LLT<NodeMatrix> llt(n.isBody ? n.D : NodeMatrix(-n.D));  // body blocks SPD, joint blocks NSD
    if (llt.info() != Eigen::Success) {
      failure_ = "joint '" + model.joints[n.index].name + "': its constraint rows are dependent on the others";
      return false;
    }
    n.Dinv = llt.solve(NodeMatrix::Identity(n.dim, n.dim));
    if (!n.isBody) n.Dinv = -n.Dinv;
    if (n.parent < 0) continue;
    n.U.noalias() = n.Dinv * n.L.transpose();
    nodes_[n.parent].D.noalias() -= n.L * n.U;
  }
  failure_.clear();
  return true;
}

void BlockTreeLDLT::solve(const ConstraintSystem& system, const std::vector<Vector6>& bodyRhs, bool withRowRhs,
                          std::vector<Vector6>& a, std::vector<RowVector>& lambda) {
  for (Node& n : nodes_) {
    if (n.isBody)
      n.x = bodyRhs[n.index];
    else if (withRowRhs)
      n.x = system.primary[n.index].rhs;
    else
      n.x.setZero();
  }
  for (Node& n : nodes_)  // forward: b_p -= U_n^T b_n
    if (n.parent >= 0) nodes_[n.parent].x.noalias() -= n.U.transpose() * n.x;
  for (auto n = nodes_.rbegin(); n != nodes_.rend(); ++n) {  // backward: x_n = Dinv b_n - U_n x_p
    NodeVector y = n->Dinv * n->x;
    if (n->parent >= 0) y.noalias() -= n->U * nodes_[n->parent].x;
    n->x = y;
    if (n->isBody)
      a[n->index] = n->x;
    else
      lambda[n->index] = -n->x;
  }
}

}  // namespace articulab::baraff
