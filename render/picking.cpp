#include "render/picking.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/glm.hpp>

#include "engine/spatial/se3.hpp"
#include "render/eigen_glm.hpp"
#include "render/shape_extents.hpp"

namespace articulab::render {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Entry and exit distances of a ray through an axis-aligned box centred at the origin (slabs).
bool slabInterval(const Vector3& h, const Ray& ray, double& tEnter, double& tExit) {
  tEnter = 0.0;
  tExit = kInfinity;
  for (int k = 0; k < 3; ++k) {
    const double o = ray.origin[k], d = ray.direction[k];
    if (std::abs(d) < 1e-15) {
      if (std::abs(o) > h[k]) return false;
      continue;
    }
    const double t0 = (-h[k] - o) / d, t1 = (h[k] - o) / d;
    tEnter = std::max(tEnter, std::min(t0, t1));
    tExit = std::min(tExit, std::max(t0, t1));
  }
  return tEnter <= tExit;
}

// Smallest t >= 0 with |o + t d|^2 = 1 for the scaled ray (d need not be unit).
std::optional<double> unitSphereHit(const Vector3& o, const Vector3& d) {
  const double a = d.squaredNorm(), b = o.dot(d), c = o.squaredNorm() - 1.0;
  if (c <= 0.0) return 0.0;
  const double disc = b * b - a * c;
  if (disc < 0.0 || b > 0.0) return std::nullopt;
  return (-b - std::sqrt(disc)) / a;
}

std::optional<double> ellipsoidHit(const Vector3& semiAxes, const Ray& ray) {
  const Vector3 inv = semiAxes.cwiseInverse();
  return unitSphereHit(ray.origin.cwiseProduct(inv), ray.direction.cwiseProduct(inv));
}

std::optional<double> sphereHit(double r, const Vector3& centre, const Ray& ray) {
  return unitSphereHit((ray.origin - centre) / r, ray.direction / r);
}

// Side surface of the infinite cylinder x^2 + y^2 = r^2, restricted to |z| <= halfLength.
std::optional<double> tubeHit(double r, double halfLength, const Ray& ray) {
  const Vector3 o(ray.origin.x() / r, ray.origin.y() / r, 0.0), d(ray.direction.x() / r, ray.direction.y() / r, 0.0);
  const double a = d.squaredNorm(), b = o.dot(d), c = o.squaredNorm() - 1.0;
  const double disc = b * b - a * c;
  if (a < 1e-18 || disc < 0.0) return std::nullopt;
  for (double t : {(-b - std::sqrt(disc)) / a, (-b + std::sqrt(disc)) / a})
    if (t >= 0.0 && std::abs(ray.origin.z() + t * ray.direction.z()) <= halfLength) return t;
  return std::nullopt;
}

std::optional<double> nearest(std::optional<double> a, std::optional<double> b) {
  if (!a) return b;
  if (!b) return a;
  return std::min(*a, *b);
}

std::optional<double> cylinderHit(double r, double length, const Ray& ray) {
  double tEnter, tExit;
  if (!slabInterval({r, r, 0.5 * length}, ray, tEnter, tExit)) return std::nullopt;
  std::optional<double> best = tubeHit(r, 0.5 * length, ray);
  for (double capZ : {-0.5 * length, 0.5 * length}) {
    if (std::abs(ray.direction.z()) < 1e-15) break;
    const double t = (capZ - ray.origin.z()) / ray.direction.z();
    const Vector3 p = ray.origin + t * ray.direction;
    if (t >= 0.0 && p.head<2>().squaredNorm() <= r * r) best = nearest(best, t);
  }
  const Vector3& o = ray.origin;
  if (o.head<2>().squaredNorm() <= r * r && std::abs(o.z()) <= 0.5 * length) return 0.0;
  return best;
}

std::optional<double> capsuleHit(double r, double length, const Ray& ray) {
  const Vector3& o = ray.origin;
  const Vector3 onAxis(0.0, 0.0, std::clamp(o.z(), -0.5 * length, 0.5 * length));
  if ((o - onAxis).squaredNorm() <= r * r) return 0.0;
  std::optional<double> best = tubeHit(r, 0.5 * length, ray);
  best = nearest(best, sphereHit(r, {0.0, 0.0, 0.5 * length}, ray));
  return nearest(best, sphereHit(r, {0.0, 0.0, -0.5 * length}, ray));
}

// Signed distance to a torus of major radius R and minor radius a about z.
double torusDistance(const Vector3& p, double R, double a) {
  const double ring = std::hypot(p.x(), p.y()) - R;
  return std::hypot(ring, p.z()) - a;
}

// Sphere tracing of the exact distance field inside the bounding box interval.
std::optional<double> torusHit(double R, double a, const Ray& ray) {
  double tEnter, tExit;
  if (!slabInterval({R + a, R + a, a}, ray, tEnter, tExit)) return std::nullopt;
  const double tolerance = 1e-6 * (R + a);
  double t = tEnter;
  for (int step = 0; step < 256 && t <= tExit; ++step) {
    const double d = torusDistance(ray.origin + t * ray.direction, R, a);
    if (d < tolerance) return t;
    t += d;
  }
  return std::nullopt;
}

std::optional<double> boxHit(const Vector3& halfSides, const Ray& ray) {
  double tEnter, tExit;
  if (!slabInterval(halfSides, ray, tEnter, tExit)) return std::nullopt;
  return tEnter;
}

// The box that holds the mesh (a pick needs no more).
std::optional<double> meshHit(const ShapeDims& shape, const Ray& ray) {
  Vector3 lo, hi;
  meshBounds(*shape.mesh, shape.size, lo, hi);
  return boxHit(0.5 * (hi - lo), {ray.origin - 0.5 * (hi + lo), ray.direction});
}

}  // namespace

Ray rayThroughView(const Camera& camera, float ndcX, float ndcY, float aspect) {
  const glm::mat4 inverseViewProjection = glm::inverse(camera.projection(aspect) * camera.view());
  const glm::vec4 far = inverseViewProjection * glm::vec4(ndcX, ndcY, 1.0f, 1.0f);
  const glm::vec3 eye = camera.eye();
  const glm::vec3 direction = glm::normalize(glm::vec3(far) / far.w - eye);
  return {toEigen(eye), toEigen(direction)};
}

std::optional<double> intersectShape(const ShapeDims& shape, const Ray& ray) {
  if (!shapeIsDrawable(shape)) return std::nullopt;
  const Vector3& s = shape.size;
  switch (shape.type) {
    case ShapeType::Box: return boxHit(0.5 * s, ray);
    case ShapeType::Sphere: return sphereHit(s.x(), Vector3::Zero(), ray);
    case ShapeType::Ellipsoid: return ellipsoidHit(s, ray);
    case ShapeType::Cylinder: return cylinderHit(s.x(), s.y(), ray);
    case ShapeType::Capsule: return capsuleHit(s.x(), s.y(), ray);
    case ShapeType::Torus: return torusHit(s.x(), s.y(), ray);
    case ShapeType::Mesh: return meshHit(shape, ray);
  }
  return std::nullopt;
}

PickResult pickBody(const Model& model, const State& state, const Ray& ray) {
  PickResult result;
  double best = kInfinity;
  const int n = std::min<int>(model.bodyCount(), static_cast<int>(state.E_0i.size()));
  for (int i = 0; i < n; ++i)
    for (const BodyShape& shape : model.bodies[i].shapes) {
      if (!shapeIsDrawn(shape)) continue;
      // The ray in the shape frame; rigid transforms keep distances along it.
      const Matrix4 E_s0 = se3::inverse(state.E_0i[i] * shape.E_bs);
      const Ray local{E_s0.topLeftCorner<3, 3>() * ray.origin + E_s0.topRightCorner<3, 1>(),
                      E_s0.topLeftCorner<3, 3>() * ray.direction};
      const std::optional<double> t = intersectShape(shape.dims, local);
      if (!t || *t >= best) continue;
      best = *t;
      result.body = i;
    }
  if (result.body < 0) return result;
  result.distance = best;
  result.pointWorld = ray.origin + best * ray.direction;
  const Matrix4 E_i0 = se3::inverse(state.E_0i[result.body]);
  result.pointLocal = E_i0.topLeftCorner<3, 3>() * result.pointWorld + E_i0.topRightCorner<3, 1>();
  return result;
}

}  // namespace articulab::render
