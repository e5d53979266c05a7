#include "engine/contact/ground_contact.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab::contact {

namespace {

constexpr int kBoxCorners = 8;

// Unit vector of v across the z axis of the shape, or x when v is along z.
Vector3 radial(const Vector3& v) {
  const Vector3 r(v.x(), v.y(), 0.0);
  return r.norm() > 1e-12 ? Vector3(r.normalized()) : Vector3::UnitX();
}

}  // namespace

int supportPointCount(const BodyShape& shape) {
  if (!shapeCollides(shape)) return 0;
  switch (shape.dims.type) {
    case ShapeType::Box:
    case ShapeType::Mesh: return kBoxCorners;
    case ShapeType::Cylinder:
    case ShapeType::Capsule: return 2;  // one per end
    default: return 1;
  }
}

int groundSupportCapacity(const Model& model) {
  if (!model.groundContact) return 0;
  int points = 0;
  for (const Body& body : model.bodies)
    for (const BodyShape& shape : body.shapes) points += supportPointCount(shape);
  return points;
}

Vector3 shapeSupportPoint(const ShapeDims& dims, const Vector3& d, int j) {
  const Vector3& s = dims.size;
  switch (dims.type) {
    case ShapeType::Box:
      return 0.5 * Vector3((j & 1) ? s.x() : -s.x(), (j & 2) ? s.y() : -s.y(), (j & 4) ? s.z() : -s.z());
    case ShapeType::Sphere: return s.x() * d;
    case ShapeType::Ellipsoid: {
      const Vector3 Dd = s.cwiseProduct(d);
      return s.cwiseProduct(Dd) / Dd.norm();
    }
    case ShapeType::Cylinder: return Vector3(0, 0, (j ? 0.5 : -0.5) * s.y()) + s.x() * radial(d);
    case ShapeType::Capsule: return Vector3(0, 0, (j ? 0.5 : -0.5) * s.y()) + s.x() * d;
    case ShapeType::Torus: return s.x() * radial(d) + s.y() * d;
    case ShapeType::Mesh: return dims.mesh->vertices[dims.mesh->corners[j]].cwiseProduct(s);
  }
  return Vector3::Zero();
}

int groundSupportPoints(const BodyShape& shape, const Matrix4& E_0b, GroundSupport* out) {
  const Matrix3 R = E_0b.topLeftCorner<3, 3>();
  const Matrix4 E_0s = E_0b * shape.E_bs;
  const Vector3 down = -E_0s.topLeftCorner<3, 3>().transpose().col(2);  // world -z in shape axes
  const int count = supportPointCount(shape);
  for (int j = 0; j < count; ++j) {
    GroundSupport& p = out[j];
    p.body = (shape.E_bs * shapeSupportPoint(shape.dims, down, j).homogeneous()).head<3>();
    p.world = R * p.body + E_0b.topRightCorner<3, 1>();
    p.J = R.row(2) * se3::Gamma(p.body);  // e_z^T R Gamma(x) (eq 1.12)
  }
  return count;
}

}  // namespace articulab::contact
