#include "engine/solvers/baraff/body_forces.hpp"

#include <Eigen/Cholesky>

#include "engine/forces/applied_forces.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab::baraff {

namespace {

// A joint force tau acts on the child as w_c with (Ad_cJ S)^T w_c = tau, here
// w_c = Ad(E_jc)^T S (S^T S)^-1 tau, and on the parent as -Ad_cp^T w_c (virtual work).
void addJointSpring(const Model& model, int i, const std::vector<Matrix4>& E_0i, const VectorX& q, const VectorX& qd,
                    std::vector<Vector6>& F) {
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
  F[i] += w_c;
  const int p = joint.parent;
  if (p >= 0) F[p] -= se3::AdInverse(se3::inverse(E_0i[p]) * E_0i[i]).transpose() * w_c;
}

}  // namespace

void fillBodyForces(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                    const VectorX& q, const VectorX& qd, const Perturbation& pert, std::vector<Vector6>& F) {
  computeBodyForces(model, PoseListMotion{E_0i, phi}, pert, F);
  for (int i = 0; i < model.bodyCount(); ++i) addJointSpring(model, i, E_0i, q, qd, F);
}

}  // namespace articulab::baraff
