#include "engine/solvers/baraff/inequality_constraints.hpp"

#include <algorithm>

#include "engine/contact/ground_contact.hpp"

namespace articulab::baraff {

namespace {
constexpr double kContactMargin = 5e-3;  // m: support points this close to the ground get a row
constexpr double kLimitMargin = 1e-2;    // rad or m: joints this close to a limit get a row
constexpr double kRecovery = 0.2;        // fraction of a penetration removed per step

// Velocity-level bound of a row: J phi' >= -g / h, penetrations removed a fraction per step.
double stepBound(double gap, double h) { return -(gap >= 0.0 ? gap : kRecovery * gap) / h; }

void addContactRows(const Model& model, int i, const Matrix4& E, const Vector6& phi, double h,
                    ConstraintSystem& system, std::vector<ContactPoint>& contacts, std::vector<int>& contactRow) {
  contact::GroundSupport points[contact::kMaxSupportPoints];
  for (const BodyShape& shape : model.bodies[i].shapes) {
    const int count = contact::groundSupportPoints(shape, E, points);
    for (int j = 0; j < count; ++j) {
      const contact::GroundSupport& point = points[j];
      const double rate = point.J.dot(phi);
      if (point.world.z() >= kContactMargin + 2.0 * h * std::max(0.0, -rate)) continue;
      AuxiliaryRow& row = system.unilateral[system.unilateralCount];
      row.bodyA = i;
      row.bodyB = -1;
      row.jA = point.J;
      row.jB.setZero();
      row.velocity = rate;
      row.error = point.world.z();
      row.bias = 0.0;
      contactRow.push_back(system.unilateralCount++);
      contacts.push_back({i, point.world, point.world.z(), 0.0});
    }
  }
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
  return rows + contact::groundSupportCapacity(model);
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
