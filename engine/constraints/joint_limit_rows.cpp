#include "engine/constraints/joint_limit_rows.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab::constraints {

bool limitsEnforced(const Joint& joint) {
  return joint.hasLimits && (joint.type == JointType::Revolute || joint.type == JointType::Prismatic);
}

CoordinateRate coordinateRate(const Model& model, int i, const std::vector<Matrix4>& E_0i,
                              const std::vector<Vector6>& phi, double q) {
  const Joint& joint = model.joints[i];
  const int p = joint.parent;
  const Matrix4 E_pc = p < 0 ? E_0i[i] : Matrix4(se3::inverse(E_0i[p]) * E_0i[i]);
  JointKinematics jk;
  const double zero = 0.0;
  evaluateJoint(joint, &q, &zero, jk);
  const Vector6 s = jk.S.col(0);
  CoordinateRate rate;
  rate.jc = s.transpose() * se3::Ad(joint.E_jc) / s.squaredNorm();
  rate.jp = p < 0 ? Row6::Zero() : Row6(-rate.jc * se3::AdInverse(E_pc));
  rate.qdot = rate.jc.dot(phi[i]) + (p < 0 ? 0.0 : rate.jp.dot(phi[p]));
  return rate;
}

}  // namespace articulab::constraints
