#include "engine/solvers/baraff/block_tree_ldlt.hpp"

#include <Eigen/LU>

#include "engine/solvers/baraff/joint_rows.hpp"

namespace articulab::baraff {

namespace {

// Sylvester's criterion: the leading minors of a symmetric 3 x 3 block are positive.
bool positiveDefinite(const Matrix3& P) {
  return P(0, 0) > 0.0 && P(0, 0) * P(1, 1) - P(0, 1) * P(1, 0) > 0.0 && P.determinant() > 0.0;
}

// A^-1 in place for a symmetric positive definite A = [P Q; Q^T R] by its 3 x 3 blocks:
// S = R - Q^T P^-1 Q (Schur complement), A^-1 = [P^-1 + B Q^T P^-1  B; B^T  S^-1] with
// B = -P^-1 Q S^-1. P and S are positive definite exactly when A is; false otherwise (A singular,
// indefinite or not finite).
bool invertPositiveDefinite(Matrix6& A) {
  const Matrix3 P = A.topLeftCorner<3, 3>(), Q = A.topRightCorner<3, 3>();
  if (!positiveDefinite(P)) return false;
  const Matrix3 Pinv = P.inverse();
  const Matrix3 PinvQ = Pinv * Q;
  Matrix3 S = A.bottomRightCorner<3, 3>();
  S.noalias() -= Q.transpose() * PinvQ;
  if (!positiveDefinite(S)) return false;
  const Matrix3 Sinv = S.inverse();
  const Matrix3 B = -PinvQ * Sinv;
  A.topLeftCorner<3, 3>() = Pinv;
  A.topLeftCorner<3, 3>().noalias() -= B * PinvQ.transpose();
  A.topRightCorner<3, 3>() = B;
  A.bottomLeftCorner<3, 3>() = B.transpose();
  A.bottomRightCorner<3, 3>() = Sinv;
  return true;
}

}  // namespace

// Elimination order (appendix A, "ordermatrix"): walking the bodies from the last to the
// first visits every child before its parent; joint i's node follows body i and precedes
// body p. A joint without rows (free3d) leaves body i a root of its own subtree.
BlockTreeLDLT::BlockTreeLDLT(const Model& model) {
  std::vector<int> bodyNode(model.bodyCount(), -1), jointNode(model.bodyCount(), -1);
  for (int i = model.bodyCount() - 1; i >= 0; --i) {
    bodyNode[i] = static_cast<int>(nodes_.size());
    nodes_.push_back(Node{true, i, -1, 6, Matrix6::Zero(), Matrix6::Zero(), Vector6::Zero()});
    const int rows = constraintRowCount(model.joints[i]);
    if (rows > 0) {
      jointNode[i] = static_cast<int>(nodes_.size());
      nodes_.push_back(Node{false, i, -1, rows, Matrix6::Zero(), Matrix6::Zero(), Vector6::Zero()});
    }
  }
  for (int i = 0; i < model.bodyCount(); ++i) {
    const int p = model.joints[i].parent;
    if (jointNode[i] >= 0) {
      nodes_[bodyNode[i]].parent = jointNode[i];
      if (p >= 0) nodes_[jointNode[i]].parent = bodyNode[p];
    }
  }
}

// sparsefactor: D_n -= sum over children c of L_c D_c^-1 L_c^T, then U_n = D_n^-1 L_n^T.
// A body node's L is Gc (joint i over body i), a joint node's L is Gp^T (body p over joint i).
// Joint blocks are negative definite: their nodes accumulate -D and keep N = (-D)^-1 = -D^-1.
bool BlockTreeLDLT::factor(const Model& model, const ConstraintSystem& system) {
  for (Node& n : nodes_) {
    if (n.isBody) {
      n.inverse = model.bodies[n.index].M;
    } else {
      n.inverse.setZero();
      for (int r = n.rows; r < 6; ++r) n.inverse(r, r) = 1.0;  // padding rows
    }
  }
  for (Node& n : nodes_) {
    if (!invertPositiveDefinite(n.inverse)) {
      failure_ = "joint '" + model.joints[n.index].name + "': its constraint rows are dependent on the others";
      return false;
    }
    if (n.parent < 0) continue;
    const PrimaryConstraint& c = system.primary[n.index];
    Matrix6& parent = nodes_[n.parent].inverse;
    if (n.isBody) {  // U = D^-1 Gc^T; -D_joint += Gc U
      n.U.noalias() = n.inverse * c.GcPadded.transpose();
      parent.noalias() += c.GcPadded * n.U;
    } else {  // U = D^-1 Gp = -N Gp; D_p -= Gp^T U
      n.U.noalias() = -n.inverse * c.GpPadded;
      parent.noalias() -= c.GpPadded.transpose() * n.U;
    }
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
    Vector6 y = n->isBody ? Vector6(n->inverse * n->x) : Vector6(-n->inverse * n->x);
    if (n->parent >= 0) y.noalias() -= n->U * nodes_[n->parent].x;
    n->x = y;
    if (n->isBody)
      a[n->index] = y;
    else
      lambda[n->index] = -y.head(n->rows);
  }
}

}  // namespace articulab::baraff
