// Half extents of a shape's box in its own frame and world bounds of a model's bodies.
#pragma once

#include "engine/multibody/state.hpp"

namespace articulab::render {

// Half side lengths of the smallest box around the shape, in the shape frame (centred).
Vector3 shapeHalfExtents(const ShapeDims& shape);
// True when every size the shape type uses is positive and finite.
bool shapeIsDrawable(const ShapeDims& shape);
// Grows lo..hi by the box of half extents h posed by E (8 corners transformed).
void growBounds(const Matrix4& E, const Vector3& h, Vector3& lo, Vector3& hi);
// Half extents of the box around all shapes of a body, in the body frame, about its origin.
Vector3 bodyHalfExtents(const Body& body);
// World box around every body shape; false when there is nothing to bound.
bool worldBounds(const Model& model, const State& state, Vector3& lo, Vector3& hi);

}  // namespace articulab::render
