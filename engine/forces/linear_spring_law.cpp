// Linear point-to-point spring (sueda eq 1.35-1.36), with an optional linear damper:
// F = -k dx - c dv on b, V = 1/2 k |dx|^2, dissipated power c |dv|^2.
#include "engine/forces/force_law.hpp"

namespace articulab {

ForceLawValue linearSpringLaw(const ForceElement& element, const Vector3& dx, const Vector3& dv) {
  const double k = element.stiffness, c = element.damping;
  ForceLawValue value;
  value.force = -k * dx - c * dv;
  value.dForce_dx = -k * Matrix3::Identity();
  value.dForce_dv = -c * Matrix3::Identity();
  value.potential = 0.5 * k * dx.squaredNorm();
  value.dissipation = c * dv.squaredNorm();
  value.length = dx.norm();
  value.tension = k * value.length;
  return value;
}

}  // namespace articulab
