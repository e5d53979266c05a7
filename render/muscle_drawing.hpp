// How the 3D view draws muscles, built on the CPU from the model and state (readMuscle): each
// muscle a tube along its world path (one per path segment, a sphere at each path point for
// round joins and ends), coloured by activation or by force over f_opt, as thick as a muscle
// of that f_opt (clamped to a pixel range so thin muscles stay visible and thick ones do not
// hide the bones), and a small dark dot at every path point (origin, via points, insertion)
// drawn over everything. Pure geometry: no OpenGL, testable without a display.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "engine/multibody/state.hpp"
#include "render/overlay_geometry.hpp"
#include "render/overlays.hpp"

namespace articulab::render {

struct Camera;

// Width of a muscle on screen is clamped to this range, pixels.
constexpr float kMinMuscleWidthPixels = 2.5f, kMaxMuscleWidthPixels = 18.0f;
// Specific tension of skeletal muscle, Pa (35 N/cm^2, within the 25-60 N/cm^2 reported): the
// cross-section a muscle of a given f_opt needs.
constexpr double kSpecificTension = 0.35e6;
// Activation 0 (or no force) and activation 1 (or f = f_opt); above f_opt the colour darkens
// towards kMuscleOverloadColour at kMuscleOverloadEnd x f_opt.
const glm::vec3 kMuscleRestColour{0.66f, 0.72f, 0.82f};
const glm::vec3 kMuscleFullColour{0.86f, 0.06f, 0.06f};
const glm::vec3 kMuscleOverloadColour{0.42f, 0.0f, 0.10f};
constexpr double kMuscleOverloadEnd = 1.5;
const glm::vec3 kMusclePointColour{0.13f, 0.13f, 0.16f};

// Colour of a muscle whose activation (or f / f_opt) is value: pale grey-blue at 0, saturated
// red at 1, darker red up to kMuscleOverloadEnd; clamped outside [0, kMuscleOverloadEnd], NaN
// gives the rest colour.
glm::vec3 muscleColour(double value);
// What the colour shows: the activation, or f / f_opt (0 when f_opt is not positive).
double muscleColourValue(double activation, double force, double maxIsometricForce, MuscleColouring colouring);
// Diameter of a round muscle of cross-section f_opt / kSpecificTension, m (600 N: 4.7 cm).
double muscleDiameter(double maxIsometricForce);
// The diameter on screen, clamped to [kMinMuscleWidthPixels, kMaxMuscleWidthPixels].
float muscleWidthPixels(double diameter, float pixelsPerMetre);

// Screen scale of a perspective view: how many pixels a metre spans at a point.
struct ViewScale {
  glm::vec3 eye{0.0f}, forward{0.0f, 0.0f, -1.0f};  // forward: unit view direction
  float pixelsAtUnitDepth = 1.0f;  // viewport height / (2 tan(fovY / 2))
  float pixelsPerMetre(const glm::vec3& p) const;
};
ViewScale viewScale(const Camera& camera, int viewportHeight);

struct MuscleTube {
  glm::vec3 a, b;  // segment ends, world m
  float radius;    // world m
  glm::vec3 colour;
};

// Kept by the renderer between frames: clear() keeps the capacity, so a frame allocates nothing
// once the vectors have grown.
struct MuscleDrawing {
  std::vector<MuscleTube> tubes;  // one per path segment
  std::vector<Marker> joints;     // a sphere of the tube's radius and colour at each path point
  std::vector<Marker> points;     // the small dark dot at each path point
  void clear();
};

// The drawing of every muscle of the model at the state (nothing when the state has no poses).
void buildMuscleDrawing(const Model& model, const State& state, MuscleColouring colouring, const ViewScale& view,
                        MuscleDrawing& out);

}  // namespace articulab::render
