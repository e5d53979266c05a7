// Spring-damper with rest length (sueda 1.9.6), derived here from V = 1/2 k (l - L)^2 and the
// damping force c ldot along the line, with l = |dx|, n = dx / l, ldot = n . dv:
//   T = k (l - L) + c ldot,   F = -T n on b (the points are pulled together while T > 0),
//   dF/d(dx) = -n (dT/d(dx))^T - T (I - n n^T) / l,  dT/d(dx) = k n + c (I - n n^T) dv / l,
//   dF/d(dv) = -c n n^T.
// The notes' eq 1.65-1.66 differ in two ways: their k and d are divided by L (so k is in N, not
// N/m), and their f_n puts -Gamma_1^T R_1^T dx on body 1, which pushes a stretched spring's
// bodies apart; the force above is the negative gradient of V (checked by finite differences).
// At l = 0 the direction is undefined; the force is taken as zero there.
#include "engine/forces/force_law.hpp"

namespace articulab {

ForceLawValue springDamperLaw(const ForceElement& element, const Vector3& dx, const Vector3& dv) {
  const double k = element.stiffness, c = element.damping, L = element.restLength;
  ForceLawValue value;
  const double l = dx.norm();
  value.length = l;
  value.potential = 0.5 * k * (l - L) * (l - L);
  if (l < 1e-12) return value;
  const Vector3 n = dx / l;
  const double lDot = n.dot(dv);
  const double T = k * (l - L) + c * lDot;
  const Matrix3 transverse = Matrix3::Identity() - n * n.transpose();
  const Vector3 dT_dx = k * n + (c / l) * (transverse * dv);
  value.force = -T * n;
  value.dForce_dx = -n * dT_dx.transpose() - (T / l) * transverse;
  value.dForce_dv = -c * n * n.transpose();
  value.dissipation = c * lDot * lDot;
  value.tension = T;
  return value;
}

}  // namespace articulab
