// The initial view of a scene (no OpenGL here): what to keep in view, where the floor goes, and
// a camera that looks at a planar mechanism face-on and fits it to the view.
#pragma once

#include <optional>

#include <glm/glm.hpp>

#include "engine/multibody/state.hpp"
#include "render/camera.hpp"

namespace articulab::render {

struct SceneFraming {
  glm::vec3 lo{-1.0f}, hi{1.0f};  // the range of motion, guides, springs (and the ground with contact)
  float floorZ = 0.0f;            // height of the drawn floor (0, the physical ground, with contact)
  std::optional<glm::vec3> planeNormal;  // of a planar mechanism's plane of motion
};

// Reach bounds (render/motion_range.hpp) grown by Renderer::framingBounds; the floor just below
// the lowest reach when the scene has no ground contact. Where the reach dwarfs the mechanism
// (over twenty times its diagonal: a coiled 500-link chain that can fall 25 m), the view frames the
// mechanism as it is, three times its size; F and the follow camera take it from there.
SceneFraming sceneFraming(const Model& model, const State& state);

// Looks along the plane normal, tilted a little so the view still reads as 3D (a spatial
// scene gets the default oblique view), and fits the framed box to a view of this aspect.
Camera framedCamera(const SceneFraming& framing, float aspect);

// Keeps the camera's direction; moves target and distance so every corner of lo..hi is in the
// view (aspect = width / height) with margin (1.1: a tenth to spare).
void fitBox(Camera& camera, const glm::vec3& lo, const glm::vec3& hi, float aspect, float margin);

// Fraction of the view covered by the screen rectangle around the projected box, clipped to
// the view (0 when the box is behind the eye).
float projectedCoverage(const Camera& camera, float aspect, const glm::vec3& lo, const glm::vec3& hi);
// True when every corner of the box projects inside the view.
bool boxInView(const Camera& camera, float aspect, const glm::vec3& lo, const glm::vec3& hi);

}  // namespace articulab::render
