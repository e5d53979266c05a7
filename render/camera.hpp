// Orbit camera around a target point; z is up. Mouse motion is given in pixels by the app.
#pragma once

#include <glm/glm.hpp>

namespace articulab::render {

struct Camera {
  glm::vec3 target{0.0f, 0.0f, 0.5f};
  float distance = 4.0f;  // eye to target, m
  float yaw = -1.2f;      // radians about world z; the eye is at +x for yaw = 0
  float pitch = 0.45f;    // radians above the ground plane, kept inside (-pi/2, pi/2)
  float fovYDeg = 45.0f;  // vertical field of view, degrees

  // Mouse drag in pixels: dx > 0 (right) turns the scene to the right, dy > 0 (down)
  // raises the eye.
  void orbit(float dx, float dy);
  // Mouse drag in pixels: the scene follows the mouse (about one pixel per pixel on a
  // 720-pixel-high view).
  void pan(float dx, float dy);
  // Scroll steps: positive moves the eye closer, each step by 10%.
  void zoom(float steps);
  // Looks at the centre of the box lo..hi from a distance where the whole box is in view.
  void frame(const glm::vec3& lo, const glm::vec3& hi);

  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;
  glm::vec3 eye() const;
  // Unit vector from the eye towards the target.
  glm::vec3 forward() const;
};

}  // namespace articulab::render
