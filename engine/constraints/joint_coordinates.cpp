#include "engine/constraints/joint_coordinates.hpp"

#include <Eigen/Cholesky>
#include <cmath>
#include <numbers>

#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab::constraints {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

// Rotation angle of R about the unit axis a, from the image of a vector perpendicular to a.
double angleAbout(const Matrix3& R, const Vector3& a) {
  const Vector3 u = a.unitOrthogonal();
  const Vector3 v = R * u;
  return std::atan2(a.dot(u.cross(v)), u.dot(v));
}

// R = Rx(q1) Ry(q2) (eq 2.37).
void universalAngles(const Matrix3& R, double* q) {
  q[0] = unwrapAngle(std::atan2(R(2, 1), R(1, 1)), q[0]);
  q[1] = unwrapAngle(std::atan2(R(0, 2), R(0, 0)), q[1]);
}

// R = Rx(q1) Rz(q2) Rx(q3) (eq 2.31); of the two equivalent triples the one nearest the
// previous coordinates is kept, and near the singular q2 = 0 the previous q1 is kept.
void xzxAngles(const Matrix3& R, double* q) {
  const double s2 = std::hypot(R(1, 0), R(2, 0));
  if (s2 < 1e-9) {
    const double sum = std::atan2(R(2, 1), R(1, 1));  // q1 + q3 about x
    q[1] = unwrapAngle(0.0, q[1]);
    q[2] = unwrapAngle(sum - q[0], q[2]);
    return;
  }
  const double a[3] = {std::atan2(R(2, 0), R(1, 0)), std::atan2(s2, R(0, 0)), std::atan2(R(0, 2), -R(0, 1))};
  const double b[3] = {a[0] + std::numbers::pi, -a[1], a[2] + std::numbers::pi};
  double qa[3], qb[3], da = 0.0, db = 0.0;
  for (int k = 0; k < 3; ++k) {
    qa[k] = unwrapAngle(a[k], q[k]);
    qb[k] = unwrapAngle(b[k], q[k]);
    da += std::abs(qa[k] - q[k]);
    db += std::abs(qb[k] - q[k]);
  }
  for (int k = 0; k < 3; ++k) q[k] = da <= db ? qa[k] : qb[k];
}

void exponentialCoordinates(const Matrix3& R, double* q) {
  const Vector3 w = so3::log(R);
  for (int k = 0; k < 3; ++k) q[k] = w[k];
}

}  // namespace

// angle + 2 pi k with k the whole number of turns nearest previous: the previous angle picks
// the branch only, so a coordinate recovered again from the same pose is bitwise the same
// whatever nearby previous value it starts from (a solver recreated mid-run continues exactly).
double unwrapAngle(double angle, double previous) {
  return angle + kTwoPi * std::nearbyint((previous - angle) / kTwoPi);
}

Matrix4 measuredJointTransform(const Joint& joint, const Matrix4& E_pc) {
  return se3::inverseTimes(joint.E_pj, se3::timesInverse(E_pc, joint.E_jc));
}

void coordinatesFromTransform(const Joint& joint, const Matrix4& Q, double* q) {
  const Matrix3 R = Q.topLeftCorner<3, 3>();
  const Vector3 p = Q.topRightCorner<3, 1>();
  const Vector3 axis = joint.parts.empty() ? Vector3::UnitZ() : joint.parts[0].axis;
  switch (joint.type) {
    case JointType::Fixed:
    case JointType::Composite:
    case JointType::General: break;  // refused by supports(): no fixed constraint form
    case JointType::Revolute: q[0] = unwrapAngle(angleAbout(R, axis), q[0]); break;
    case JointType::Prismatic: q[0] = axis.dot(p); break;
    case JointType::Planar: q[0] = p.x(), q[1] = p.y(); break;
    case JointType::Translational: q[0] = p.x(), q[1] = p.y(), q[2] = p.z(); break;
    case JointType::Universal: universalAngles(R, q); break;
    case JointType::SphericalXZX: xzxAngles(R, q); break;
    case JointType::SphericalExp: exponentialCoordinates(R, q); break;
    case JointType::Free2D:  // Q = T(x, y) Rz(theta)
      q[0] = p.x(), q[1] = p.y(), q[2] = unwrapAngle(std::atan2(R(1, 0), R(0, 0)), q[2]);
      break;
    case JointType::Free3D:  // Q = T(p) Rot(w)
      exponentialCoordinates(R, q);
      q[3] = p.x(), q[4] = p.y(), q[5] = p.z();
      break;
  }
}

namespace {

// qdot = (S^T S)^-1 S^T delta with the joint's N columns as fixed-size matrices.
template <int N>
void leastSquaresRates(const JointMatrix& S, const Vector6& delta, double* qd) {
  const Eigen::Matrix<double, 6, N> Sn = S.template leftCols<N>();
  const Eigen::Matrix<double, N, N> StS = Sn.transpose() * Sn;
  const Eigen::Matrix<double, N, 1> v = StS.ldlt().solve(Sn.transpose() * delta);
  for (int k = 0; k < N; ++k) qd[k] = v[k];
}

}  // namespace

void velocitiesFromTwist(const JointMatrix& S, const Vector6& delta, double* qd) {
  const int n = static_cast<int>(S.cols());
  if (n == 0) return;
  if (n == 1) {  // one free axis (revolute, prismatic): qdot = S . delta / S . S
    qd[0] = S.col(0).dot(delta) / S.col(0).squaredNorm();
    return;
  }
  switch (n) {  // fixed sizes for the common joints: universal, spherical and planar, free3d
    case 2: return leastSquaresRates<2>(S, delta, qd);
    case 3: return leastSquaresRates<3>(S, delta, qd);
    case 6: return leastSquaresRates<6>(S, delta, qd);
    default: break;
  }
  using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;
  const Small StS = S.transpose() * S;
  const JointVector v = Eigen::LDLT<Small>(StS).solve(JointVector(S.transpose() * delta));
  for (int k = 0; k < n; ++k) qd[k] = v[k];
}

}  // namespace articulab::constraints
