// The pose E_pi = (R, p) of body i in its parent and its adjoint Ad_ip = Ad(E_pi^-1) (sueda
// eq 1.14), applied through its 3x3 blocks instead of a 6x6 product:
//   Ad_ip = [R^T 0; -R^T [p] R^T],   Ad_ip^T = [R [p] R; 0 R].
#pragma once

#include "engine/spatial/types.hpp"

namespace articulab {

struct ParentTransform {
  Matrix3 R = Matrix3::Identity();
  Vector3 p = Vector3::Zero();

  // Ad_ip v: a parent twist (w; v) in child coordinates, (R^T w; R^T (v - p x w)).
  Vector6 twistToChild(const Vector6& v) const {
    Vector6 out;
    out.head<3>().noalias() = R.transpose() * v.head<3>();
    out.tail<3>().noalias() = R.transpose() * (v.tail<3>() - p.cross(v.head<3>()));
    return out;
  }

  // Ad_ip^T f: a child wrench (n; f) in parent coordinates, (R n + p x R f; R f).
  Vector6 wrenchToParent(const Vector6& f) const {
    Vector6 out;
    out.tail<3>().noalias() = R * f.tail<3>();
    out.head<3>().noalias() = R * f.head<3>();
    out.head<3>() += p.cross(out.tail<3>());
    return out;
  }

  // parent += Ad_ip^T I Ad_ip for a symmetric I = [A B; B^T C] (eq 1.26 for articulated
  // inertias): with A1, B1, C1 the blocks rotated by R and P = [p],
  //   A' = A1 + P B1^T + (P B1^T)^T - P C1 P,   B' = B1 + P C1,   C' = C1.
  void addInertiaToParent(const Matrix6& I, Matrix6& parent) const {
    const Matrix3 Rt = R.transpose();
    const Matrix3 A1 = R * I.topLeftCorner<3, 3>() * Rt;
    const Matrix3 B1 = R * I.topRightCorner<3, 3>() * Rt;
    const Matrix3 C1 = R * I.bottomRightCorner<3, 3>() * Rt;
    const Matrix3 PC1 = crossColumns(C1);
    const Matrix3 PB1t = crossColumns(B1.transpose());
    const Matrix3 B = B1 + PC1;
    parent.topLeftCorner<3, 3>() += A1 + PB1t + PB1t.transpose() + crossColumns(PC1.transpose());
    parent.topRightCorner<3, 3>() += B;
    parent.bottomLeftCorner<3, 3>() += B.transpose();
    parent.bottomRightCorner<3, 3>() += C1;
  }

  // Ad_pi = Ad(E_pi) = Ad_ip^-1 = [R 0; [p] R R]: a child twist in parent coordinates.
  Matrix6 inverseAdjoint() const {
    Matrix6 A = Matrix6::Zero();
    A.topLeftCorner<3, 3>() = R;
    A.bottomRightCorner<3, 3>() = R;
    A.bottomLeftCorner<3, 3>() = crossColumns(R);
    return A;
  }

  // The 6x6 Ad_ip itself.
  Matrix6 adjoint() const {
    Matrix6 A = Matrix6::Zero();
    A.topLeftCorner<3, 3>() = R.transpose();
    A.bottomRightCorner<3, 3>() = R.transpose();
    for (int c = 0; c < 3; ++c) A.block<3, 1>(3, c) = -R.transpose() * p.cross(Vector3::Unit(c));
    return A;
  }

 private:
  // [p] X, one cross product per column.
  Matrix3 crossColumns(const Matrix3& X) const {
    Matrix3 out;
    for (int c = 0; c < 3; ++c) out.col(c) = p.cross(X.col(c));
    return out;
  }
};

}  // namespace articulab
