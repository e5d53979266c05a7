// Maximal coordinates of one body as bruedigam-manchester sec 2.2 uses them: the world position
// x of the centre of mass and a unit quaternion q (Hamilton, local to global, eq 1-16), the
// world velocity v of the centre of mass and the body-axes angular velocity omega. The engine's
// State keeps the body frame's pose E_0i and body twist phi (angular; linear) at the frame
// origin; with c the centre of mass in the body frame,
//   p = x - R c,   phi = (omega; R^T v + c x omega).
#pragma once

#include <Eigen/Geometry>

#include "engine/multibody/body.hpp"

namespace articulab::variational {

using Quaternion = Eigen::Quaterniond;

// Mass, rotational inertia about the centre of mass (body axes) and centre of mass c.
struct BodyInertia {
  double m = 0.0;
  Matrix3 J = Matrix3::Identity();
  Vector3 c = Vector3::Zero();
};

// A body's configuration (x, q) and its discrete velocity u = (omega; v).
struct BodyConfiguration {
  Vector3 x = Vector3::Zero();
  Quaternion q = Quaternion::Identity();
};

inline Matrix3 skew(const Vector3& a) {
  Matrix3 S;
  S << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  return S;
}

// J = M_ang - m [c]^T [c] (parallel axes, sueda eq 1.26).
BodyInertia inertiaAboutCentre(const Body& body);
BodyConfiguration configurationFromPose(const Matrix4& E, const Vector3& c);
Matrix4 poseFromConfiguration(const BodyConfiguration& s, const Vector3& c);
// u = (omega; v) from the body twist at pose rotation R, and back.
Vector6 velocityFromTwist(const Vector6& phi, const Matrix3& R, const Vector3& c);
Vector6 twistFromVelocity(const Vector6& u, const Matrix3& R, const Vector3& c);

}  // namespace articulab::variational
