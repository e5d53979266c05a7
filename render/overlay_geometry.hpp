// What the overlays draw, built on the CPU from the model and state: coloured line segments and
// small sphere markers. Joint frames, centres of mass, loop constraints, the mouse spring,
// contact points.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "engine/multibody/state.hpp"

namespace articulab::render {

struct Overlays;

struct ColoredLine {
  glm::vec3 a, b, color;
};

struct Marker {
  glm::vec3 centre;
  float radius;
  glm::vec3 color;
};

struct OverlayGeometry {
  std::vector<ColoredLine> lines;
  std::vector<Marker> markers;
};

// sceneSize (m) sets the marker size where a body gives no scale of its own.
OverlayGeometry buildOverlayGeometry(const Model& model, const State& state, const Overlays& overlays,
                                     const std::vector<Vector3>& contactPoints, float sceneSize);

}  // namespace articulab::render
