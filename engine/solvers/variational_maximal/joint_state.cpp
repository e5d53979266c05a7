#include "engine/solvers/variational_maximal/joint_state.hpp"

#include "engine/constraints/joint_coordinates.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab::variational {

void recoverJointState(const Model& model, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi, VectorX& q,
                       VectorX& qd) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    if (joint.nq == 0) continue;
    const int p = joint.parent;
    const Matrix4 E_pc = p >= 0 ? se3::inverseTimes(E[p], E[i]) : E[i];
    constraints::coordinatesFromTransform(joint, constraints::measuredJointTransform(joint, E_pc),
                                          q.data() + joint.qIndex);
    Vector6 relative = phi[i];
    if (p >= 0) relative -= se3::AdInverseTimes(E_pc, phi[p]);
    JointKinematics jk;
    evaluateJoint(joint, q.data() + joint.qIndex, qd.data() + joint.qIndex, jk);
    constraints::velocitiesFromTwist(jk.S, se3::AdTimes(joint.E_jc, relative), qd.data() + joint.qIndex);
  }
}

void recoverJointAccelerations(const Model& model, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi,
                               const std::vector<Vector6>& a, const VectorX& q, const VectorX& qd, VectorX& qdd) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    if (joint.nq == 0) continue;
    const int p = joint.parent;
    Vector6 relative = a[i];
    if (p >= 0) {
      const Matrix6 Ad_cp = se3::AdInverse(se3::inverse(E[p]) * E[i]);
      relative += se3::ad(phi[i]) * (Ad_cp * phi[p]) - Ad_cp * a[p];
    }
    JointKinematics jk;
    evaluateJoint(joint, q.data() + joint.qIndex, qd.data() + joint.qIndex, jk);
    const Vector6 rate = se3::Ad(joint.E_jc) * relative - jk.Sdot * qd.segment(joint.qIndex, joint.nq);
    constraints::velocitiesFromTwist(jk.S, rate, qdd.data() + joint.qIndex);
  }
}

}  // namespace articulab::variational
