#include "engine/algorithm/kinematics.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab {

TreeKinematics::TreeKinematics(const Model& model) {
  const std::size_t n = model.bodies.size();
  joint.resize(n);
  E_pi.resize(n);
  E_0i.resize(n);
  Ad_ip.resize(n);
  AdS.resize(n);
  AdSdot.resize(n);
  phi.resize(n);
}

void computeKinematics(const Model& model, const VectorX& q, const VectorX& qd, TreeKinematics& kin) {
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& J = model.joints[i];
    const int p = J.parent;
    JointKinematics& jk = kin.joint[i];
    evaluateJoint(J, q.data() + J.qIndex, qd.data() + J.qIndex, jk);
    // E_pi = E_pj Q(q) E_jc (eq 2.6); Ad_iJ = Ad(E_jc^-1).
    kin.E_pi[i] = J.E_pj * jk.Q * J.E_jc;
    kin.E_0i[i] = p < 0 ? kin.E_pi[i] : Matrix4(kin.E_0i[p] * kin.E_pi[i]);
    kin.Ad_ip[i] = se3::AdInverse(kin.E_pi[i]);
    const Matrix6 Ad_iJ = se3::AdInverse(J.E_jc);
    kin.AdS[i].noalias() = Ad_iJ * jk.S;
    kin.AdSdot[i].noalias() = Ad_iJ * jk.Sdot;
    // phi_i = Ad_ip phi_p + Ad_iJ S qdot_i (eq 2.11).
    kin.phi[i] = kin.AdS[i] * qd.segment(J.qIndex, J.nq);
    if (p >= 0) kin.phi[i] += kin.Ad_ip[i] * kin.phi[p];
  }
}

Vector3 pointVelocityWorld(const Matrix4& E_0i, const Vector6& phi, const Vector3& x) {
  return E_0i.topLeftCorner<3, 3>() * (se3::Gamma(x) * phi);
}

}  // namespace articulab
