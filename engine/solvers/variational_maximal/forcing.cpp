#include "engine/solvers/variational_maximal/forcing.hpp"

#include <Eigen/Cholesky>

#include "engine/forces/applied_forces.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab::variational {

namespace {

// A joint force tau acts on the child as w_c with (Ad_cJ S)^T w_c = tau, w_c = Ad(E_jc)^T S
// (S^T S)^-1 tau, and on the parent as -Ad_cp^T w_c (virtual work, sueda eq 2.72-2.74).
void addJointSpring(const Model& model, int i, const State& state, std::vector<Vector6>& wrench) {
  const Joint& joint = model.joints[i];
  if (joint.nq == 0 || (joint.stiffness == 0.0 && joint.damping == 0.0)) return;
  const auto q = state.q.segment(joint.qIndex, joint.nq);
  const auto qd = state.qd.segment(joint.qIndex, joint.nq);
  const JointVector tau = -joint.stiffness * (q - joint.rest) - joint.damping * qd;
  JointKinematics jk;
  evaluateJoint(joint, q.data(), qd.data(), jk);
  using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;
  const Small StS = jk.S.transpose() * jk.S;
  const JointVector weights = Eigen::LDLT<Small>(StS).solve(tau);
  const Vector6 w_c = se3::Ad(joint.E_jc).transpose() * (jk.S * weights);
  wrench[i] += w_c;
  const int p = joint.parent;
  if (p >= 0) wrench[p] -= se3::AdInverse(se3::inverse(state.E_0i[p]) * state.E_0i[i]).transpose() * w_c;
}

}  // namespace

void computeForcing(const Model& model, const State& state, std::vector<Vector6>& wrench,
                    std::vector<BodyForcing>& out) {
  for (Vector6& w : wrench) w.setZero();
  const PoseListMotion motion{state.E_0i, state.phi};
  if (state.perturbation.body >= 0)
    addElementWrenches(perturbationElement(state.perturbation), RigidMotion{}, motion.rigid(state.perturbation.body),
                       wrench);
  for (const ForceElement& element : model.forces)
    addElementWrenches(element, attachmentMotion(motion, element.a), attachmentMotion(motion, element.b), wrench);
  for (int i = 0; i < model.bodyCount(); ++i) addJointSpring(model, i, state, wrench);
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Body& body = model.bodies[i];
    const Vector3 n = wrench[i].head<3>(), f = wrench[i].tail<3>();
    out[i].tau = n - body.com.cross(f);
    out[i].F = state.E_0i[i].topLeftCorner<3, 3>() * f + body.mass * model.gravity;
  }
}

}  // namespace articulab::variational
