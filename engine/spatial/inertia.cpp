#include "engine/spatial/inertia.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <numbers>

#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab {

namespace {
constexpr double kPi = std::numbers::pi;
}

double shapeVolume(const ShapeDims& shape) {
  const Vector3& s = shape.size;
  switch (shape.type) {
    case ShapeType::Box: return s.x() * s.y() * s.z();
    case ShapeType::Sphere: return 4.0 / 3.0 * kPi * s.x() * s.x() * s.x();
    case ShapeType::Ellipsoid: return 4.0 / 3.0 * kPi * s.x() * s.y() * s.z();
    case ShapeType::Cylinder: return kPi * s.x() * s.x() * s.y();
    case ShapeType::Capsule: return kPi * s.x() * s.x() * s.y() + 4.0 / 3.0 * kPi * s.x() * s.x() * s.x();
    case ShapeType::Torus: return 2.0 * kPi * kPi * s.x() * s.y() * s.y();
    case ShapeType::Mesh: return shape.mesh ? meshVolume(*shape.mesh, s).volume : 0.0;
  }
  return 0.0;
}

Vector3 shapePrincipalMoments(const ShapeDims& shape, double m) {
  const Vector3& s = shape.size;
  switch (shape.type) {
    case ShapeType::Box:
      return m / 12.0 * Vector3(s.y() * s.y() + s.z() * s.z(), s.z() * s.z() + s.x() * s.x(),
                                s.x() * s.x() + s.y() * s.y());
    case ShapeType::Sphere: return Vector3::Constant(0.4 * m * s.x() * s.x());
    case ShapeType::Ellipsoid:
      return m / 5.0 * Vector3(s.y() * s.y() + s.z() * s.z(), s.z() * s.z() + s.x() * s.x(),
                               s.x() * s.x() + s.y() * s.y());
    case ShapeType::Cylinder: {
      const double r = s.x(), L = s.y();
      const double Ixx = m * (3.0 * r * r + L * L) / 12.0;
      return Vector3(Ixx, Ixx, 0.5 * m * r * r);
    }
    case ShapeType::Capsule: {
      // Cylinder plus two hemispheres; hemisphere about the capsule centre:
      // m_h (2/5 r^2 + L^2/4 + 3 L r / 8).
      const double r = s.x(), L = s.y();
      const double vCyl = kPi * r * r * L, vHemi = 2.0 / 3.0 * kPi * r * r * r;
      const double rho = m / (vCyl + 2.0 * vHemi);
      const double mc = rho * vCyl, mh = rho * vHemi;
      const double Ixx = mc * (3.0 * r * r + L * L) / 12.0 + 2.0 * mh * (0.4 * r * r + L * L / 4.0 + 3.0 * L * r / 8.0);
      const double Izz = 0.5 * mc * r * r + 2.0 * 0.4 * mh * r * r;
      return Vector3(Ixx, Ixx, Izz);
    }
    case ShapeType::Torus: {
      const double R = s.x(), a = s.y();
      const double Ixx = m * (0.5 * R * R + 5.0 / 8.0 * a * a);
      return Vector3(Ixx, Ixx, m * (R * R + 0.75 * a * a));
    }
    case ShapeType::Mesh: {
      if (!shape.mesh) return Vector3::Zero();
      const MeshVolume v = meshVolume(*shape.mesh, s);
      return Eigen::SelfAdjointEigenSolver<Matrix3>(v.inertiaAboutCentroid * (m / v.volume)).eigenvalues();
    }
  }
  return Vector3::Zero();
}

Matrix6 centralSpatialInertia(const ShapeDims& shape, double mass) {
  Vector6 d;
  d << shapePrincipalMoments(shape, mass), Vector3::Constant(mass);
  return d.asDiagonal();
}

Matrix6 spatialInertiaAbout(double mass, const Vector3& com, const Matrix3& I_c) {
  Matrix6 M_c = Matrix6::Zero();
  M_c.topLeftCorner<3, 3>() = I_c;
  M_c.bottomRightCorner<3, 3>() = mass * Matrix3::Identity();
  Matrix4 E_bc = Matrix4::Identity();
  E_bc.topRightCorner<3, 1>() = com;
  return transformInertia(M_c, E_bc);
}

Matrix6 shapeSpatialInertia(const ShapeDims& shape, double mass) {
  if (shape.type != ShapeType::Mesh) return centralSpatialInertia(shape, mass);
  if (!shape.mesh || mass == 0.0) return Matrix6::Zero();
  const MeshVolume v = meshVolume(*shape.mesh, shape.size);
  return spatialInertiaAbout(mass, v.centroid, v.inertiaAboutCentroid * (mass / v.volume));
}

Matrix6 transformInertia(const Matrix6& M_k, const Matrix4& E_ck) {
  const Matrix6 Ad_kc = se3::AdInverse(E_ck);
  return Ad_kc.transpose() * M_k * Ad_kc;
}

double inertiaMass(const Matrix6& M) { return M.bottomRightCorner<3, 3>().trace() / 3.0; }

Vector3 inertiaCentreOfMass(const Matrix6& M) {
  // Off-diagonal block of M about a frame whose origin is -c from the centre is m [c]^T.
  const double m = inertiaMass(M);
  return so3::unskew(M.bottomLeftCorner<3, 3>().transpose()) / m;
}

}  // namespace articulab
