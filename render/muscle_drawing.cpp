#include "render/muscle_drawing.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "engine/forces/muscle_readings.hpp"
#include "render/camera.hpp"
#include "render/eigen_glm.hpp"

namespace articulab::render {

namespace {

constexpr float kMinMuscleDrawingDepth = 1e-3f;  // m: points behind or at the eye get the scale at 1 mm
// The dots at the path points: this fraction of the muscle's width, within a pixel range.
constexpr float kMusclePointWidthFraction = 0.45f, kMinMusclePointRadiusPixels = 2.0f, kMaxMusclePointRadiusPixels = 4.0f;

}  // namespace

glm::vec3 muscleColour(double value) {
  if (!(value > 0.0)) return kMuscleRestColour;  // also NaN
  if (value <= 1.0) return glm::mix(kMuscleRestColour, kMuscleFullColour, static_cast<float>(value));
  const double over = std::min(1.0, (value - 1.0) / (kMuscleOverloadEnd - 1.0));
  return glm::mix(kMuscleFullColour, kMuscleOverloadColour, static_cast<float>(over));
}

double muscleColourValue(double activation, double force, double maxIsometricForce, MuscleColouring colouring) {
  if (colouring == MuscleColouring::Activation) return activation;
  return maxIsometricForce > 0.0 ? force / maxIsometricForce : 0.0;
}

double muscleDiameter(double maxIsometricForce) {
  const double area = std::max(0.0, maxIsometricForce) / kSpecificTension;  // m^2
  return 2.0 * std::sqrt(area / std::numbers::pi);
}

float muscleWidthPixels(double diameter, float pixelsPerMetre) {
  const float pixels = static_cast<float>(diameter) * pixelsPerMetre;
  if (!(pixels > kMinMuscleWidthPixels)) return kMinMuscleWidthPixels;  // also NaN
  return std::min(pixels, kMaxMuscleWidthPixels);
}

float ViewScale::pixelsPerMetre(const glm::vec3& p) const {
  return pixelsAtUnitDepth / std::max(glm::dot(p - eye, forward), kMinMuscleDrawingDepth);
}

ViewScale viewScale(const Camera& camera, int viewportHeight) {
  ViewScale view;
  view.eye = camera.eye();
  view.forward = camera.forward();
  view.pixelsAtUnitDepth =
      static_cast<float>(std::max(viewportHeight, 1)) / (2.0f * std::tan(glm::radians(camera.fovYDeg) * 0.5f));
  return view;
}

void MuscleDrawing::clear() {
  tubes.clear();
  joints.clear();
  points.clear();
}

void buildMuscleDrawing(const Model& model, const State& state, MuscleColouring colouring, const ViewScale& view,
                        MuscleDrawing& out) {
  out.clear();
  if (static_cast<int>(state.E_0i.size()) < model.bodyCount()) return;
  for (std::size_t m = 0; m < model.muscles.size(); ++m) {
    const Muscle& muscle = model.muscles[m];
    const MuscleReading r = readMuscle(model, state, m);  // fixed-size: no allocation
    const glm::vec3 colour =
        muscleColour(muscleColourValue(r.activation, r.force, muscle.maxIsometricForce, colouring));
    const double diameter = muscleDiameter(muscle.maxIsometricForce);
    // Radius in metres of the clamped on-screen width at a point.
    const auto radiusAt = [&](const glm::vec3& p, float fraction, float lo, float hi) {
      const float ppm = view.pixelsPerMetre(p);
      const float pixels = std::clamp(fraction * muscleWidthPixels(diameter, ppm), lo, hi);
      return 0.5f * pixels / ppm;
    };
    for (int k = 0; k < r.pointCount; ++k) {
      const glm::vec3 p = toGlm(r.points[k]);
      out.joints.push_back({p, radiusAt(p, 1.0f, 0.0f, kMaxMuscleWidthPixels), colour});
      out.points.push_back(
          {p, radiusAt(p, kMusclePointWidthFraction, 2.0f * kMinMusclePointRadiusPixels, 2.0f * kMaxMusclePointRadiusPixels),
           kMusclePointColour});
      if (k == 0) continue;
      const glm::vec3 a = toGlm(r.points[k - 1]);
      out.tubes.push_back({a, p, radiusAt(0.5f * (a + p), 1.0f, 0.0f, kMaxMuscleWidthPixels), colour});
    }
  }
}

}  // namespace articulab::render
