// Extra constraints beyond the spanning tree: loop closures between two bodies.
// The scene format stores them; back-ends say whether they support them.
#pragma once

#include <string>

#include "engine/spatial/types.hpp"

namespace articulab {

enum class LoopType {
  Point,  // the two anchor points coincide (3 rows)
  Hinge,  // point plus the two hinge axes stay parallel (5 rows, sueda eq 2.94-2.95)
  Weld,   // point plus the two constraint frames keep their orientation (6 rows; MJCF weld)
};

struct LoopConstraint {
  std::string name;
  LoopType type = LoopType::Point;
  int bodyA = -1, bodyB = -1;          // -1 is the world
  Matrix4 E_aA = Matrix4::Identity();  // constraint frame on A, in A's body frame
  Matrix4 E_bB = Matrix4::Identity();  // constraint frame on B, in B's body frame
  Vector3 axis = Vector3::UnitY();     // hinge axis in the constraint frames
};

const char* loopTypeName(LoopType type);

}  // namespace articulab
