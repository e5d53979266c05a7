#include "engine/constraints/joint_residual.hpp"

#include "engine/constraints/joint_coordinates.hpp"
#include "engine/constraints/joint_rows.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab::constraints {

namespace {

Vector3 vee(const Matrix3& A) { return Vector3(A(2, 1), A(0, 2), A(1, 0)); }

// g and D (derivative under T exp([eta]), eta = (omega; v)) of a joint's rows, filled row by row.
struct ResidualRows {
  const Matrix3& R;
  const Vector3& p;
  PoseResidual& out;
  Matrix6 D = Matrix6::Zero();
  int row = 0;

  // 1/2 vee(R - R^T); d/d omega_k = 1/2 vee(R [e_k] + [e_k] R^T).
  void rotationLock() {
    const Matrix3 A = R - R.transpose();
    out.g.segment<3>(row) = 0.5 * vee(A);
    for (int k = 0; k < 3; ++k) {
      const Matrix3 ek = so3::skew(Vector3::Unit(k));
      D.block<3, 1>(row, k) = 0.5 * vee(R * ek + ek * R.transpose());
    }
    row += 3;
  }
  // b = R^T a turns as d b = b x omega; rows w . b and -u . b.
  void axisAlignment(const Vector3& a, const Vector3& u, const Vector3& w) {
    const Vector3 b = R.transpose() * a;
    const Matrix3 B = so3::skew(b);
    out.g[row] = w.dot(b);
    D.block<1, 3>(row, 0) = w.transpose() * B;
    out.g[row + 1] = -u.dot(b);
    D.block<1, 3>(row + 1, 0) = -u.transpose() * B;
    row += 2;
  }
  // -e_x^T R e_y; d = e_x^T R [e_y] omega.
  void universal() {
    out.g[row] = -R(0, 1);
    D.block<1, 3>(row, 0) = R.row(0) * so3::skew(Vector3::UnitY());
    row += 1;
  }
  // r = R^T p: d r = [r] omega + v.
  void childOffset() {
    const Vector3 r = R.transpose() * p;
    out.g.segment<3>(row) = r;
    D.block<3, 3>(row, 0) = so3::skew(r);
    D.block<3, 3>(row, 3).setIdentity();
    row += 3;
  }
  // n . p: d = n^T R v.
  void parentOffset(const Vector3& n) {
    out.g[row] = n.dot(p);
    D.block<1, 3>(row, 3) = n.transpose() * R;
    row += 1;
  }
};

}  // namespace

bool jointResidual(const Joint& joint, const Matrix4& E_0p, const Matrix4& E_0c, PoseResidual& out) {
  out.bodyA = joint.child;
  out.bodyB = joint.parent;
  out.g.setZero();
  if (!hasFixedConstraintForm(joint)) {
    out.rows = 0;
    out.JA.setZero();
    out.JB.setZero();
    return false;
  }
  const Matrix4 E_pc = se3::inverseTimes(E_0p, E_0c);
  const Matrix4 T = measuredJointTransform(joint, E_pc);
  const Matrix3 R = T.topLeftCorner<3, 3>();
  const Vector3 p = T.topRightCorner<3, 1>();
  ResidualRows rows{R, p, out};
  const Vector3 axis = joint.parts.empty() ? Vector3::UnitZ() : joint.parts[0].axis;
  const Vector3 u = axis.unitOrthogonal(), w = axis.cross(u);  // as in fillConstraintBasis
  switch (joint.type) {
    case JointType::Fixed: rows.rotationLock(), rows.childOffset(); break;
    case JointType::Revolute: rows.axisAlignment(axis, u, w), rows.childOffset(); break;
    case JointType::Prismatic: rows.rotationLock(), rows.parentOffset(u), rows.parentOffset(w); break;
    case JointType::Planar: rows.rotationLock(), rows.parentOffset(Vector3::UnitZ()); break;
    case JointType::Translational: rows.rotationLock(); break;
    case JointType::Universal: rows.universal(), rows.childOffset(); break;
    case JointType::SphericalXZX:
    case JointType::SphericalExp: rows.childOffset(); break;
    case JointType::Free2D:
      rows.axisAlignment(Vector3::UnitZ(), Vector3::UnitX(), Vector3::UnitY());
      rows.parentOffset(Vector3::UnitZ());
      break;
    case JointType::Free3D:
    case JointType::Composite:
    case JointType::General: break;
  }
  out.rows = rows.row;
  out.JA = se3::timesAd(rows.D, joint.E_jc);
  if (joint.parent >= 0) out.JB = -se3::timesAdInverse(out.JA, E_pc);
  else out.JB.setZero();
  return true;
}

}  // namespace articulab::constraints
