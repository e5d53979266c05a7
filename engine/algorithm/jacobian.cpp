#include "engine/algorithm/jacobian.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab {

void fillJacobians(const Model& model, const TreeKinematics& kin, const VectorX& qd, MatrixX& J, MatrixX& Jdot) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    const int p = joint.parent;
    if (p >= 0) {
      // J(i, a) = Ad_ip J(p, a) for every ancestor a; Jdot(i, a) = dAd_ip J(p, a) + Ad_ip Jdot(p, a)
      // with dAd_ip = -ad(Ad_iJ S qdot) Ad_ip (eq 2.16-2.17). Ancestors occupy the first
      // columns up to the parent's last coordinate.
      const int cols = model.joints[p].qIndex + model.joints[p].nq;
      const Vector6 phiJoint = kin.AdS[i] * qd.segment(joint.qIndex, joint.nq);
      const Matrix6 dAd_ip = -se3::ad(phiJoint) * kin.Ad_ip[i];
      auto Ji = J.middleRows<6>(6 * i).leftCols(cols);
      auto Jdi = Jdot.middleRows<6>(6 * i).leftCols(cols);
      Ji.noalias() = kin.Ad_ip[i] * J.middleRows<6>(6 * p).leftCols(cols);
      Jdi.noalias() = dAd_ip * J.middleRows<6>(6 * p).leftCols(cols);
      Jdi.noalias() += kin.Ad_ip[i] * Jdot.middleRows<6>(6 * p).leftCols(cols);
    }
    // Diagonal blocks J(i, i) = Ad_iJ S, Jdot(i, i) = Ad_iJ Sdot (eq 2.14-2.15).
    J.block(6 * i, joint.qIndex, 6, joint.nq) = kin.AdS[i];
    Jdot.block(6 * i, joint.qIndex, 6, joint.nq) = kin.AdSdot[i];
  }
}

}  // namespace articulab
