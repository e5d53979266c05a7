#include "engine/solvers/baraff/primary_constraints.hpp"

#include "engine/solvers/baraff/joint_coordinates.hpp"
#include "engine/solvers/baraff/joint_rows.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab::baraff {

void assemblePrimaryConstraint(const Model& model, int i, const std::vector<Matrix4>& E_0i,
                               const std::vector<Vector6>& phi, bool withError, VectorX& q, VectorX& qd,
                               PrimaryConstraint& out) {
  const Joint& joint = model.joints[i];
  const int p = joint.parent;
  const Matrix4 E_pc = p < 0 ? E_0i[i] : Matrix4(se3::inverse(E_0i[p]) * E_0i[i]);
  const Matrix4 Q = measuredJointTransform(joint, E_pc);
  double* qi = q.data() + joint.qIndex;
  double* qdi = qd.data() + joint.qIndex;
  coordinatesFromTransform(joint, Q, qi);

  const Matrix6 Ad_cp = se3::AdInverse(E_pc);
  const Matrix6 Ad_Jc = se3::Ad(joint.E_jc);
  const Vector6 phiParent = p < 0 ? Vector6::Zero() : Vector6(Ad_cp * phi[p]);
  const Vector6 delta = Ad_Jc * (phi[i] - phiParent);

  JointKinematics jk;
  evaluateJoint(joint, qi, qdi, jk);
  velocitiesFromTwist(jk.S, delta, qdi);
  // Only the universal joint has P^T Sdot != 0; every other type's rows are orthogonal to Sdot.
  if (joint.type == JointType::Universal) evaluateJoint(joint, qi, qdi, jk);

  ConstraintBasis P;
  fillConstraintBasis(joint, qi, P);
  out.rows = static_cast<int>(P.cols());
  out.Gc.noalias() = P.transpose() * Ad_Jc;
  out.Gp.noalias() = -out.Gc * Ad_cp;
  const Vector6 coriolis = se3::ad(phi[i]) * phiParent;
  out.bias.noalias() = P.transpose() * (jk.Sdot * Eigen::Map<const JointVector>(qdi, joint.nq));
  out.bias.noalias() -= out.Gc * coriolis;
  out.velocity.noalias() = P.transpose() * delta;
  if (withError) {
    const Vector6 e = se3::log(se3::inverse(jk.Q) * Q);  // right perturbation in the joint frame
    out.error.noalias() = P.transpose() * e;
  } else {
    out.error.setZero(out.rows);
  }
}

}  // namespace articulab::baraff

namespace articulab::baraff {

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
    velocitiesFromTwist(jk.S, rate, qdd.data() + joint.qIndex);
  }
}

}  // namespace articulab::baraff
