#include "engine/forces/joint_spring_wrenches.hpp"

#include <Eigen/Cholesky>

#include "engine/spatial/se3.hpp"

namespace articulab {

namespace {

void addJointSpringWrench(const Model& model, int i, const std::vector<Matrix4>& E_0i, const VectorX& q,
                          const VectorX& qd, std::vector<Vector6>& wrench) {
  const Joint& joint = model.joints[i];
  if (joint.nq == 0 || (joint.stiffness == 0.0 && joint.damping == 0.0)) return;
  const auto qi = q.segment(joint.qIndex, joint.nq);
  const auto qdi = qd.segment(joint.qIndex, joint.nq);
  const JointVector tau = -joint.stiffness * (qi - joint.rest) - joint.damping * qdi;
  JointKinematics jk;
  evaluateJoint(joint, qi.data(), qdi.data(), jk);
  using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;
  const Small StS = jk.S.transpose() * jk.S;
  const JointVector weights = Eigen::LDLT<Small>(StS).solve(tau);
  const Vector6 w_c = se3::Ad(joint.E_jc).transpose() * (jk.S * weights);
  wrench[i] += w_c;
  const int p = joint.parent;
  if (p >= 0) wrench[p] -= se3::AdInverse(se3::inverse(E_0i[p]) * E_0i[i]).transpose() * w_c;
}

}  // namespace

void addJointSpringWrenches(const Model& model, const std::vector<Matrix4>& E_0i, const VectorX& q,
                            const VectorX& qd, std::vector<Vector6>& wrench) {
  for (int i = 0; i < model.bodyCount(); ++i) addJointSpringWrench(model, i, E_0i, q, qd, wrench);
}

}  // namespace articulab
