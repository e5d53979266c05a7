// Uniform cubic B-spline basis, generic in the scalar type so that joints built on it are
// differentiated by jets (sueda eq 2.61-2.65, 2.68).
#pragma once

#include <array>

#include "engine/spatial/types.hpp"

namespace articulab::spline {

// B_i(s): row i of the basis matrix B times (1, s, s^2, s^3), i = 1..4 (eq 2.61-2.63).
template <class T>
std::array<T, 4> basis(const T& s) {
  const T s2 = s * s, s3 = s2 * s;
  return {(1.0 - 3.0 * s + 3.0 * s2 - s3) / 6.0, (4.0 - 6.0 * s2 + 3.0 * s3) / 6.0,
          (1.0 + 3.0 * s + 3.0 * s2 - 3.0 * s3) / 6.0, s3 / 6.0};
}

// The cumulative basis B~_2, B~_3, B~_4 (eq 2.65); B~_1 = 1.
template <class T>
std::array<T, 3> cumulativeBasis(const T& s) {
  const std::array<T, 4> b = basis<T>(s);
  return {b[1] + b[2] + b[3], b[2] + b[3], b[3]};
}

// The tensor-product patch f(C, q1, q2) = q1~^T B^T C B q2~ (eq 2.68): C(i, j) weighs
// B_i(q1) B_j(q2).
template <class T>
T tensorProduct(const Matrix4& C, const T& q1, const T& q2) {
  const std::array<T, 4> a = basis<T>(q1), b = basis<T>(q2);
  T f(0.0);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) f = f + C(i, j) * (a[i] * b[j]);
  return f;
}

}  // namespace articulab::spline
