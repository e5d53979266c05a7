// SE(3) and se(3): exp, log, Ad, ad, d/dt Ad, Gamma (sueda notes 1.3-1.5).
// Twists are (angular; linear) in body coordinates; transforms are 4x4 matrices.
#pragma once

#include "engine/spatial/types.hpp"

namespace articulab::se3 {

// Builds E from rotation R and translation p (eq 1.1).
Matrix4 make(const Matrix3& R, const Vector3& p);
// E^-1 without a general inverse.
Matrix4 inverse(const Matrix4& E);
// E^-1 F and E F^-1 of rigid transforms by 3 x 3 blocks (eq 1.1): (R_E^T R_F, R_E^T (p_F - p_E))
// and (R_E R_F^T, p_E - R_E R_F^T p_F), about half the work of the 4 x 4 products.
Matrix4 inverseTimes(const Matrix4& E, const Matrix4& F);
Matrix4 timesInverse(const Matrix4& E, const Matrix4& F);
// [phi], the 4x4 matrix of a twist (eq 1.6).
Matrix4 brac(const Vector6& phi);
// Inverse of brac.
Vector6 unbrac(const Matrix4& B);
// E = exp([phi]) (eq 1.10).
Matrix4 exp(const Vector6& phi);
// phi with [phi] = log(E), rotation angle in [0, pi] (eq 1.10).
Vector6 log(const Matrix4& E);
// Ad(E), the adjoint (eq 1.14).
Matrix6 Ad(const Matrix4& E);
// Ad(E^-1) computed directly.
Matrix6 AdInverse(const Matrix4& E);
// Ad(E) phi = (R w; p x R w + R v) and Ad(E^-1) phi = (R^T w; R^T (v - p x w)) without forming
// the adjoint (E = (R, p), phi = (w; v)).
Vector6 AdTimes(const Matrix4& E, const Vector6& phi);
Vector6 AdInverseTimes(const Matrix4& E, const Vector6& phi);
// J Ad(E) and J Ad(E^-1) by 3 x 3 blocks, without forming the adjoint (E = (R, p), J = [J_w J_v]):
//   J Ad(E) = [(J_w + J_v [p]) R, J_v R],   J Ad(E^-1) = [J_w R^T - J_v R^T [p], J_v R^T].
Matrix6 timesAd(const Matrix6& J, const Matrix4& E);
Matrix6 timesAdInverse(const Matrix6& J, const Matrix4& E);
// ad(phi), the spatial cross-product matrix (eq 1.19).
Matrix6 ad(const Vector6& phi);
// d/dt Ad(E) = Ad(E) ad(phi) for Edot = E [phi] (eq 1.18-1.19).
Matrix6 dAd(const Matrix4& E, const Vector6& phi);
// Gamma(x) = [[x]^T I], maps a body twist to the velocity of body point x in body axes (eq 1.12).
Matrix3x6 Gamma(const Vector3& x);

// ad(a) b, the spatial cross product (eq 1.19), as (wa x wb; va x wb + wa x vb) without the 6x6.
inline Vector6 adTimes(const Vector6& a, const Vector6& b) {
  Vector6 out;
  out.head<3>() = a.head<3>().cross(b.head<3>());
  out.tail<3>() = a.tail<3>().cross(b.head<3>()) + a.head<3>().cross(b.tail<3>());
  return out;
}

}  // namespace articulab::se3
