#include "engine/solvers/baraff/inequality_constraints.hpp"

#include <algorithm>

#include "engine/spatial/se3.hpp"
#include "engine/contact/contact_anchor.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/contact/ground_contact.hpp"

namespace articulab::baraff {

namespace {
constexpr double kContactMargin = 5e-3;  // m: support points this close to the ground get a row
constexpr double kLimitMargin = 1e-2;    // rad or m: joints this close to a limit get a row
constexpr double kRecovery = 0.2;        // fraction of a penetration removed per step

// Velocity-level bound of a row: J phi' >= -g / h, penetrations removed a fraction per step.
double stepBound(double gap, double h) { return -(gap >= 0.0 ? gap : kRecovery * gap) / h; }

// The friction rows of a contact on body i at the point (body coordinates), axis j of the
// pyramid: d_j^T R Gamma(x) phi is the point's velocity along d_j (eq 1.12).
void addFrictionRows(int i, const Matrix4& E, const Vector6& phi, const Vector3& point, double mu, double h,
                     int directions, int normalRow, ConstraintSystem& system) {  // normalRow: in the mixed list
  const int axes = contact::frictionAxes(directions);
  const Matrix3 R = E.topLeftCorner<3, 3>();
  const Eigen::Matrix<double, 3, 6> RGamma = R * se3::Gamma(point);
  contact::FrictionRows& rows = system.frictionContacts[system.frictionContactCount++];
  rows.normal = normalRow;
  rows.firstAxis = system.frictionCount;
  rows.bound = contact::frictionBoxScale(directions) * mu;
  for (int j = 0; j < axes; ++j) {
    AuxiliaryRow& row = system.friction[system.frictionCount++];
    row.bodyA = i;
    row.bodyB = -1;
    row.jA = contact::frictionAxis(directions, j).transpose() * RGamma;
    row.jB.setZero();
    row.velocity = row.jA.dot(phi);
    row.error = 0.0;
    row.bias = 0.0;
    row.rhs = -row.velocity / h;  // J (phi + h a) = 0: no sliding at the end of the step
  }
}

void addContactRows(const Model& model, int i, const Matrix4& E, const Vector6& phi, double h, int directions,
                    int& support, ConstraintSystem& system, std::vector<ContactPoint>& contacts,
                    std::vector<int>& contactRow) {
  contact::GroundSupport points[contact::kMaxSupportPoints];
  const double mu = directions > 0 ? contact::groundFriction(model, i) : 0.0;
  for (const BodyShape& shape : model.bodies[i].shapes) {
    const int count = contact::groundSupportPoints(shape, E, points);
    for (int j = 0; j < count; ++j, ++support) {
      const contact::GroundSupport& point = points[j];
      const double rate = point.J.dot(phi);
      if (point.world.z() >= kContactMargin + 2.0 * h * std::max(0.0, -rate)) continue;
      if (mu > 0.0) addFrictionRows(i, E, phi, point.body, mu, h, directions, system.auxiliaryCount() + system.unilateralCount, system);
      AuxiliaryRow& row = system.unilateral[system.unilateralCount];
      row.bodyA = i;
      row.bodyB = -1;
      row.jA = point.J;
      row.jB.setZero();
      row.velocity = rate;
      row.error = point.world.z();
      row.bias = 0.0;
      contactRow.push_back(system.unilateralCount++);
      contacts.push_back({i, point.world, point.world.z(), 0.0, support, mu, Vector3::Zero()});
    }
  }
}

// A row d^T (v_b(x) - v_a(x)) between bodies a and b (Va, Vb their point-velocity maps).
void setRelativeRow(int a, int b, const Eigen::Matrix<double, 3, 6>& Va, const Eigen::Matrix<double, 3, 6>& Vb,
                    const Vector3& d, const std::vector<Vector6>& phi, AuxiliaryRow& row) {
  row.bodyA = a;
  row.bodyB = b;
  row.jA = -d.transpose() * Va;
  row.jB = d.transpose() * Vb;
  row.velocity = row.jA.dot(phi[a]) + row.jB.dot(phi[b]);
  row.bias = 0.0;
}

// The normal row and, with mu > 0, the friction rows of a body-body contact.
void addBodyContactRows(const Model& model, const contact::BodyContactPoint& p, const std::vector<Matrix4>& E_0i,
                        const std::vector<Vector6>& phi, double h, int directions, ConstraintSystem& system,
                        std::vector<ContactPoint>& contacts, std::vector<int>& contactRow) {
  const int a = p.bodyA, b = p.bodyB;
  const contact::Matrix36 Va = contact::pointVelocityMap(E_0i[a], p.position);  // eq 1.12
  const contact::Matrix36 Vb = contact::pointVelocityMap(E_0i[b], p.position);
  const double mu = directions > 0 ? contact::pairFriction(model, a, b) : 0.0;
  if (mu > 0.0) {
    contact::FrictionRows& rows = system.frictionContacts[system.frictionContactCount++];
    rows.normal = system.auxiliaryCount() + system.unilateralCount;
    rows.firstAxis = system.frictionCount;
    rows.bound = contact::frictionBoxScale(directions) * mu;
    for (int j = 0; j < contact::frictionAxes(directions); ++j) {
      AuxiliaryRow& row = system.friction[system.frictionCount++];
      setRelativeRow(a, b, Va, Vb, contact::frictionAxis(directions, j, p.normal), phi, row);
      row.error = 0.0;
      row.rhs = -row.velocity / h;  // no sliding at the end of the step
    }
  }
  AuxiliaryRow& row = system.unilateral[system.unilateralCount];
  setRelativeRow(a, b, Va, Vb, p.normal, phi, row);
  row.error = p.gap;
  contactRow.push_back(system.unilateralCount++);
  ContactPoint point{b, p.position, p.gap, 0.0, -1, mu, Vector3::Zero()};
  point.other = a;
  point.normal = p.normal;
  contacts.push_back(point);
}

// Joint i's qdot as a row on the child and parent twists, times sign (+1 lower, -1 upper).
void addLimitRows(const Model& model, int i, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                  const VectorX& q, double h, ConstraintSystem& system) {
  const Joint& joint = model.joints[i];
  const double qi = q[joint.qIndex];
  const constraints::CoordinateRate rate = constraints::coordinateRate(model, i, E_0i, phi, qi);
  for (double sign : {1.0, -1.0}) {
    const double gap = sign > 0 ? qi - joint.lower[0] : joint.upper[0] - qi;
    if (gap >= kLimitMargin + 2.0 * h * std::max(0.0, -sign * rate.qdot)) continue;
    AuxiliaryRow& row = system.unilateral[system.unilateralCount++];
    row.bodyA = i;
    row.bodyB = joint.parent;
    row.jA = sign * rate.jc;
    row.jB = sign * rate.jp;
    row.velocity = sign * rate.qdot;
    row.error = gap;
    row.bias = 0.0;
  }
}

}  // namespace

int inequalityCapacity(const Model& model) {
  int rows = 0;
  for (const Joint& joint : model.joints)
    if (limitsEnforced(joint)) rows += 2;
  return rows + contact::groundSupportCapacity(model) + contact::bodyContactCapacity(model);
}

int frictionContactCapacity(const Model& model) {
  return contact::hasContactFriction(model) ? contact::groundSupportCapacity(model) + contact::bodyContactCapacity(model)
                                            : 0;
}

int frictionCapacity(const Model& model, int directions) {
  return contact::frictionAxes(directions) * frictionContactCapacity(model);
}

int assembleInequalityRows(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                           const VectorX& q, double h, int frictionDirections,
                           const std::vector<contact::BodyContactPoint>& bodyPoints, ConstraintSystem& system,
                           std::vector<ContactPoint>& contacts, std::vector<int>& contactRow) {
  system.unilateralCount = 0;
  system.frictionCount = 0;
  system.frictionContactCount = 0;
  system.frictionAxes = frictionDirections > 0 ? contact::frictionAxes(frictionDirections) : 0;
  contacts.clear();
  contactRow.clear();
  for (int i = 0; i < model.bodyCount(); ++i)
    if (limitsEnforced(model.joints[i])) addLimitRows(model, i, E_0i, phi, q, h, system);
  int support = 0;
  if (model.groundContact)
    for (int i = 0; i < model.bodyCount(); ++i)
      addContactRows(model, i, E_0i[i], phi[i], h, frictionDirections, support, system, contacts, contactRow);
  int dropped = 0;
  const int axes = system.frictionAxes;
  for (const contact::BodyContactPoint& p : bodyPoints) {
    const bool fits = system.unilateralCount < static_cast<int>(system.unilateral.size()) &&
                      (axes == 0 || (system.frictionCount + axes <= static_cast<int>(system.friction.size()) &&
                                     system.frictionContactCount < static_cast<int>(system.frictionContacts.size())));
    if (!fits) {
      ++dropped;
      continue;
    }
    addBodyContactRows(model, p, E_0i, phi, h, frictionDirections, system, contacts, contactRow);
  }
  for (int r = 0; r < system.unilateralCount; ++r) {
    AuxiliaryRow& row = system.unilateral[r];
    row.rhs = (stepBound(row.error, h) - row.velocity) / h;  // on a: J (phi + h a) >= -g / h
  }
  return dropped;
}

}  // namespace articulab::baraff
