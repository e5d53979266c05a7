// Force elements of a model (sueda notes 1.9.2, 1.9.3, 1.9.6): forces between two attachment
// points, each fixed on a body or in the world. What the scene states; the laws that turn an
// element into a force are in engine/forces/ (force_law.hpp).
//
// A closed set of element types in one struct rather than a class hierarchy: elements are
// values inside the const Model (copied when the app edits a model), evaluated in the hot loop
// without virtual calls or heap, and the loader, the app's parameter panel and the drawing code
// enumerate their fields anyway. A new type adds an enumerator, a force law file and a case in
// evaluateForceLaw.
#pragma once

#include <string>

#include "engine/spatial/types.hpp"

namespace articulab {

enum class ForceElementType {
  PointForce,    // constant world force on a body point (sueda 1.9.2): acts on b
  LinearSpring,  // f = -k dx - c dv between the points, zero rest length (sueda 1.9.3)
  SpringDamper,  // tension k (l - L) + c ldot along the line between the points (sueda 1.9.6)
};

// A point fixed on a body (point in the body frame) or in the world (body -1, world point).
struct Attachment {
  int body = -1;
  Vector3 point = Vector3::Zero();  // m
};

struct ForceElement {
  std::string name;
  ForceElementType type = ForceElementType::SpringDamper;
  Attachment a, b;                  // the force on b is F, on a it is -F; a point force uses b only
  Vector3 force = Vector3::Zero();  // point force, world frame, N
  double stiffness = 0.0;           // k, N/m
  double damping = 0.0;             // c, N s/m
  double restLength = 0.0;          // L, m (spring-damper)
};

// "point_force", "spring", "spring_damper".
const char* forceElementTypeName(ForceElementType type);
// Parses one of the names above; false for anything else.
bool parseForceElementType(const std::string& name, ForceElementType& out);
// Whether the element joins attachments a and b (a point force acts at b alone).
bool isTwoPointElement(const ForceElement& element);

}  // namespace articulab
