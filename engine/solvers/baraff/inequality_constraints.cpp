#include "engine/solvers/baraff/inequality_constraints.hpp"

#include "engine/constraints/unilateral_step.hpp"
#include "engine/contact/friction_pyramid.hpp"

namespace articulab::baraff {

namespace {
constexpr double kLimitMargin = 1e-2;  // rad or m: joints this close to a limit get a row

// Joint i's qdot as a row on the child and parent twists, times sign (+1 lower, -1 upper).
void addLimitRows(const Model& model, int i, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                  const VectorX& q, double h, ConstraintSystem& system) {
  const Joint& joint = model.joints[i];
  const double qi = q[joint.qIndex];
  const constraints::CoordinateRate rate = constraints::coordinateRate(model, i, E_0i, phi, qi);
  for (double sign : {1.0, -1.0}) {
    const double gap = sign > 0 ? qi - joint.lower[0] : joint.upper[0] - qi;
    if (!constraints::mayCloseWithinStep(gap, sign * rate.qdot, kLimitMargin, h)) continue;
    ConstraintRow& row = system.unilateral[system.unilateralCount++];
    row.bodyA = i;
    row.bodyB = joint.parent;
    row.jA = sign * rate.jc;
    row.jB = sign * rate.jp;
    row.velocity = sign * rate.qdot;
    row.error = gap;
    row.bias = 0.0;
    row.rhs = (constraints::stepBound(gap, h) - row.velocity) / h;  // J (phi + h a) >= -g / h
  }
}
}  // namespace

int inequalityCapacity(const Model& model) {
  int rows = 0;
  for (const Joint& joint : model.joints)
    if (limitsEnforced(joint)) rows += 2;
  return rows + contact::contactRowCapacity(model);
}

int frictionContactCapacity(const Model& model) {
  return contact::hasContactFriction(model) ? contact::contactRowCapacity(model) : 0;
}

int frictionCapacity(const Model& model, int directions) {
  return contact::frictionAxes(directions) * frictionContactCapacity(model);
}

int assembleInequalityRows(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                           const VectorX& q, double h, contact::ContactRows& contacts, ConstraintSystem& system) {
  system.unilateralCount = 0;
  for (int i = 0; i < model.bodyCount(); ++i)
    if (limitsEnforced(model.joints[i])) addLimitRows(model, i, E_0i, phi, q, h, system);
  const int first = system.unilateralCount;
  contacts.build(model, E_0i, phi, h);
  for (int c = 0; c < contacts.contactCount(); ++c) {
    ConstraintRow& row = system.unilateral[system.unilateralCount++] = contacts.normalRows()[c];
    row.rhs = (row.rhs - row.velocity) / h;  // J (phi + h a) >= stepBound
  }
  system.frictionAxes = contacts.axes();
  system.frictionCount = contacts.frictionRowCount();
  for (int r = 0; r < system.frictionCount; ++r) {
    ConstraintRow& row = system.friction[r] = contacts.frictionRows()[r];
    row.rhs = -row.velocity / h;  // J (phi + h a) = 0
  }
  system.frictionContactCount = contacts.frictionContactCount();
  for (int k = 0; k < system.frictionContactCount; ++k) {
    contact::FrictionRows& rows = system.frictionContacts[k] = contacts.frictionContacts()[k];
    rows.normal += system.auxiliaryCount() + first;  // its row in the mixed list
  }
  return first;
}

}  // namespace articulab::baraff
