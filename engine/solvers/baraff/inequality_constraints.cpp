#include "engine/solvers/baraff/inequality_constraints.hpp"

#include <algorithm>
#include <cmath>

#include "engine/spatial/se3.hpp"

namespace articulab::baraff {

namespace {
constexpr double kContactMargin = 5e-3;  // m: support points this close to the ground get a row
constexpr double kLimitMargin = 1e-2;    // rad or m: joints this close to a limit get a row
constexpr double kRecovery = 0.2;        // fraction of a penetration removed per step

constexpr int kBoxCorners = 8;

int supportPointCount(const BodyShape& shape) {
  switch (shape.dims.type) {
    case ShapeType::Box: return kBoxCorners;
    case ShapeType::Cylinder:
    case ShapeType::Capsule: return 2;  // one per end
    default: return 1;
  }
}

// Unit vector of v across the z axis of the shape, or x when v is along z.
Vector3 radial(const Vector3& v) {
  const Vector3 r(v.x(), v.y(), 0.0);
  return r.norm() > 1e-12 ? Vector3(r.normalized()) : Vector3::UnitX();
}

// Support point j of a shape (shape frame) in direction d (shape frame, unit): the lowest
// point when d is straight down in world; boxes give every corner.
Vector3 supportPoint(const ShapeDims& dims, const Vector3& d, int j) {
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
  }
  return Vector3::Zero();
}

// Velocity-level bound of a row: J phi' >= -g / h, penetrations removed a fraction per step.
double stepBound(double gap, double h) { return -(gap >= 0.0 ? gap : kRecovery * gap) / h; }

void addContactRows(const Model& model, int i, const Matrix4& E, const Vector6& phi, double h,
                    ConstraintSystem& system, std::vector<ContactPoint>& contacts, std::vector<int>& contactRow) {
  const Matrix3 R = E.topLeftCorner<3, 3>();
  for (const BodyShape& shape : model.bodies[i].shapes) {
    const Matrix4 E_0s = E * shape.E_bs;
    const Vector3 down = -E_0s.topLeftCorner<3, 3>().transpose().col(2);  // world -z in shape axes
    for (int j = 0; j < supportPointCount(shape); ++j) {
      const Vector3 x = (shape.E_bs * supportPoint(shape.dims, down, j).homogeneous()).head<3>();  // body frame
      const Vector3 world = R * x + E.topRightCorner<3, 1>();
      const Row6 J = R.row(2) * se3::Gamma(x);  // e_z^T R Gamma(x) (eq 1.12)
      const double rate = J.dot(phi);
      if (world.z() >= kContactMargin + 2.0 * h * std::max(0.0, -rate)) continue;
      AuxiliaryRow& row = system.unilateral[system.unilateralCount];
      row.bodyA = i;
      row.bodyB = -1;
      row.jA = J;
      row.jB.setZero();
      row.velocity = rate;
      row.error = world.z();
      row.bias = 0.0;
      contactRow.push_back(system.unilateralCount++);
      contacts.push_back({i, world, world.z(), 0.0});
    }
  }
}

// Joint i's qdot as a row on the child and parent twists, times sign (+1 lower, -1 upper).
void addLimitRows(const Model& model, int i, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                  const VectorX& q, double h, ConstraintSystem& system) {
  const Joint& joint = model.joints[i];
  const int p = joint.parent;
  const Matrix4 E_pc = p < 0 ? E_0i[i] : Matrix4(se3::inverse(E_0i[p]) * E_0i[i]);
  JointKinematics jk;
  const double qi = q[joint.qIndex], zero = 0.0;
  evaluateJoint(joint, &qi, &zero, jk);
  const Vector6 s = jk.S.col(0);
  const Row6 jc = s.transpose() * se3::Ad(joint.E_jc) / s.squaredNorm();
  const Row6 jp = p < 0 ? Row6::Zero() : Row6(-jc * se3::AdInverse(E_pc));
  const double qdot = jc.dot(phi[i]) + (p < 0 ? 0.0 : jp.dot(phi[p]));
  for (double sign : {1.0, -1.0}) {
    const double gap = sign > 0 ? qi - joint.lower[0] : joint.upper[0] - qi;
    if (gap >= kLimitMargin + 2.0 * h * std::max(0.0, -sign * qdot)) continue;
    AuxiliaryRow& row = system.unilateral[system.unilateralCount++];
    row.bodyA = i;
    row.bodyB = p;
    row.jA = sign * jc;
    row.jB = sign * jp;
    row.velocity = sign * qdot;
    row.error = gap;
    row.bias = 0.0;
  }
}

}  // namespace

bool limitsEnforced(const Joint& joint) {
  return joint.hasLimits && (joint.type == JointType::Revolute || joint.type == JointType::Prismatic);
}

int inequalityCapacity(const Model& model) {
  int rows = 0;
  for (const Joint& joint : model.joints)
    if (limitsEnforced(joint)) rows += 2;
  if (model.groundContact)
    for (const Body& body : model.bodies)
      for (const BodyShape& shape : body.shapes) rows += supportPointCount(shape);
  return rows;
}

void assembleInequalityRows(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                            const VectorX& q, double h, ConstraintSystem& system,
                            std::vector<ContactPoint>& contacts, std::vector<int>& contactRow) {
  system.unilateralCount = 0;
  contacts.clear();
  contactRow.clear();
  for (int i = 0; i < model.bodyCount(); ++i)
    if (limitsEnforced(model.joints[i])) addLimitRows(model, i, E_0i, phi, q, h, system);
  if (model.groundContact)
    for (int i = 0; i < model.bodyCount(); ++i) addContactRows(model, i, E_0i[i], phi[i], h, system, contacts, contactRow);
  for (int r = 0; r < system.unilateralCount; ++r) {
    AuxiliaryRow& row = system.unilateral[r];
    row.rhs = (stepBound(row.error, h) - row.velocity) / h;  // on a: J (phi + h a) >= -g / h
  }
}

}  // namespace articulab::baraff
