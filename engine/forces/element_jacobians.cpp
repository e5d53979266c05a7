// Derivation, for an attachment at body point r on a body with pose (R, p) and twist phi:
//   x = R r + p,  delta x = R Gamma(r) delta,  xdot = R Gamma(r) phi,
//   delta xdot = R [delta_w] Gamma(r) phi = -R [Gamma(r) phi] delta_w   (phi held fixed),
//   delta (R^T F) = [R^T F] delta_w + R^T delta F   (eq 1.34).
// With dx = x_b - x_a, dv = xdot_b - xdot_a and the law's dF/d(dx), dF/d(dv):
//   dF/d(delta_j) = dF/d(dx) d(dx)/d(delta_j) + dF/d(dv) d(dv)/d(delta_j),  dF/d(phi_j) = dF/d(dv) d(dv)/d(phi_j),
//   d w_b/d(delta_j) = Gamma_b^T (R_b^T dF/d(delta_j) + [j = b] [[R_b^T F] 0]),
//   d w_a/d(delta_j) = -Gamma_a^T (R_a^T dF/d(delta_j) + [j = a] [[R_a^T F] 0]).
// Sueda's eq 1.33 and 1.37 are K = +df/dx of the symmetrised zero-damping case; here K = -dw/dx.
#include "engine/forces/element_jacobians.hpp"

#include "engine/forces/positive_semidefinite.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab {

namespace {

using Matrix3x12 = Eigen::Matrix<double, 3, 12>;
using Matrix6x12 = Eigen::Matrix<double, 6, 12>;

// Derivatives of one attachment's world point and velocity, placed in the columns of its body.
struct AttachmentDerivatives {
  Matrix3x12 x_delta = Matrix3x12::Zero();  // d x / d(delta)
  Matrix3x12 v_delta = Matrix3x12::Zero();  // d xdot / d(delta)
  Matrix3x12 v_phi = Matrix3x12::Zero();    // d xdot / d(phi)
};

AttachmentDerivatives attachmentDerivatives(const Attachment& attachment, const RigidMotion& motion, int column) {
  AttachmentDerivatives d;
  if (attachment.body < 0) return d;
  const Matrix3x6 Gamma = se3::Gamma(attachment.point);
  const Matrix3x6 RGamma = motion.R * Gamma;
  d.x_delta.middleCols<6>(column) = RGamma;
  d.v_delta.block<3, 3>(0, column) = -motion.R * so3::skew(Gamma * motion.phi);
  d.v_phi.middleCols<6>(column) = RGamma;
  return d;
}

// Rows of -dw/d(.) for one attachment: sign * Gamma^T (R^T dF + own rotation term).
void addWrenchRows(const Attachment& attachment, const RigidMotion& motion, double sign, const Vector3& F,
                   const Matrix3x12& dF_delta, const Matrix3x12& dF_phi, int row, ElementJacobians& out) {
  if (attachment.body < 0) return;
  const Matrix3x6 Gamma = se3::Gamma(attachment.point);
  Matrix3x12 rotated = motion.R.transpose() * dF_delta;
  rotated.block<3, 3>(0, row) += so3::skew(motion.R.transpose() * F);
  out.K.middleRows<6>(row) -= sign * (Gamma.transpose() * rotated);
  out.D.middleRows<6>(row) -= sign * (Gamma.transpose() * (motion.R.transpose() * dF_phi));
}

}  // namespace

void elementJacobians(const ForceElement& element, const RigidMotion& a, const RigidMotion& b, ElementJacobians& out) {
  out.K.setZero();
  out.D.setZero();
  const AttachmentPoint pa = attachmentPoint(element.a, a), pb = attachmentPoint(element.b, b);
  const ForceLawValue law = evaluateForceLaw(element, pa.x, pb.x, pb.xdot - pa.xdot);
  const bool twoPoint = isTwoPointElement(element);
  const AttachmentDerivatives da = twoPoint ? attachmentDerivatives(element.a, a, 0) : AttachmentDerivatives{};
  const AttachmentDerivatives db = attachmentDerivatives(element.b, b, 6);
  const Matrix3x12 dF_delta = law.dForce_dx * (db.x_delta - da.x_delta) + law.dForce_dv * (db.v_delta - da.v_delta);
  const Matrix3x12 dF_phi = law.dForce_dv * (db.v_phi - da.v_phi);
  addWrenchRows(element.b, b, 1.0, law.force, dF_delta, dF_phi, 6, out);
  if (twoPoint) addWrenchRows(element.a, a, -1.0, law.force, dF_delta, dF_phi, 0, out);
}

void implicitElementJacobians(const ForceElement& element, const RigidMotion& a, const RigidMotion& b,
                              ElementJacobians& out) {
  elementJacobians(element, a, b, out);
  projectToPositiveSemidefinite(out.K);
  out.D = 0.5 * (out.D + out.D.transpose());
}

}  // namespace articulab
