// Numbers in the messages of a failed or non-converging step ("back-end X at step N: |f| = ..."),
// shared by the back-ends that report residuals.
#pragma once

#include <cstdio>
#include <string>

#include "engine/spatial/types.hpp"

namespace articulab {

// A number with 6 significant digits.
inline std::string messageNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

// The largest magnitude of a residual vector, 0 when it is empty.
inline double largestAbs(const VectorX& f) { return f.size() == 0 ? 0.0 : f.cwiseAbs().maxCoeff(); }

}  // namespace articulab
