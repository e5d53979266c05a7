#include "engine/solvers/variational_maximal/body_coordinates.hpp"

namespace articulab::variational {

BodyInertia inertiaAboutCentre(const Body& body) {
  BodyInertia I;
  I.m = body.mass;
  I.c = body.com;
  const Matrix3 C = skew(body.com);
  I.J = body.M.topLeftCorner<3, 3>() - body.mass * C.transpose() * C;
  I.J = 0.5 * (I.J + I.J.transpose());
  return I;
}

BodyConfiguration configurationFromPose(const Matrix4& E, const Vector3& c) {
  const Matrix3 R = E.topLeftCorner<3, 3>();
  BodyConfiguration s;
  s.q = Quaternion(R);
  s.q.normalize();
  s.x = E.topRightCorner<3, 1>() + R * c;
  return s;
}

Matrix4 poseFromConfiguration(const BodyConfiguration& s, const Vector3& c) {
  const Matrix3 R = s.q.toRotationMatrix();
  Matrix4 E = Matrix4::Identity();
  E.topLeftCorner<3, 3>() = R;
  E.topRightCorner<3, 1>() = s.x - R * c;
  return E;
}

Vector6 velocityFromTwist(const Vector6& phi, const Matrix3& R, const Vector3& c) {
  const Vector3 omega = phi.head<3>();
  Vector6 u;
  u << omega, R * (phi.tail<3>() + omega.cross(c));
  return u;
}

Vector6 twistFromVelocity(const Vector6& u, const Matrix3& R, const Vector3& c) {
  const Vector3 omega = u.head<3>();
  Vector6 phi;
  phi << omega, R.transpose() * u.tail<3>() + c.cross(omega);
  return phi;
}

}  // namespace articulab::variational
