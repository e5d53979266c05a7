// Conversions between the engine's Eigen (double) types and GLM (float) types.
#pragma once

#include <glm/glm.hpp>

#include "engine/spatial/types.hpp"

namespace articulab::render {

inline glm::vec3 toGlm(const Vector3& v) { return {float(v.x()), float(v.y()), float(v.z())}; }

inline glm::mat4 toGlm(const Matrix4& E) {
  glm::mat4 m(1.0f);
  for (int column = 0; column < 4; ++column)
    for (int row = 0; row < 4; ++row) m[column][row] = float(E(row, column));
  return m;
}

inline Vector3 toEigen(const glm::vec3& v) { return {v.x, v.y, v.z}; }

}  // namespace articulab::render
