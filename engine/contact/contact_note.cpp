#include "engine/contact/contact_note.hpp"

#include <cstdio>

#include "engine/contact/friction_pyramid.hpp"

namespace articulab::contact {

std::string contactKind(const Model& model) {
  if (model.groundContact && model.bodyContact) return "ground and body-body contact";
  if (model.groundContact) return "ground contact";
  if (model.bodyContact) return "body-body contact";
  return "";
}

std::string contactNote(const Model& model, int frictionDirections, const std::string& how) {
  std::string note = contactKind(model);
  if (hasContactFriction(model)) {
    char friction[96];
    std::snprintf(friction, sizeof friction, " with Coulomb friction (scene default mu = %g, %d-sided pyramid)",
                  model.groundFriction, frictionDirections);
    note += friction;
  }
  return note + " " + how;
}

}  // namespace articulab::contact
