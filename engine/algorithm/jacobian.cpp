#include "engine/algorithm/jacobian.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab {

void fillJacobians(const Model& model, const TreeKinematics& kin, MatrixX& J, MatrixX& Jdot) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    const int p = joint.parent;
    if (p >= 0) {
      // J(i, a) = Ad_ip J(p, a) for every ancestor a; Jdot(i, a) = dAd_ip J(p, a) + Ad_ip Jdot(p, a)
      // with dAd_ip = -ad(Ad_iJ S qdot) Ad_ip (eq 2.16-2.17). Ancestors occupy the first
      // columns up to the parent's last coordinate.
      const int cols = model.joints[p].qIndex + model.joints[p].nq;
      for (int a = 0; a < cols; ++a) {
        const Vector6 J_pa = J.block<6, 1>(6 * p, a);
        const Vector6 J_ia = k.E_pi.twistToChild(J_pa);
        J.block<6, 1>(6 * i, a) = J_ia;
        Jdot.block<6, 1>(6 * i, a) = k.E_pi.twistToChild(Jdot.block<6, 1>(6 * p, a)) - se3::adTimes(k.phiJoint, J_ia);
      }
    }
    // Diagonal blocks J(i, i) = Ad_iJ S, Jdot(i, i) = Ad_iJ Sdot (eq 2.14-2.15).
    J.block(6 * i, joint.qIndex, 6, joint.nq) = k.AdS;
    Jdot.block(6 * i, joint.qIndex, 6, joint.nq) = k.AdSdot;
  }
}

}  // namespace articulab
