#include "engine/solvers/baraff/primary_constraints.hpp"

#include <cmath>

#include "engine/constraints/joint_coordinates.hpp"
#include "engine/constraints/joint_rows.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab::baraff {

namespace {

constexpr double kZeros[6] = {0, 0, 0, 0, 0, 0};

bool hasConstantAxes(JointType type) {
  switch (type) {
    case JointType::Fixed:
    case JointType::Revolute:
    case JointType::Prismatic:
    case JointType::Planar:
    case JointType::Translational: return true;
    default: return false;
  }
}

// P^T padded to six rows at coordinates q.
Matrix6 basisTranspose(const Joint& joint, const double* q) {
  constraints::ConstraintBasis P;
  constraints::fillConstraintBasis(joint, q, P);
  Matrix6 Pt = Matrix6::Zero();
  Pt.topRows(P.cols()) = P.transpose();
  return Pt;
}

// Gc = P^T Ad(E_jc) at coordinates q, its right inverse Gc^T (Gc Gc^T)^-1 and the free
// directions Ad(E_jc)^-1 S in the body frame, S spanning what P^T leaves free.
void fillRowGeometry(const Joint& joint, const JointConstants& c, const double* q, Matrix6& Gc, Matrix6& embed,
                     Matrix6& freeAxes) {
  constraints::ConstraintBasis P, S;
  constraints::fillConstraintBasis(joint, q, P);
  constraints::fillFreeBasis(P, S);
  const int rows = static_cast<int>(P.cols());
  Gc.setZero();
  Gc.topRows(rows).noalias() = P.transpose() * c.Ad_Jc;
  using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;
  const Small GGt = Gc.topRows(rows) * Gc.topRows(rows).transpose();
  embed.setZero();
  embed.leftCols(rows).noalias() = Gc.topRows(rows).transpose() * GGt.inverse();
  freeAxes.setZero();
  freeAxes.leftCols(6 - rows).noalias() = c.Ad_cJ * S;
}

// The rotor of joint constants c (PrimaryConstraint::armature): its row e = (S^+ Ad(E_jc))^T,
// so that qdot = e . delta_c; the free twist f = Ad(E_jc)^-1 S per unit qdot (e . f = 1); and
// the right inverse of Gc orthogonal to e, the first `rows` columns of C'^-T for the square
// C' = [Gc^T, -e] of the joint's rows with the rotor row (block_tree_ldlt.hpp).
void addRotor(const Joint& joint, const Vector6& S, JointConstants& c) {
  c.armature = joint.armature;
  c.rotorRow = (c.Splus.row(0) * c.Ad_Jc).transpose();
  c.freeAxes.col(0) = c.Ad_cJ * S;
  Matrix6 extended;
  extended.leftCols(c.rows) = c.Gc.topRows(c.rows).transpose();
  extended.col(c.rows) = -c.rotorRow;
  c.embed.setZero();
  c.embed.leftCols(c.rows) = extended.inverse().transpose().leftCols(c.rows);
}

// ad(phi) b = (w x b_w; v x b_w + w x b_v) (eq 1.19).
Vector6 spatialCross(const Vector6& phi, const Vector6& b) {
  Vector6 out;
  out.head<3>() = phi.head<3>().cross(b.head<3>());
  out.tail<3>() = phi.tail<3>().cross(b.head<3>()) + phi.head<3>().cross(b.tail<3>());
  return out;
}

}  // namespace

bool carriesArmature(const Joint& joint) {
  return joint.type == JointType::Revolute || joint.type == JointType::Prismatic;
}

PrimaryConstraints::PrimaryConstraints(const Model& model) : joints_(model.bodyCount()) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    JointConstants& c = joints_[i];
    c.rows = constraints::constraintRowCount(joint);
    c.constantAxes = hasConstantAxes(joint.type);
    c.Ad_Jc = se3::Ad(joint.E_jc);
    c.Ad_cJ = se3::AdInverse(joint.E_jc);
    c.Pt = basisTranspose(joint, kZeros);
    fillRowGeometry(joint, c, kZeros, c.Gc, c.embed, c.freeAxes);
    const Matrix4 E_jp = se3::inverse(joint.E_pj), E_cj = se3::inverse(joint.E_jc);
    c.R_jp = E_jp.topLeftCorner<3, 3>();
    c.p_jp = E_jp.topRightCorner<3, 1>();
    c.R_cj = E_cj.topLeftCorner<3, 3>();
    c.p_cj = E_cj.topRightCorner<3, 1>();
    c.unrotatedFrames = c.R_jp.isIdentity(0.0) && c.R_cj.isIdentity(0.0);
    if (joint.type == JointType::Revolute) {
      c.u = joint.parts[0].axis.unitOrthogonal();
      c.w = joint.parts[0].axis.cross(c.u);
    }
    if (!c.constantAxes || joint.nq == 0) continue;
    JointKinematics jk;
    evaluateJoint(joint, kZeros, kZeros, jk);
    using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;
    const Small StS = jk.S.transpose() * jk.S;
    c.Splus.topRows(joint.nq) = StS.inverse() * jk.S.transpose();
    if (joint.armature != 0.0 && carriesArmature(joint)) addRotor(joint, jk.S.col(0), c);
  }
}

namespace {

// E_pc = E_0p^-1 E_0i as (R, t), and the measured joint transform Q = E_pj^-1 E_pc E_jc^-1
// (inverse of eq 2.6).
struct RelativePose {
  Matrix3 R;
  Vector3 t;
  Matrix4 Q = Matrix4::Identity();
};

RelativePose relativePose(const JointConstants& c, int i, int p, const std::vector<Matrix4>& E_0i) {
  RelativePose out;
  out.R = E_0i[i].topLeftCorner<3, 3>();
  out.t = E_0i[i].topRightCorner<3, 1>();
  if (p >= 0) {
    const Matrix3 Rp = E_0i[p].topLeftCorner<3, 3>();
    out.t = Rp.transpose() * (out.t - E_0i[p].topRightCorner<3, 1>());
    out.R = Rp.transpose() * out.R;
  }
  const Vector3 t = out.R * c.p_cj + out.t;
  if (c.unrotatedFrames) {
    out.Q.topLeftCorner<3, 3>() = out.R;
    out.Q.topRightCorner<3, 1>() = t + c.p_jp;
  } else {
    out.Q.topLeftCorner<3, 3>().noalias() = c.R_jp * out.R * c.R_cj;
    out.Q.topRightCorner<3, 1>() = c.R_jp * t + c.p_jp;
  }
  return out;
}

// log of a rigid transform T = (R, p) (eq 1.10). Joint residuals are tiny rotations: for
// |s| = |unskew(R)| = sin(theta) below 1e-3 the series theta / sin(theta) = 1 + |s|^2 / 6 and
// V^-1 = I - [w] / 2 + [w]^2 / 12 are used instead (truncation below 1e-13 relative), without
// atan2; larger residuals take se3::log.
Vector6 residualLog(const Matrix3& R, const Vector3& p) {
  const Vector3 s(0.5 * (R(2, 1) - R(1, 2)), 0.5 * (R(0, 2) - R(2, 0)), 0.5 * (R(1, 0) - R(0, 1)));
  const double s2 = s.squaredNorm();
  if (s2 > 1e-6 || R.trace() < 1.0) return se3::log(se3::make(R, p));
  Vector6 out;
  const Vector3 w = (1.0 + s2 / 6.0) * s;
  const Vector3 wp = w.cross(p);
  out.head<3>() = w;
  out.tail<3>() = p - 0.5 * wp + w.cross(wp) / 12.0;
  return out;
}

// Q(q) as (R, p): directly for the revolute (eq 2.41) and prismatic (eq 2.23) joints.
void jointTransform(const Joint& joint, const double* q, Matrix3& R, Vector3& p) {
  if (joint.type == JointType::Revolute) {
    R = Eigen::AngleAxisd(q[0], joint.parts[0].axis).toRotationMatrix();
    p.setZero();
    return;
  }
  if (joint.type == JointType::Prismatic) {
    R.setIdentity();
    p = q[0] * joint.parts[0].axis;
    return;
  }
  JointKinematics jk;
  evaluateJoint(joint, q, kZeros, jk);
  R = jk.Q.topLeftCorner<3, 3>();
  p = jk.Q.topRightCorner<3, 1>();
}

// g = P^T log(Q(q)^-1 Q), the right perturbation in the joint frame.
void fillError(const Joint& joint, const Matrix6& Pt, const double* q, const Matrix4& Q, PrimaryConstraint& out) {
  Matrix3 Rq;
  Vector3 pq;
  jointTransform(joint, q, Rq, pq);
  const Matrix3 R = Rq.transpose() * Q.topLeftCorner<3, 3>();
  const Vector3 p = Rq.transpose() * (Q.topRightCorner<3, 1>() - pq);
  out.error.noalias() = Pt * residualLog(R, p);
}

// Revolute joint: q is the angle of Q about the axis a seen on u (joint_coordinates.cpp),
// cos q = u.v / r and sin q = (a x u).v / r with v = R u (q itself, by atan2, only withAngle);
// Q(q) by Rodrigues' formula from them (eq 2.41). False when v is along a (then the general path).
bool revoluteCoordinateAndError(const Joint& joint, const JointConstants& c, const Matrix4& Q, bool withError,
                                bool withAngle, double* q, PrimaryConstraint& out) {
  const Matrix3 R = Q.topLeftCorner<3, 3>();
  const Vector3 v = R * c.u;
  const double x = c.u.dot(v), y = c.w.dot(v), r = std::sqrt(x * x + y * y);
  if (!(r > 1e-9)) return false;
  if (withAngle) q[0] = constraints::unwrapAngle(std::atan2(y, x), q[0]);
  if (!withError) {
    out.error.setZero();
    return true;
  }
  const Vector3& a = joint.parts[0].axis;
  const double cq = x / r, sq = y / r;
  Matrix3 Rq = ((1.0 - cq) * a) * a.transpose();
  Rq.diagonal().array() += cq;
  Rq(0, 1) -= sq * a.z(), Rq(1, 0) += sq * a.z();
  Rq(0, 2) += sq * a.y(), Rq(2, 0) -= sq * a.y();
  Rq(1, 2) -= sq * a.x(), Rq(2, 1) += sq * a.x();
  out.error.noalias() = c.Pt * residualLog(Rq.transpose() * R, Rq.transpose() * Q.topRightCorner<3, 1>());
  return true;
}

}  // namespace

void PrimaryConstraints::initialize(int i, PrimaryConstraint& out) const {
  const JointConstants& c = joints_[i];
  out.rows = c.rows;
  out.free = 6 - c.rows;
  out.GcPadded = c.Gc;
  out.embed = c.embed;
  out.freeAxes = c.freeAxes;
  out.armature = c.armature;
  out.rotorRow = c.rotorRow;
}

const Matrix6& PrimaryConstraints::basis(const Joint& joint, int i, const double* q, Matrix6& scratch) const {
  if (joint.type != JointType::Universal) return joints_[i].Pt;  // the only joint whose P depends on q
  scratch = basisTranspose(joint, q);
  return scratch;
}

void PrimaryConstraints::assembleRows(const Model& model, int i, const std::vector<Matrix4>& E_0i, bool withError,
                                      bool allCoordinates, VectorX& q, PrimaryConstraint& out) const {
  const Joint& joint = model.joints[i];
  const JointConstants& c = joints_[i];
  const RelativePose pose = relativePose(c, i, joint.parent, E_0i);
  double* qi = q.data() + joint.qIndex;
  out.Ad_cp = se3::AdInverse(se3::make(pose.R, pose.t));
  if (joint.type == JointType::Revolute &&
      revoluteCoordinateAndError(joint, c, pose.Q, withError, allCoordinates, qi, out))
    return;
  constraints::coordinatesFromTransform(joint, pose.Q, qi);
  if (joint.type == JointType::Universal) fillRowGeometry(joint, c, qi, out.GcPadded, out.embed, out.freeAxes);
  if (withError) {
    Matrix6 scratch;
    fillError(joint, basis(joint, i, qi, scratch), qi, pose.Q, out);
  } else {
    out.error.setZero();
  }
}

void PrimaryConstraints::updateVelocity(const Model& model, int i, const std::vector<Vector6>& phi,
                                        const VectorX& q, VectorX& qd, PrimaryConstraint& out) const {
  const Joint& joint = model.joints[i];
  const JointConstants& c = joints_[i];
  const int p = joint.parent;
  const Vector6 phiParent = p < 0 ? Vector6::Zero() : Vector6(out.Ad_cp * phi[p]);
  const Vector6 delta = c.Ad_Jc * (phi[i] - phiParent);
  const Vector6 coriolis = spatialCross(phi[i], phiParent);
  const double* qi = q.data() + joint.qIndex;
  double* qdi = qd.data() + joint.qIndex;
  Matrix6 scratch;
  const Matrix6& Pt = basis(joint, i, qi, scratch);
  if (c.constantAxes) {
    const Vector6 rates = c.Splus * delta;
    for (int k = 0; k < joint.nq; ++k) qdi[k] = rates[k];
    out.bias.noalias() = -out.GcPadded * coriolis;
    out.rotorBias = out.armature != 0.0 ? c.rotorRow.dot(coriolis) : 0.0;
  } else {
    JointKinematics jk;
    evaluateJoint(joint, qi, qdi, jk);
    constraints::velocitiesFromTwist(jk.S, delta, qdi);
    evaluateJoint(joint, qi, qdi, jk);  // Sdot at the new qdot: the universal joint has P^T Sdot != 0
    out.bias.noalias() = Pt * (jk.Sdot * Eigen::Map<const JointVector>(qdi, joint.nq));
    out.bias.noalias() -= out.GcPadded * coriolis;
  }
  out.velocity.noalias() = Pt * delta;
}

void PrimaryConstraints::updateVelocityViolation(const Model& model, int i, const std::vector<Vector6>& phi,
                                                 PrimaryConstraint& out) const {
  const int p = model.joints[i].parent;
  Vector6 relative = phi[i];
  if (p >= 0) relative.noalias() -= out.Ad_cp * phi[p];
  out.velocity.noalias() = out.GcPadded * relative;
}

void jointAccelerations(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                        const std::vector<Vector6>& a, const VectorX& q, const VectorX& qd, VectorX& qdd) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    if (joint.nq == 0) continue;
    const int p = joint.parent;
    const Matrix4 E_pc = p < 0 ? E_0i[i] : Matrix4(se3::inverse(E_0i[p]) * E_0i[i]);
    const Matrix6 Ad_cp = se3::AdInverse(E_pc);
    Vector6 relative = a[i];
    if (p >= 0) {
      const Vector6 phiParent = Ad_cp * phi[p];
      relative += se3::ad(phi[i]) * phiParent - Ad_cp * a[p];
    }
    JointKinematics jk;
    evaluateJoint(joint, q.data() + joint.qIndex, qd.data() + joint.qIndex, jk);
    const Vector6 rate = se3::Ad(joint.E_jc) * relative - jk.Sdot * qd.segment(joint.qIndex, joint.nq);
    constraints::velocitiesFromTwist(jk.S, rate, qdd.data() + joint.qIndex);
  }
}

}  // namespace articulab::baraff
