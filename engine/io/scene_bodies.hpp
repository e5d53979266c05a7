// Scene "bodies" entries: shapes, mass or density, and the body's spatial inertia.
#pragma once

#include <string>

#include "engine/io/json_reader.hpp"
#include "engine/multibody/body.hpp"

namespace articulab::scene_io {

// Where a body of the scene came from, for messages (the Body itself goes into the model): the
// entry that declares it and the fields of that entry; the pointers are built for a message only.
struct BodySource {
  std::string entry;                // e.g. "/bodies/3" or "/chains/0"
  const char* bodyField = nullptr;  // the body object's field of the entry ("body"), or nullptr: the entry
  const char* nameField = "name";   // the field that gives its name

  std::string pointer() const;      // the body object, e.g. "/bodies/3" or "/chains/0/body"
  std::string namePointer() const;  // where its name comes from
};

// Body fields "mass" | "density" and "shape" | "shapes"; with allowName also "name".
// The name is set by the caller. Mass, centre of mass and inertia are computed (eq 1.25-1.26).
Body readBody(const Node& node, bool allowName);
// A Coulomb friction coefficient (>= 0): "friction" of a body or of "ground_contact".
double readFriction(const Node& node);

}  // namespace articulab::scene_io
