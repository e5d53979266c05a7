// Ray casting against body shapes on the CPU, for selecting and pulling bodies with the mouse.
#pragma once

#include <optional>

#include "engine/multibody/state.hpp"
#include "render/camera.hpp"

namespace articulab::render {

struct Ray {
  Vector3 origin;
  Vector3 direction;  // unit length
};

struct PickResult {
  int body = -1;  // -1: nothing hit
  Vector3 pointLocal = Vector3::Zero();  // hit point in the body frame, m
  Vector3 pointWorld = Vector3::Zero();  // hit point in world, m
  double distance = 0.0;                 // from the ray origin (the eye) to the hit, m
};

// Ray from the eye through a point of the view given in normalised device coordinates
// (x, y in [-1, 1], y up).
Ray rayThroughView(const Camera& camera, float ndcX, float ndcY, float aspect);
// Distance along a ray given in the shape's own frame to its first hit with the shape, if any.
// A ray starting inside the shape hits at distance 0.
std::optional<double> intersectShape(const ShapeDims& shape, const Ray& ray);
// Nearest body shape hit by a world ray.
PickResult pickBody(const Model& model, const State& state, const Ray& ray);

}  // namespace articulab::render
