#include "engine/algorithm/kinematics.hpp"

#include <cmath>

#include "engine/multibody/joint_dof.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab {

namespace {

JointKinematicsKind kindOf(const Joint& joint) {
  // Rodrigues' formula in sin q, cos q holds for a unit axis; evaluateJoint handles the rest.
  if (joint.parts.size() != 1 || std::abs(joint.parts[0].axis.norm() - 1.0) > 1e-12)
    return JointKinematicsKind::General;
  if (joint.parts[0].type == JointType::Revolute) return JointKinematicsKind::FixedAxisRevolute;
  if (joint.parts[0].type == JointType::Prismatic) return JointKinematicsKind::FixedAxisPrismatic;
  return JointKinematicsKind::General;
}

JointConstants jointConstants(const Joint& joint) {
  JointConstants c;
  c.kind = kindOf(joint);
  c.Ad_iJ = se3::AdInverse(joint.E_jc);
  const Matrix3 R_pj = joint.E_pj.topLeftCorner<3, 3>(), R_jc = joint.E_jc.topLeftCorner<3, 3>();
  const Vector3 p_pj = joint.E_pj.topRightCorner<3, 1>(), p_jc = joint.E_jc.topRightCorner<3, 1>();
  c.R0 = R_pj * R_jc;
  c.p0 = R_pj * p_jc + p_pj;
  if (c.kind == JointKinematicsKind::FixedAxisRevolute) {
    const Matrix3 K = so3::skew(joint.parts[0].axis);
    c.R1 = R_pj * K * R_jc;
    c.R2 = R_pj * K * K * R_jc;
    c.p1 = R_pj * K * p_jc;
    c.p2 = R_pj * K * K * p_jc;
  } else if (c.kind == JointKinematicsKind::FixedAxisPrismatic) {
    c.p1 = R_pj * joint.parts[0].axis;
  }
  return c;
}

// Ad_iJ S of a fixed-axis joint (eq 2.23, 2.41); constant, so written once.
JointMatrix fixedAxisBasis(const Joint& joint, const JointConstants& c) {
  JointMatrix S = JointMatrix::Zero(6, 1);
  if (c.kind == JointKinematicsKind::FixedAxisRevolute) S.col(0).head<3>() = joint.parts[0].axis;
  else S.col(0).tail<3>() = joint.parts[0].axis;
  return c.Ad_iJ * S;
}

// E_pi = E_pj Q(q) E_jc (eq 2.6); for a general joint also Ad_iJ S and Ad_iJ Sdot.
void jointPose(const Joint& joint, const JointConstants& c, const VectorX& q, const VectorX& qd,
               TreeKinematics& kin, BodyKinematics& body) {
  ParentTransform& E = body.E_pi;
  switch (c.kind) {
    case JointKinematicsKind::FixedAxisRevolute: {
      const double qi = q[joint.qIndex];
      const double s = std::sin(qi), versine = 1.0 - std::cos(qi);
      E.R = c.R0 + s * c.R1 + versine * c.R2;
      E.p = c.p0 + s * c.p1 + versine * c.p2;
      return;
    }
    case JointKinematicsKind::FixedAxisPrismatic:
      E.R = c.R0;
      E.p = c.p0 + q[joint.qIndex] * c.p1;
      return;
    case JointKinematicsKind::General: {
      JointKinematics& jk = kin.scratch;
      evaluateJoint(joint, q.data() + joint.qIndex, qd.data() + joint.qIndex, jk);
      const Matrix4 E_pi = joint.E_pj * jk.Q * joint.E_jc;
      E.R = E_pi.topLeftCorner<3, 3>();
      E.p = E_pi.topRightCorner<3, 1>();
      body.AdS.noalias() = c.Ad_iJ * jk.S;
      body.AdSdot.noalias() = c.Ad_iJ * jk.Sdot;
      return;
    }
  }
}

// phiJoint = Ad_iJ S qdot and Ad_iJ Sdot qdot with the joint's size known at compile time.
void jointTwists(const Joint& joint, const VectorX& qd, bool constantBasis, BodyKinematics& body, Vector6& sdotQd) {
  joint_dof::withDof(joint.nq, [&](auto n) {
    constexpr int N = decltype(n)::value;
    if constexpr (N == 0) {
      body.phiJoint.setZero();
      sdotQd.setZero();
    } else {
      const Eigen::Map<const joint_dof::Coordinates<N>> qdi(qd.data() + joint.qIndex);
      body.phiJoint.noalias() = Eigen::Map<const joint_dof::Basis<N>>(body.AdS.data()) * qdi;
      if (constantBasis) sdotQd.setZero();
      else sdotQd.noalias() = Eigen::Map<const joint_dof::Basis<N>>(body.AdSdot.data()) * qdi;
    }
  });
}

// phi_i = Ad_ip phi_p + Ad_iJ S qdot (eq 2.11); eta_i = d/dt(Ad_ip) phi_p + Ad_iJ Sdot qdot with
// d/dt(Ad_ip) phi_p = ad(Ad_ip phi_p) Ad_iJ S qdot (eq 2.17).
void bodyVelocity(const Joint& joint, const JointConstants& c, const VectorX& qd, const TreeKinematics& kin,
                  BodyKinematics& body) {
  Vector6 sdotQd;
  jointTwists(joint, qd, c.kind != JointKinematicsKind::General, body, sdotQd);
  if (joint.parent < 0) {
    body.phi = body.phiJoint;
    body.eta = sdotQd;
    return;
  }
  const Vector6 phiParent = body.E_pi.twistToChild(kin.bodies[joint.parent].phi);
  body.phi = phiParent + body.phiJoint;
  body.eta = se3::adTimes(phiParent, body.phiJoint) + sdotQd;
}

}  // namespace

Matrix4 BodyKinematics::worldPose() const { return se3::make(R_0i, p_0i); }

TreeKinematics::TreeKinematics(const Model& model) {
  joints.reserve(model.joints.size());
  bodies.resize(model.bodies.size());
  for (const Joint& joint : model.joints) {
    joints.push_back(jointConstants(joint));
    BodyKinematics& body = bodies[joint.child];
    const bool general = joints.back().kind == JointKinematicsKind::General;
    body.AdS = general ? JointMatrix::Zero(6, joint.nq) : fixedAxisBasis(joint, joints.back());
    body.AdSdot = JointMatrix::Zero(6, joint.nq);
  }
  scratch.S = JointMatrix::Zero(6, 6);
  scratch.Sdot = JointMatrix::Zero(6, 6);
}

void computeKinematics(const Model& model, const VectorX& q, const VectorX& qd, TreeKinematics& kin) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    BodyKinematics& body = kin.bodies[i];
    jointPose(joint, kin.joints[i], q, qd, kin, body);
    if (joint.parent < 0) {
      body.R_0i = body.E_pi.R;
      body.p_0i = body.E_pi.p;
    } else {
      const BodyKinematics& parent = kin.bodies[joint.parent];
      body.R_0i.noalias() = parent.R_0i * body.E_pi.R;
      body.p_0i.noalias() = parent.R_0i * body.E_pi.p;
      body.p_0i += parent.p_0i;
    }
    bodyVelocity(joint, kin.joints[i], qd, kin, body);
  }
}

void updateVelocities(const Model& model, const VectorX& q, const VectorX& qd, TreeKinematics& kin) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    const JointConstants& c = kin.joints[i];
    if (c.kind == JointKinematicsKind::General) {  // Sdot depends on qdot
      evaluateJoint(joint, q.data() + joint.qIndex, qd.data() + joint.qIndex, kin.scratch);
      kin.bodies[i].AdSdot.noalias() = c.Ad_iJ * kin.scratch.Sdot;
    }
    bodyVelocity(joint, c, qd, kin, kin.bodies[i]);
  }
}

void copyWorldMotion(const TreeKinematics& kin, std::vector<Matrix4>& E_0i, std::vector<Vector6>& phi) {
  for (std::size_t i = 0; i < kin.bodies.size(); ++i) {
    E_0i[i] = kin.bodies[i].worldPose();
    phi[i] = kin.bodies[i].phi;
  }
}

}  // namespace articulab
