#include "engine/spatial/se3.hpp"

#include <cmath>

#include "engine/spatial/so3.hpp"

namespace articulab::se3 {

Matrix4 make(const Matrix3& R, const Vector3& p) {
  Matrix4 E = Matrix4::Identity();
  E.topLeftCorner<3, 3>() = R;
  E.topRightCorner<3, 1>() = p;
  return E;
}

Matrix4 inverse(const Matrix4& E) {
  const Matrix3 Rt = E.topLeftCorner<3, 3>().transpose();
  return make(Rt, -Rt * E.topRightCorner<3, 1>());
}

Matrix4 inverseTimes(const Matrix4& E, const Matrix4& F) {
  Matrix4 out;
  out.topLeftCorner<3, 3>().noalias() = E.topLeftCorner<3, 3>().transpose() * F.topLeftCorner<3, 3>();
  out.topRightCorner<3, 1>().noalias() =
      E.topLeftCorner<3, 3>().transpose() * (F.topRightCorner<3, 1>() - E.topRightCorner<3, 1>());
  out.row(3) << 0.0, 0.0, 0.0, 1.0;
  return out;
}

Matrix4 timesInverse(const Matrix4& E, const Matrix4& F) {
  Matrix4 out;
  out.topLeftCorner<3, 3>().noalias() = E.topLeftCorner<3, 3>() * F.topLeftCorner<3, 3>().transpose();
  out.topRightCorner<3, 1>() = E.topRightCorner<3, 1>();
  out.topRightCorner<3, 1>().noalias() -= out.topLeftCorner<3, 3>() * F.topRightCorner<3, 1>();
  out.row(3) << 0.0, 0.0, 0.0, 1.0;
  return out;
}

Matrix4 brac(const Vector6& phi) {
  Matrix4 B = Matrix4::Zero();
  B.topLeftCorner<3, 3>() = so3::skew(phi.head<3>());
  B.topRightCorner<3, 1>() = phi.tail<3>();
  return B;
}

Vector6 unbrac(const Matrix4& B) {
  Vector6 phi;
  phi << so3::unskew(B.topLeftCorner<3, 3>()), B.topRightCorner<3, 1>();
  return phi;
}

// V(w) = I + (1 - cos)/theta^2 [w] + (theta - sin)/theta^3 [w]^2 maps v to the translation of exp.
static Matrix3 leftJacobianSO3(const Vector3& w) {
  const double theta2 = w.squaredNorm();
  double b;  // (1 - cos(theta)) / theta^2
  double c;  // (theta - sin(theta)) / theta^3
  if (theta2 < 1e-8) {
    b = 0.5 - theta2 / 24.0;
    c = 1.0 / 6.0 - theta2 / 120.0;
  } else {
    const double theta = std::sqrt(theta2);
    b = (1.0 - std::cos(theta)) / theta2;
    c = (theta - std::sin(theta)) / (theta2 * theta);
  }
  const Matrix3 W = so3::skew(w);
  return Matrix3::Identity() + b * W + c * W * W;
}

Matrix4 exp(const Vector6& phi) {
  const Vector3 w = phi.head<3>();
  return make(so3::exp(w), leftJacobianSO3(w) * phi.tail<3>());
}

Vector6 log(const Matrix4& E) {
  const Vector3 w = so3::log(E.topLeftCorner<3, 3>());
  const double theta2 = w.squaredNorm();
  // V^-1 = I - [w]/2 + k [w]^2, k = (1 - theta sin / (2 (1 - cos))) / theta^2.
  double k;
  if (theta2 < 1e-8) {
    k = 1.0 / 12.0 + theta2 / 720.0;
  } else {
    const double theta = std::sqrt(theta2);
    k = (1.0 - theta * std::sin(theta) / (2.0 * (1.0 - std::cos(theta)))) / theta2;
  }
  const Matrix3 W = so3::skew(w);
  const Matrix3 Vinv = Matrix3::Identity() - 0.5 * W + k * W * W;
  Vector6 phi;
  phi << w, Vinv * E.topRightCorner<3, 1>();
  return phi;
}

Matrix6 Ad(const Matrix4& E) {
  const Matrix3 R = E.topLeftCorner<3, 3>();
  Matrix6 A;
  A.topLeftCorner<3, 3>() = R;
  A.topRightCorner<3, 3>().setZero();
  A.bottomLeftCorner<3, 3>() = so3::skew(E.topRightCorner<3, 1>()) * R;
  A.bottomRightCorner<3, 3>() = R;
  return A;
}

Matrix6 AdInverse(const Matrix4& E) {
  const Matrix3 Rt = E.topLeftCorner<3, 3>().transpose();
  Matrix6 A;
  A.topLeftCorner<3, 3>() = Rt;
  A.topRightCorner<3, 3>().setZero();
  A.bottomLeftCorner<3, 3>() = -Rt * so3::skew(E.topRightCorner<3, 1>());
  A.bottomRightCorner<3, 3>() = Rt;
  return A;
}

Vector6 AdTimes(const Matrix4& E, const Vector6& phi) {
  const Matrix3 R = E.topLeftCorner<3, 3>();
  Vector6 out;
  out.head<3>().noalias() = R * phi.head<3>();
  out.tail<3>().noalias() = R * phi.tail<3>();
  out.tail<3>() += E.topRightCorner<3, 1>().cross(out.head<3>());
  return out;
}

Vector6 AdInverseTimes(const Matrix4& E, const Vector6& phi) {
  const Matrix3 Rt = E.topLeftCorner<3, 3>().transpose();
  Vector6 out;
  out.head<3>().noalias() = Rt * phi.head<3>();
  out.tail<3>().noalias() = Rt * (phi.tail<3>() - E.topRightCorner<3, 1>().cross(phi.head<3>()));
  return out;
}

Matrix6 timesAd(const Matrix6& J, const Matrix4& E) {
  const Matrix3 R = E.topLeftCorner<3, 3>();
  Matrix6 out;
  out.leftCols<3>().noalias() = (J.leftCols<3>() + J.rightCols<3>() * so3::skew(E.topRightCorner<3, 1>())) * R;
  out.rightCols<3>().noalias() = J.rightCols<3>() * R;
  return out;
}

Matrix6 timesAdInverse(const Matrix6& J, const Matrix4& E) {
  const Matrix3 Rt = E.topLeftCorner<3, 3>().transpose();
  Matrix6 out;
  out.rightCols<3>().noalias() = J.rightCols<3>() * Rt;
  out.leftCols<3>().noalias() = J.leftCols<3>() * Rt - out.rightCols<3>() * so3::skew(E.topRightCorner<3, 1>());
  return out;
}

Matrix6 ad(const Vector6& phi) {
  const Matrix3 W = so3::skew(phi.head<3>());
  Matrix6 A;
  A.topLeftCorner<3, 3>() = W;
  A.topRightCorner<3, 3>().setZero();
  A.bottomLeftCorner<3, 3>() = so3::skew(phi.tail<3>());
  A.bottomRightCorner<3, 3>() = W;
  return A;
}

Matrix6 dAd(const Matrix4& E, const Vector6& phi) { return Ad(E) * ad(phi); }

Matrix3x6 Gamma(const Vector3& x) {
  Matrix3x6 G;
  G.leftCols<3>() = so3::skew(x).transpose();
  G.rightCols<3>().setIdentity();
  return G;
}

}  // namespace articulab::se3
