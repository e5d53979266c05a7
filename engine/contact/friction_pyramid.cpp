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

bool hasGroundFriction(const Model& model) {
  if (!model.groundContact) return false;
  for (int i = 0; i < model.bodyCount(); ++i)
    if (groundFriction(model, i) > 0.0) return true;
  return false;
}

}  // namespace articulab::contact
