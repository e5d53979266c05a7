// The child frame of a point joint on a curve or surface: z along a unit axis (the curve's
// tangent, the surface's normal), x from a hint projected off that axis, then turned by a
// spin angle about z.
#pragma once

#include "engine/spatial/generic_exp.hpp"

namespace articulab::bezier {

// R = [x y z] Rz(spin) with x = unit(hint - (hint . z) z), y = z x x; z must be a unit
// vector not parallel to hint.
template <class T>
generic::Matrix3T<T> tangentFrame(const generic::Vector3T<T>& z, const generic::Vector3T<T>& hint, const T& spin) {
  using std::sqrt;
  const generic::Vector3T<T> projected = hint - z * hint.dot(z);
  const generic::Vector3T<T> x = projected / sqrt(projected.squaredNorm());
  generic::Matrix3T<T> R;
  R.col(0) = x;
  R.col(1) = z.cross(x);
  R.col(2) = z;
  const T zero(0.0);
  return R * generic::rotationExp<T>(generic::Vector3T<T>(zero, zero, spin));
}

// v / |v|.
template <class T>
generic::Vector3T<T> unit(const generic::Vector3T<T>& v) {
  using std::sqrt;
  return v / sqrt(v.squaredNorm());
}

}  // namespace articulab::bezier
