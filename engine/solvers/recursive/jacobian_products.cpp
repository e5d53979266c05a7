#include "engine/solvers/recursive/jacobian_products.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab {

void jacobianProducts(const Model& model, const TreeKinematics& kin, const VectorX& x, VectorX& y, VectorX& z) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    const auto xi = x.segment(joint.qIndex, joint.nq);
    auto yi = y.segment<6>(6 * i);
    auto zi = z.segment<6>(6 * i);
    yi.noalias() = k.AdS * xi;
    zi.noalias() = k.AdSdot * xi;
    if (joint.parent < 0) continue;
    const Vector6 yParent = k.E_pi.twistToChild(y.segment<6>(6 * joint.parent));
    yi += yParent;
    zi += k.E_pi.twistToChild(z.segment<6>(6 * joint.parent)) + se3::adTimes(yParent, k.phiJoint);
  }
}

void jacobianTransposeProduct(const Model& model, const TreeKinematics& kin, const VectorX& y, BodyVectors& alpha,
                              VectorX& x) {
  for (int i = 0; i < model.bodyCount(); ++i) alpha[i] = y.segment<6>(6 * i);
  for (int i = model.bodyCount() - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    x.segment(joint.qIndex, joint.nq).noalias() = k.AdS.transpose() * alpha[i];
    if (joint.parent >= 0) alpha[joint.parent] += k.E_pi.wrenchToParent(alpha[i]);
  }
}

void massMatrixProduct(const Model& model, const TreeKinematics& kin, const VectorX& x, BodyVectors& twist,
                       BodyVectors& wrench, VectorX& out) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    twist[i].noalias() = k.AdS * x.segment(joint.qIndex, joint.nq);
    if (joint.parent >= 0) twist[i] += k.E_pi.twistToChild(twist[joint.parent]);
    wrench[i].noalias() = model.bodies[i].M * twist[i];
  }
  for (int i = model.bodyCount() - 1; i >= 0; --i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    out.segment(joint.qIndex, joint.nq).noalias() = k.AdS.transpose() * wrench[i];
    if (joint.nq > 0 && joint.armature != 0.0)  // Joint::armature
      out.segment(joint.qIndex, joint.nq) += joint.armature * x.segment(joint.qIndex, joint.nq);
    if (joint.parent >= 0) wrench[joint.parent] += k.E_pi.wrenchToParent(wrench[i]);
  }
}

}  // namespace articulab
