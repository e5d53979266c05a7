#include "engine/contact/body_contact.hpp"

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/ellipsoid.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/collision.h>

#include <algorithm>
#include <cmath>

namespace articulab::contact {

// One FCL object: a shape (or a torus's capsule) of a body (outside the anonymous namespace:
// BodyCollision::Impl holds them).
struct FclShapeObject {
  int body = -1;
  Matrix4 E_bo = Matrix4::Identity();  // the FCL object's frame in the body frame
  fcl::CollisionObjectd object;
  FclShapeObject(int b, const Matrix4& E, const std::shared_ptr<fcl::CollisionGeometryd>& geometry)
      : body(b), E_bo(E), object(geometry) {}
};

namespace {


// Pose of the torus capsule k in the torus frame: centred on the chord from angle 2 pi k / N to
// 2 pi (k + 1) / N of the major circle, its z axis along the chord.
Matrix4 torusCapsulePose(double majorRadius, int k) {
  const double step = 2.0 * M_PI / kTorusCapsules, middle = (k + 0.5) * step;
  Matrix4 E = Matrix4::Identity();
  const Vector3 radial(std::cos(middle), std::sin(middle), 0.0), along(-std::sin(middle), std::cos(middle), 0.0);
  E.block<3, 1>(0, 0) = Vector3::UnitZ();  // (z, radial, along) is right-handed
  E.block<3, 1>(0, 1) = radial;
  E.block<3, 1>(0, 2) = along;
  E.block<3, 1>(0, 3) = majorRadius * std::cos(0.5 * step) * radial;
  return E;
}

// A mesh as FCL's bounding-volume hierarchy of its triangles, scaled (not inflated by the margin).
std::shared_ptr<fcl::CollisionGeometryd> meshGeometry(const ShapeDims& dims) {
  auto model = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  std::vector<fcl::Vector3d> vertices;
  std::vector<fcl::Triangle> triangles;
  for (const Vector3& v : dims.mesh->vertices) vertices.push_back(v.cwiseProduct(dims.size));
  for (const auto& t : dims.mesh->triangles) triangles.emplace_back(t[0], t[1], t[2]);
  model->beginModel();
  model->addSubModel(vertices, triangles);
  model->endModel();
  return model;
}

// FCL geometry of one shape inflated by half the margin, as one or more objects in the body frame.
void addShapeObjects(int body, const BodyShape& shape, double margin, std::vector<FclShapeObject>& out) {
  if (!shapeCollides(shape)) return;
  const Vector3& s = shape.dims.size;
  const double skin = 0.5 * margin;
  std::shared_ptr<fcl::CollisionGeometryd> geometry;
  switch (shape.dims.type) {
    case ShapeType::Box:
      geometry = std::make_shared<fcl::Boxd>(s.x() + margin, s.y() + margin, s.z() + margin);
      break;
    case ShapeType::Sphere:
      geometry = std::make_shared<fcl::Sphered>(s.x() + skin);
      break;
    case ShapeType::Ellipsoid:
      geometry = std::make_shared<fcl::Ellipsoidd>(s.x() + skin, s.y() + skin, s.z() + skin);
      break;
    case ShapeType::Cylinder:
      geometry = std::make_shared<fcl::Cylinderd>(s.x() + skin, s.y() + margin);
      break;
    case ShapeType::Capsule:
      geometry = std::make_shared<fcl::Capsuled>(s.x() + skin, s.y());
      break;
    case ShapeType::Torus: {
      const double chord = 2.0 * s.x() * std::sin(M_PI / kTorusCapsules);
      const auto capsule = std::make_shared<fcl::Capsuled>(s.y() + skin, chord);
      for (int k = 0; k < kTorusCapsules; ++k) out.emplace_back(body, shape.E_bs * torusCapsulePose(s.x(), k), capsule);
      return;
    }
    case ShapeType::Mesh: geometry = meshGeometry(shape.dims); break;
  }
  out.emplace_back(body, shape.E_bs, geometry);
}

// Bodies welded to the world (a fixed joint on the world or on such a body) never move.
std::vector<bool> weldedToWorld(const Model& model) {
  std::vector<bool> welded(model.bodyCount(), false);
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    welded[i] = joint.type == JointType::Fixed && (joint.parent < 0 || welded[joint.parent]);
  }
  return welded;
}

bool joinedOrStatic(const Model& model, const std::vector<bool>& welded, int a, int b) {
  return model.joints[a].parent == b || model.joints[b].parent == a || (welded[a] && welded[b]);
}

fcl::Transform3d toTransform(const Matrix4& E) {
  fcl::Transform3d T = fcl::Transform3d::Identity();
  T.linear() = E.topLeftCorner<3, 3>();
  T.translation() = E.topRightCorner<3, 1>();
  return T;
}

int objectCount(const BodyShape& shape) {
  if (!shapeCollides(shape)) return 0;
  return shape.dims.type == ShapeType::Torus ? kTorusCapsules : 1;
}

}  // namespace

int bodyContactCapacity(const Model& model) {
  if (!model.bodyContact) return 0;
  const std::vector<bool> welded = weldedToWorld(model);
  long pairs = 0;
  for (int a = 0; a < model.bodyCount(); ++a)
    for (int b = a + 1; b < model.bodyCount(); ++b) {
      if (joinedOrStatic(model, welded, a, b)) continue;
      long objectsA = 0, objectsB = 0;
      for (const BodyShape& shape : model.bodies[a].shapes) objectsA += objectCount(shape);
      for (const BodyShape& shape : model.bodies[b].shapes) objectsB += objectCount(shape);
      pairs += objectsA * objectsB;
    }
  return static_cast<int>(std::min<long>(kMostPointsPerPair * pairs, kMostBodyContactPoints));
}

struct BodyCollision::Impl {
  double margin = 0.0;
  std::vector<FclShapeObject> objects;
  std::vector<std::pair<int, int>> pairs;  // object indices, the first of the lower body
  fcl::CollisionRequestd request{kMostPointsPerPair, true};
  fcl::CollisionResultd result;
};

BodyCollision::BodyCollision(const Model& model, double margin) : impl_(std::make_unique<Impl>()) {
  impl_->margin = margin;
  std::vector<FclShapeObject>& objects = impl_->objects;
  for (int b = 0; b < model.bodyCount(); ++b)
    for (const BodyShape& shape : model.bodies[b].shapes) addShapeObjects(b, shape, margin, objects);
  const std::vector<bool> welded = weldedToWorld(model);
  for (std::size_t i = 0; i < objects.size(); ++i)
    for (std::size_t j = i + 1; j < objects.size(); ++j) {
      const int a = objects[i].body, b = objects[j].body;
      if (a == b || joinedOrStatic(model, welded, a, b)) continue;
      impl_->pairs.emplace_back(static_cast<int>(a < b ? i : j), static_cast<int>(a < b ? j : i));
    }
}

BodyCollision::~BodyCollision() = default;
BodyCollision::BodyCollision(BodyCollision&&) noexcept = default;
BodyCollision& BodyCollision::operator=(BodyCollision&&) noexcept = default;

int BodyCollision::candidatePairCount() const { return static_cast<int>(impl_->pairs.size()); }
double BodyCollision::margin() const { return impl_->margin; }

int BodyCollision::detect(const std::vector<Matrix4>& E_0i, std::vector<BodyContactPoint>& out) {
  out.clear();
  Impl& s = *impl_;
  for (FclShapeObject& o : s.objects) {
    o.object.setTransform(toTransform(E_0i[o.body] * o.E_bo));
    o.object.computeAABB();
  }
  for (const auto& [i, j] : s.pairs) {
    const fcl::CollisionObjectd& a = s.objects[i].object;
    const fcl::CollisionObjectd& b = s.objects[j].object;
    if (!a.getAABB().overlap(b.getAABB())) continue;
    s.result.clear();
    fcl::collide(&a, &b, s.request, s.result);
    for (std::size_t k = 0; k < s.result.numContacts(); ++k) {
      const fcl::Contactd& c = s.result.getContact(k);
      BodyContactPoint point;
      point.bodyA = s.objects[i].body;
      point.bodyB = s.objects[j].body;
      point.position = c.pos;
      point.normal = c.normal.normalized();
      point.gap = s.margin - c.penetration_depth;
      out.push_back(point);
    }
  }
  return static_cast<int>(out.size());
}

}  // namespace articulab::contact
