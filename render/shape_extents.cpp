#include "render/shape_extents.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace articulab::render {

Vector3 shapeHalfExtents(const ShapeDims& shape) {
  const Vector3& s = shape.size;
  switch (shape.type) {
    case ShapeType::Box: return 0.5 * s;
    case ShapeType::Sphere: return Vector3::Constant(s.x());
    case ShapeType::Ellipsoid: return s;
    case ShapeType::Cylinder: return {s.x(), s.x(), 0.5 * s.y()};
    case ShapeType::Capsule: return {s.x(), s.x(), 0.5 * s.y() + s.x()};
    case ShapeType::Torus: return {s.x() + s.y(), s.x() + s.y(), s.y()};
    case ShapeType::Mesh: {
      if (!shape.mesh) return Vector3::Zero();
      Vector3 lo, hi;
      meshBounds(*shape.mesh, s, lo, hi);
      return lo.cwiseAbs().cwiseMax(hi.cwiseAbs());
    }
  }
  return Vector3::Zero();
}

bool shapeIsDrawable(const ShapeDims& shape) {
  const Vector3& s = shape.size;
  const auto positive = [](double v) { return std::isfinite(v) && v > 0.0; };
  switch (shape.type) {
    case ShapeType::Box:
    case ShapeType::Ellipsoid: return positive(s.x()) && positive(s.y()) && positive(s.z());
    case ShapeType::Sphere: return positive(s.x());
    case ShapeType::Cylinder: return positive(s.x()) && positive(s.y());
    case ShapeType::Capsule: return positive(s.x()) && std::isfinite(s.y()) && s.y() >= 0.0;
    case ShapeType::Torus: return positive(s.x()) && positive(s.y());
    case ShapeType::Mesh: return shape.mesh && positive(s.x()) && positive(s.y()) && positive(s.z());
  }
  return false;
}

void growBounds(const Matrix4& E, const Vector3& h, Vector3& lo, Vector3& hi) {
  for (int corner = 0; corner < 8; ++corner) {
    const Vector3 local((corner & 1 ? 1 : -1) * h.x(), (corner & 2 ? 1 : -1) * h.y(), (corner & 4 ? 1 : -1) * h.z());
    const Vector3 p = E.topLeftCorner<3, 3>() * local + E.topRightCorner<3, 1>();
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
}

Vector3 bodyHalfExtents(const Body& body) {
  Vector3 lo = Vector3::Zero(), hi = Vector3::Zero();
  for (const BodyShape& shape : body.shapes)
    if (shapeIsDrawable(shape.dims)) growBounds(shape.E_bs, shapeHalfExtents(shape.dims), lo, hi);
  return lo.cwiseAbs().cwiseMax(hi.cwiseAbs());
}

bool worldBounds(const Model& model, const State& state, Vector3& lo, Vector3& hi) {
  lo = Vector3::Constant(std::numeric_limits<double>::infinity());
  hi = -lo;
  const int n = std::min<int>(model.bodyCount(), static_cast<int>(state.E_0i.size()));
  bool any = false;
  for (int i = 0; i < n; ++i) {
    bool drawn = false;
    for (const BodyShape& shape : model.bodies[i].shapes) {
      if (!shapeIsDrawable(shape.dims)) continue;
      growBounds(state.E_0i[i] * shape.E_bs, shapeHalfExtents(shape.dims), lo, hi);
      drawn = true;
    }
    // A body without shapes still counts as its frame origin.
    if (!drawn) growBounds(state.E_0i[i], Vector3::Zero(), lo, hi);
    any = true;
  }
  return any && lo.allFinite() && hi.allFinite();
}

}  // namespace articulab::render
