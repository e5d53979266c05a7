#include "render/camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace articulab::render {

namespace {
constexpr float kOrbitRadiansPerPixel = 0.005f;
constexpr float kPanReferenceHeightPixels = 720.0f;
constexpr float kZoomFactorPerStep = 0.9f;
constexpr float kMaxPitch = 1.55f;
constexpr float kMinDistance = 1e-3f, kMaxDistance = 1e5f;
const glm::vec3 kUp{0.0f, 0.0f, 1.0f};
}  // namespace

void Camera::orbit(float dx, float dy) {
  yaw -= dx * kOrbitRadiansPerPixel;
  pitch = std::clamp(pitch + dy * kOrbitRadiansPerPixel, -kMaxPitch, kMaxPitch);
}

void Camera::pan(float dx, float dy) {
  const float metresPerPixel = 2.0f * distance * std::tan(glm::radians(fovYDeg) * 0.5f) / kPanReferenceHeightPixels;
  const glm::vec3 right = glm::normalize(glm::cross(forward(), kUp));
  const glm::vec3 up = glm::cross(right, forward());
  target += (-dx * right + dy * up) * metresPerPixel;
}

void Camera::zoom(float steps) {
  distance = std::clamp(distance * std::pow(kZoomFactorPerStep, steps), kMinDistance, kMaxDistance);
}

void Camera::frame(const glm::vec3& lo, const glm::vec3& hi) {
  target = 0.5f * (lo + hi);
  const float radius = std::max(0.5f * glm::length(hi - lo), 1e-2f);
  // The bounding sphere fits the vertical field of view (the narrow one for wide windows); the
  // sphere is loose around most scenes, so a little less distance still shows everything.
  distance = std::clamp(0.9f * radius / std::sin(glm::radians(fovYDeg) * 0.5f), kMinDistance, kMaxDistance);
}

glm::vec3 Camera::forward() const {
  return -glm::vec3(std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), std::sin(pitch));
}

glm::vec3 Camera::eye() const { return target - distance * forward(); }

glm::mat4 Camera::view() const { return glm::lookAt(eye(), target, kUp); }

glm::mat4 Camera::projection(float aspect) const {
  const float nearPlane = 0.01f * distance, farPlane = 200.0f * distance;
  return glm::perspective(glm::radians(fovYDeg), std::max(aspect, 1e-3f), nearPlane, farPlane);
}

}  // namespace articulab::render
