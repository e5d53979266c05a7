#include "engine/contact/friction_pyramid.hpp"

#include <cmath>
#include <numbers>

namespace articulab::contact {

bool validFrictionDirections(int directions) { return directions == 4 || directions == 8 || directions == 16; }

Vector3 frictionAxis(int directions, int j) {
  const double angle = 2.0 * std::numbers::pi * j / directions;
  return Vector3(std::cos(angle), std::sin(angle), 0.0);
}

double frictionBoxScale(int directions) { return std::tan(std::numbers::pi / directions); }

double combinedFriction(double a, double b) { return std::sqrt(a * b); }

double groundFriction(const Model& model, int body) {
  const double own = model.bodies[body].friction;
  return combinedFriction(own >= 0.0 ? own : model.groundFriction, model.groundFriction);
}

double bodyFriction(const Model& model, int body) {
  const double own = model.bodies[body].friction;
  return own >= 0.0 ? own : model.groundFriction;
}

double pairFriction(const Model& model, int a, int b) {
  return combinedFriction(bodyFriction(model, a), bodyFriction(model, b));
}

bool hasContactFriction(const Model& model) {
  if (hasGroundFriction(model)) return true;
  if (!model.bodyContact) return false;
  int rough = 0;  // bodies with mu > 0: a pair needs two
  for (int i = 0; i < model.bodyCount(); ++i)
    if (bodyFriction(model, i) > 0.0) ++rough;
  return rough >= 2;
}

Vector3 frictionAxis(int directions, int j, const Vector3& n) {
  const Vector3 reference = std::abs(n.x()) < 0.9 ? Vector3::UnitX() : Vector3::UnitY();
  const Vector3 t1 = (reference - reference.dot(n) * n).normalized();
  const Vector3 t2 = n.cross(t1);
  const double angle = 2.0 * std::numbers::pi * j / directions;
  return std::cos(angle) * t1 + std::sin(angle) * t2;
}

bool hasGroundFriction(const Model& model) {
  if (!model.groundContact) return false;
  for (int i = 0; i < model.bodyCount(); ++i)
    if (groundFriction(model, i) > 0.0) return true;
  return false;
}

}  // namespace articulab::contact
