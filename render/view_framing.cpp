#include "render/view_framing.hpp"

#include <algorithm>
#include <cmath>

#include "render/eigen_glm.hpp"
#include "render/motion_range.hpp"
#include "render/renderer.hpp"

namespace articulab::render {

namespace {

constexpr float kFloorGap = 0.02f;     // of the scene diameter, between the lowest reach and the floor
constexpr float kTiltPitch = 0.30f;    // rad above the plane normal, so the floor shows
constexpr float kTiltYaw = 0.35f;      // rad around it, so depth shows
constexpr float kTopDownPitch = 1.0f;  // for a mechanism moving in a horizontal plane
constexpr float kLargeReach = 20.0f;   // reach diagonal over the mechanism's beyond which the view
                                       // frames the mechanism (a 500-link chain would be a dot)
constexpr float kMechanismMargin = 3.0f;  // the framed box's size over the mechanism's then
const glm::vec3 kUp{0.0f, 0.0f, 1.0f};

glm::vec3 corner(const glm::vec3& lo, const glm::vec3& hi, int c) {
  return {c & 1 ? hi.x : lo.x, c & 2 ? hi.y : lo.y, c & 4 ? hi.z : lo.z};
}

// Yaw and pitch looking along -n from the side of the default eye.
void faceOn(Camera& camera, glm::vec3 n) {
  const glm::vec3 defaultEye = -Camera{}.forward();
  if (glm::dot(n, defaultEye) < 0.0f) n = -n;
  if (std::abs(n.z) > 0.9f) {
    camera.pitch = kTopDownPitch;
    return;
  }
  camera.yaw = std::atan2(n.y, n.x) + kTiltYaw;
  camera.pitch = std::asin(std::clamp(n.z, -1.0f, 1.0f)) + kTiltPitch;
}

}  // namespace

SceneFraming sceneFraming(const Model& model, const State& state) {
  SceneFraming out;
  glm::vec3 mechanismLo, mechanismHi;
  Renderer::framingBounds(model, state, mechanismLo, mechanismHi);
  out.lo = mechanismLo;
  out.hi = mechanismHi;
  Vector3 lo, hi;
  if (reachBounds(model, state, lo, hi)) {
    out.lo = glm::min(out.lo, toGlm(lo));
    out.hi = glm::max(out.hi, toGlm(hi));
  }
  if (model.groundContact) {
    out.floorZ = 0.0f;
  } else {
    out.floorZ = out.lo.z - kFloorGap * glm::length(out.hi - out.lo);  // just out of the box
  }
  if (glm::length(out.hi - out.lo) > kLargeReach * glm::length(mechanismHi - mechanismLo)) {
    const glm::vec3 centre = 0.5f * (mechanismLo + mechanismHi);
    const glm::vec3 half = 0.5f * kMechanismMargin * (mechanismHi - mechanismLo);
    out.lo = glm::max(centre - half, out.lo);
    out.hi = glm::min(centre + half, out.hi);
  }
  if (const std::optional<Vector3> n = planeOfMotion(model, state)) out.planeNormal = glm::normalize(toGlm(*n));
  return out;
}

Camera framedCamera(const SceneFraming& framing, float aspect) {
  Camera camera;
  if (framing.planeNormal) faceOn(camera, *framing.planeNormal);
  fitBox(camera, framing.lo, framing.hi, aspect, 1.05f);
  return camera;
}

void fitBox(Camera& camera, const glm::vec3& lo, const glm::vec3& hi, float aspect, float margin) {
  camera.target = 0.5f * (lo + hi);
  const glm::vec3 f = camera.forward();
  const glm::vec3 r = glm::normalize(glm::cross(f, kUp));
  const glm::vec3 u = glm::cross(r, f);
  const float tanV = std::tan(glm::radians(camera.fovYDeg) * 0.5f) / margin;
  const float tanH = tanV * std::max(aspect, 1e-3f);
  float distance = 1e-2f;
  for (int c = 0; c < 8; ++c) {
    const glm::vec3 d = corner(lo, hi, c) - camera.target;
    const float depth = glm::dot(d, f);  // along the view, away from the eye
    distance = std::max({distance, std::abs(glm::dot(d, r)) / tanH - depth, std::abs(glm::dot(d, u)) / tanV - depth});
  }
  camera.distance = distance;
}

float projectedCoverage(const Camera& camera, float aspect, const glm::vec3& lo, const glm::vec3& hi) {
  const glm::mat4 clip = camera.projection(aspect) * camera.view();
  glm::vec2 a(1e9f), b(-1e9f);
  for (int c = 0; c < 8; ++c) {
    const glm::vec4 p = clip * glm::vec4(corner(lo, hi, c), 1.0f);
    if (p.w <= 0.0f) return 0.0f;
    const glm::vec2 ndc(p.x / p.w, p.y / p.w);
    a = glm::min(a, ndc);
    b = glm::max(b, ndc);
  }
  a = glm::clamp(a, glm::vec2(-1.0f), glm::vec2(1.0f));
  b = glm::clamp(b, glm::vec2(-1.0f), glm::vec2(1.0f));
  return std::max(0.0f, b.x - a.x) * std::max(0.0f, b.y - a.y) / 4.0f;
}

bool boxInView(const Camera& camera, float aspect, const glm::vec3& lo, const glm::vec3& hi) {
  const glm::mat4 clip = camera.projection(aspect) * camera.view();
  for (int c = 0; c < 8; ++c) {
    const glm::vec4 p = clip * glm::vec4(corner(lo, hi, c), 1.0f);
    if (p.w <= 0.0f || std::abs(p.x) > p.w || std::abs(p.y) > p.w) return false;
  }
  return true;
}

}  // namespace articulab::render
