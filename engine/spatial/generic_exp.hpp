// SO(3) and SE(3) exponentials generic in the scalar type, for joint transforms that are
// differentiated by jets (engine/spatial/jet.hpp). Same formulas as so3::exp and se3::exp
// (sueda eq 1.9, 1.21); the series branch is chosen on the value, so derivatives stay exact.
#pragma once

#include <Eigen/Core>

#include "engine/spatial/jet.hpp"

namespace articulab::generic {

template <class T>
using Vector3T = Eigen::Matrix<T, 3, 1>;
template <class T>
using Matrix3T = Eigen::Matrix<T, 3, 3>;
template <class T>
using Matrix4T = Eigen::Matrix<T, 4, 4>;

template <class T>
Matrix3T<T> skew(const Vector3T<T>& a) {
  Matrix3T<T> A;
  A << T(0.0), -a.z(), a.y(), a.z(), T(0.0), -a.x(), -a.y(), a.x(), T(0.0);
  return A;
}

// sin(t)/t, (1 - cos t)/t^2 and (t - sin t)/t^3 as functions of x = t^2 (series below 1e-2).
template <class T>
struct ExpCoefficients {
  T a, b, c;
};

template <class T>
ExpCoefficients<T> expCoefficients(const T& x) {
  if (valueOf(x) < 1e-2) {
    return {1.0 - x / 6.0 + x * x / 120.0 - x * x * x / 5040.0 + x * x * x * x / 362880.0,
            0.5 - x / 24.0 + x * x / 720.0 - x * x * x / 40320.0 + x * x * x * x / 3628800.0,
            1.0 / 6.0 - x / 120.0 + x * x / 5040.0 - x * x * x / 362880.0 + x * x * x * x / 39916800.0};
  }
  using std::cos, std::sin, std::sqrt;
  const T t = sqrt(x), s = sin(t), c = cos(t);
  return {s / t, (1.0 - c) / x, (t - s) / (x * t)};
}

// exp([w]) by Rodrigues' formula (eq 1.9).
template <class T>
Matrix3T<T> rotationExp(const Vector3T<T>& w) {
  const ExpCoefficients<T> k = expCoefficients<T>(w.squaredNorm());
  const Matrix3T<T> W = skew<T>(w);
  return Matrix3T<T>::Identity() + k.a * W + k.b * (W * W);
}

// exp of the twist (w; v) (eq 1.21): rotation exp(w), translation V v.
template <class T>
Matrix4T<T> rigidExp(const Vector3T<T>& w, const Vector3T<T>& v) {
  const ExpCoefficients<T> k = expCoefficients<T>(w.squaredNorm());
  const Matrix3T<T> W = skew<T>(w), W2 = W * W;
  Matrix4T<T> E = Matrix4T<T>::Identity();
  E.template topLeftCorner<3, 3>() = Matrix3T<T>::Identity() + k.a * W + k.b * W2;
  E.template topRightCorner<3, 1>() = (Matrix3T<T>::Identity() + k.b * W + k.c * W2) * v;
  return E;
}

// The rigid transform with rotation R and translation p.
template <class T>
Matrix4T<T> rigid(const Matrix3T<T>& R, const Vector3T<T>& p) {
  Matrix4T<T> E = Matrix4T<T>::Identity();
  E.template topLeftCorner<3, 3>() = R;
  E.template topRightCorner<3, 1>() = p;
  return E;
}

// Inverse of a rigid transform: (R^T, -R^T p).
template <class T>
Matrix4T<T> rigidInverse(const Matrix4T<T>& E) {
  const Matrix3T<T> Rt = E.template topLeftCorner<3, 3>().transpose();
  return rigid<T>(Rt, -(Rt * E.template topRightCorner<3, 1>()));
}

}  // namespace articulab::generic
