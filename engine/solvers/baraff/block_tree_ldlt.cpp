#include "engine/solvers/baraff/block_tree_ldlt.hpp"

#include <Eigen/Cholesky>
#include <Eigen/LU>

#include "engine/constraints/joint_rows.hpp"

namespace articulab::baraff {

namespace {

// Inverse of a symmetric 3 x 3 matrix P by its cofactors; false unless P is positive definite
// (Sylvester's criterion: P00, the leading 2 x 2 minor and det P positive).
bool invertSymmetric3(const Matrix3& P, Matrix3& inverse) {
  const double c00 = P(1, 1) * P(2, 2) - P(1, 2) * P(1, 2), c01 = P(0, 2) * P(1, 2) - P(0, 1) * P(2, 2),
               c02 = P(0, 1) * P(1, 2) - P(0, 2) * P(1, 1), c11 = P(0, 0) * P(2, 2) - P(0, 2) * P(0, 2),
               c12 = P(0, 1) * P(0, 2) - P(0, 0) * P(1, 2), c22 = P(0, 0) * P(1, 1) - P(0, 1) * P(0, 1);
  const double det = P(0, 0) * c00 + P(0, 1) * c01 + P(0, 2) * c02;
  if (!(P(0, 0) > 0.0 && c22 > 0.0 && det > 0.0)) return false;
  const double s = 1.0 / det;
  inverse << s * c00, s * c01, s * c02, s * c01, s * c11, s * c12, s * c02, s * c12, s * c22;
  return true;
}

// A^-1 in place for a symmetric positive definite A = [P Q; Q^T R] by its 3 x 3 blocks:
// S = R - Q^T P^-1 Q (Schur complement), A^-1 = [P^-1 + B Q^T P^-1  B; B^T  S^-1] with
// B = -P^-1 Q S^-1. P and S are positive definite exactly when A is; false otherwise (A singular,
// indefinite or not finite).
bool invertPositiveDefinite(Matrix6& A) {
  const Matrix3 Q = A.topRightCorner<3, 3>();
  Matrix3 Pinv, Sinv;
  if (!invertSymmetric3(A.topLeftCorner<3, 3>(), Pinv)) return false;
  const Matrix3 PinvQ = Pinv * Q;
  Matrix3 S = A.bottomRightCorner<3, 3>();
  S.noalias() -= Q.transpose() * PinvQ;
  if (!invertSymmetric3(S, Sinv)) return false;
  const Matrix3 B = -PinvQ * Sinv;
  A.topLeftCorner<3, 3>() = Pinv;
  A.topLeftCorner<3, 3>().noalias() -= B * PinvQ.transpose();
  A.topRightCorner<3, 3>() = B;
  A.bottomLeftCorner<3, 3>() = B.transpose();
  A.bottomRightCorner<3, 3>() = Sinv;
  return true;
}

// Ia = D - D s (s^T D s + armature)^-1 s^T D for the first `free` columns of s (armature only
// on one free column, the rotor's: block_tree_ldlt.hpp); false when the pivot is not positive.
bool projectedInertia(const Matrix6& D, const Matrix6& s, int free, double armature, Matrix6& Ia) {
  if (free == 0) {
    Ia = D;
    return true;
  }
  if (free == 1) {  // revolute and prismatic joints: a scalar pivot
    const Vector6 Ds = D * s.col(0);
    const double d = s.col(0).dot(Ds) + armature;
    if (!(d > 0.0)) return false;
    Ia = D;
    Ia.noalias() -= Ds * (Ds.transpose() / d);
    return true;
  }
  using Columns = Eigen::Matrix<double, 6, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;
  using Rows = Eigen::Matrix<double, Eigen::Dynamic, 6, Eigen::ColMajor, 6, 6>;
  using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;
  const Columns Ds = D * s.leftCols(free);
  const Small K = s.leftCols(free).transpose() * Ds;
  const Eigen::LLT<Small> llt(K);
  if (llt.info() != Eigen::Success || !K.allFinite()) return false;
  Ia = D;
  Ia.noalias() -= Ds * llt.solve(Rows(Ds.transpose()));
  return true;
}

// IaAd = Ia Ad and D += Ad^T Ia Ad for Ad = [R 0; B R] (an adjoint, eq 1.14) by 3 x 3 blocks.
void addCongruence(const Matrix6& Ia, const Matrix6& Ad, Matrix6& IaAd, Matrix6& D) {
  const Matrix3 R = Ad.topLeftCorner<3, 3>(), B = Ad.bottomLeftCorner<3, 3>();
  IaAd.leftCols<3>().noalias() = Ia.leftCols<3>() * R;
  IaAd.leftCols<3>().noalias() += Ia.rightCols<3>() * B;
  IaAd.rightCols<3>().noalias() = Ia.rightCols<3>() * R;
  D.topRows<3>().noalias() += R.transpose() * IaAd.topRows<3>();
  D.topRows<3>().noalias() += B.transpose() * IaAd.bottomRows<3>();
  D.bottomRows<3>().noalias() += R.transpose() * IaAd.bottomRows<3>();
}

}  // namespace

BlockTreeLDLT::BlockTreeLDLT(const Model& model) : nodes_(model.bodyCount()) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    nodes_[i].hasRows = constraints::constraintRowCount(model.joints[i]) > 0;
    nodes_[i].rowsMove = model.joints[i].type == JointType::Universal;
    nodes_[i].parent = nodes_[i].hasRows ? model.joints[i].parent : -1;  // free3d: a root of its own
  }
}

// sparsefactor (appendix A) with the joint nodes folded into Ia: children before parents.
bool BlockTreeLDLT::factor(const Model& model, const ConstraintSystem& system) {
  for (int i = 0; i < static_cast<int>(nodes_.size()); ++i) nodes_[i].Dinv = model.bodies[i].M;
  for (int i = static_cast<int>(nodes_.size()) - 1; i >= 0; --i) {
    Node& n = nodes_[i];
    const PrimaryConstraint& c = system.primary[i];
    if (n.hasRows) {
      n.Ad_cp = c.Ad_cp;
      if (n.rowsMove) n.embed = c.embed;
      if (!projectedInertia(n.Dinv, c.freeAxes, c.free, c.armature, n.Ia)) {
        failure_ = "joint '" + model.joints[i].name + "': the inertia along its free directions is singular";
        return false;
      }
      if (n.parent >= 0) addCongruence(n.Ia, c.Ad_cp, n.IaAd, nodes_[n.parent].Dinv);
    }
    if (!invertPositiveDefinite(n.Dinv)) {
      failure_ = "body '" + model.bodies[i].name + "': its inertia with the subtree it carries is not positive definite";
      return false;
    }
  }
  failure_.clear();
  return true;
}

// sparsesolve: forward over children first, b_p -= Ad_cp^T C N b_joint with
// b_joint = r - C^T D^-1 b_i; backward over parents first, C x_joint = -Ia (C^+T r - D^-1 b_i +
// Ad_cp x_p), x_i = D^-1 (b_i - C x_joint), lambda = -x_joint = -C^+ (C x_joint). With a rotor,
// C' = [C, -e] and C'^+T r' = embed r - rotorRhs f (block_tree_ldlt.hpp).
void BlockTreeLDLT::solve(const ConstraintSystem& system, const std::vector<Vector6>& bodyRhs, bool withRowRhs,
                          std::vector<Vector6>& a, std::vector<RowVector>* lambda) {
  const int n = static_cast<int>(nodes_.size());
  for (int i = 0; i < n; ++i) nodes_[i].x = bodyRhs[i];
  for (int i = n - 1; i >= 0; --i) {
    Node& node = nodes_[i];
    node.y.noalias() = node.Dinv * node.x;
    if (!node.hasRows) continue;
    Vector6 v = -node.y;
    if (withRowRhs) {
      const PrimaryConstraint& c = system.primary[i];
      v.noalias() += (node.rowsMove ? node.embed : c.embed) * c.rhs;
      if (c.armature != 0.0) v -= c.rotorRhs * c.freeAxes.col(0);
    }
    node.w.noalias() = node.Ia * v;
    if (node.parent >= 0) nodes_[node.parent].x.noalias() -= node.Ad_cp.transpose() * node.w;
  }
  for (int i = 0; i < n; ++i) {
    Node& node = nodes_[i];
    if (node.hasRows) {
      Vector6 Cx = -node.w;
      if (node.parent >= 0) Cx.noalias() -= node.IaAd * nodes_[node.parent].x;
      node.x = node.y;
      node.x.noalias() -= node.Dinv * Cx;
      if (lambda) {
        const Vector6 y = (node.rowsMove ? node.embed : system.primary[i].embed).transpose() * Cx;
        (*lambda)[i] = -y.head(system.primary[i].rows);
      }
    } else {
      node.x = node.y;
    }
    a[i] = node.x;
  }
}

}  // namespace articulab::baraff
