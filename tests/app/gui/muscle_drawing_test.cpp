// How the 3D view draws muscles (render/muscle_drawing.hpp), without a display: the colour map,
// the width from f_opt clamped to a pixel range, the screen scale of the perspective view, and
// the tubes, joins and dots built along the paths of the muscle arm.
#include <gtest/gtest.h>

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "engine/algorithm/initial_state.hpp"
#include "engine/forces/muscle_readings.hpp"
#include "engine/io/scene_loader.hpp"
#include "gui_test_paths.hpp"
#include "render/camera.hpp"
#include "render/eigen_glm.hpp"
#include "render/muscle_drawing.hpp"

namespace articulab::render {
namespace {

void expectMuscleColourNear(const glm::vec3& a, const glm::vec3& b) {
  EXPECT_NEAR(a.r, b.r, 1e-6f);
  EXPECT_NEAR(a.g, b.g, 1e-6f);
  EXPECT_NEAR(a.b, b.b, 1e-6f);
}

// Saturation of an RGB colour (HSV): how far from grey.
float drawingTestSaturation(const glm::vec3& c) {
  const float hi = std::max({c.r, c.g, c.b}), lo = std::min({c.r, c.g, c.b});
  return hi > 0.0f ? (hi - lo) / hi : 0.0f;
}

TEST(MuscleDrawing, ColourRunsFromPaleGreyBlueAtZeroToSaturatedRedAtOne) {
  expectMuscleColourNear(muscleColour(0.0), kMuscleRestColour);
  expectMuscleColourNear(muscleColour(1.0), kMuscleFullColour);
  expectMuscleColourNear(muscleColour(0.5), 0.5f * (kMuscleRestColour + kMuscleFullColour));
  EXPECT_GT(kMuscleRestColour.b, kMuscleRestColour.r) << "activation 0 is bluish";
  EXPECT_LT(drawingTestSaturation(kMuscleRestColour), 0.3f) << "and pale";
  EXPECT_GT(drawingTestSaturation(kMuscleFullColour), 0.9f) << "activation 1 is saturated red";
  float previous = -1.0f;
  for (int k = 0; k <= 10; ++k) {  // redder with every step
    const glm::vec3 c = muscleColour(0.1 * k);
    const float redness = c.r - 0.5f * (c.g + c.b);
    EXPECT_GT(redness, previous) << "value " << 0.1 * k;
    previous = redness;
  }
  // Outside [0, 1]: never below the rest colour; above f_opt darker up to the overload colour.
  expectMuscleColourNear(muscleColour(-0.3), kMuscleRestColour);
  expectMuscleColourNear(muscleColour(NAN), kMuscleRestColour);
  expectMuscleColourNear(muscleColour(kMuscleOverloadEnd), kMuscleOverloadColour);
  expectMuscleColourNear(muscleColour(7.0), kMuscleOverloadColour);
  EXPECT_LT(muscleColour(1.25).r, kMuscleFullColour.r);
}

TEST(MuscleDrawing, ColourValueIsTheActivationOrTheForceOverFopt) {
  EXPECT_DOUBLE_EQ(muscleColourValue(0.3, 450.0, 600.0, MuscleColouring::Activation), 0.3);
  EXPECT_DOUBLE_EQ(muscleColourValue(0.3, 450.0, 600.0, MuscleColouring::Force), 0.75);
  EXPECT_DOUBLE_EQ(muscleColourValue(0.3, 450.0, 0.0, MuscleColouring::Force), 0.0);
}

TEST(MuscleDrawing, WidthGrowsWithFoptAndIsClampedToAPixelRange) {
  // A round muscle of cross-section f_opt / 0.35 MPa: 600 N is 4.67 cm thick.
  EXPECT_NEAR(muscleDiameter(600.0), 2.0 * std::sqrt(600.0 / 0.35e6 / M_PI), 1e-15);
  EXPECT_NEAR(muscleDiameter(600.0), 0.0467, 1e-4);
  EXPECT_NEAR(muscleDiameter(2400.0), 2.0 * muscleDiameter(600.0), 1e-15) << "diameter ~ sqrt(f_opt)";
  EXPECT_EQ(muscleDiameter(0.0), 0.0);
  float previous = 0.0f;
  for (double fOpt : {50.0, 100.0, 200.0, 400.0, 800.0}) {  // 200 px/m: inside the range
    const float width = muscleWidthPixels(muscleDiameter(fOpt), 200.0f);
    EXPECT_GT(width, previous) << fOpt << " N";
    EXPECT_NEAR(width, 200.0 * muscleDiameter(fOpt), 1e-4) << fOpt << " N";
    previous = width;
  }
  EXPECT_EQ(muscleWidthPixels(muscleDiameter(600.0), 1.0f), kMinMuscleWidthPixels) << "far away: still visible";
  EXPECT_EQ(muscleWidthPixels(muscleDiameter(600.0), 1e5f), kMaxMuscleWidthPixels) << "close: not hiding the bones";
  EXPECT_EQ(muscleWidthPixels(NAN, 100.0f), kMinMuscleWidthPixels);
}

// pixelsPerMetre agrees with the camera's projection: a 1 cm segment across the view at the
// target spans that many pixels on a 720-pixel-high viewport.
TEST(MuscleDrawing, ViewScaleMatchesTheCameraProjection) {
  Camera camera;
  camera.target = glm::vec3(0.2f, -0.1f, 0.4f);
  camera.distance = 2.5f;
  const int height = 720;
  const float aspect = 1.3f;
  const ViewScale view = viewScale(camera, height);
  const glm::mat4 clip = camera.projection(aspect) * camera.view();
  const glm::vec3 across = glm::normalize(glm::cross(camera.forward(), glm::vec3(1.0f, 0.0f, 0.0f)));
  const auto pixel = [&](const glm::vec3& p) {  // NDC to pixels of a (aspect x height) by height viewport
    const glm::vec4 c = clip * glm::vec4(p, 1.0f);
    return glm::vec2(c.x * aspect, c.y) / c.w * (0.5f * height);
  };
  const float pixels = glm::length(pixel(camera.target + 0.01f * across) - pixel(camera.target));
  EXPECT_NEAR(pixels, 0.01f * view.pixelsPerMetre(camera.target), 1e-3f * pixels);
  EXPECT_NEAR(view.pixelsPerMetre(camera.target), 2.0f * view.pixelsPerMetre(camera.eye() + 2.0f * camera.distance * camera.forward()),
              1e-3f) << "twice as far: half the pixels";
}

State drawingTestArmState(const Model& model) {
  State state = makeInitialState(model);
  state.activations[0] = 1.0;  // biceps fully active, triceps at rest
  state.activations[1] = 0.0;
  return state;
}

TEST(MuscleDrawing, TubesJoinsAndDotsFollowEachMusclePath) {
  const Model model = loadScene(gui::test::kMuscleArm);
  ASSERT_EQ(model.muscles.size(), 2u);
  const State state = drawingTestArmState(model);
  Camera camera;
  camera.target = glm::vec3(0.0f, 0.0f, 0.1f);
  camera.distance = 1.2f;
  const ViewScale view = viewScale(camera, 720);
  MuscleDrawing drawing;
  buildMuscleDrawing(model, state, MuscleColouring::Activation, view, drawing);
  ASSERT_EQ(drawing.tubes.size(), 4u);  // two segments per muscle (origin, via point, insertion)
  ASSERT_EQ(drawing.joints.size(), 6u);
  ASSERT_EQ(drawing.points.size(), 6u);
  std::size_t tube = 0, point = 0;
  for (std::size_t m = 0; m < model.muscles.size(); ++m) {
    const MuscleReading r = readMuscle(model, state, m);
    const glm::vec3 colour = muscleColour(r.activation);
    for (int k = 0; k < r.pointCount; ++k, ++point) {
      EXPECT_NEAR(glm::length(drawing.points[point].centre - toGlm(r.points[k])), 0.0f, 1e-6f);
      EXPECT_NEAR(glm::length(drawing.joints[point].centre - toGlm(r.points[k])), 0.0f, 1e-6f);
      expectMuscleColourNear(drawing.joints[point].color, colour);
      expectMuscleColourNear(drawing.points[point].color, kMusclePointColour);
      const float dot = 2.0f * drawing.points[point].radius * view.pixelsPerMetre(drawing.points[point].centre);
      EXPECT_GE(dot, 3.99f);
      EXPECT_LE(dot, 8.01f) << "a small dot";
    }
    for (int k = 1; k < r.pointCount; ++k, ++tube) {
      const MuscleTube& t = drawing.tubes[tube];
      EXPECT_NEAR(glm::length(t.a - toGlm(r.points[k - 1])), 0.0f, 1e-6f);
      EXPECT_NEAR(glm::length(t.b - toGlm(r.points[k])), 0.0f, 1e-6f);
      expectMuscleColourNear(t.colour, colour);
      const float width = 2.0f * t.radius * view.pixelsPerMetre(0.5f * (t.a + t.b));
      EXPECT_GE(width, kMinMuscleWidthPixels - 1e-3f);
      EXPECT_LE(width, kMaxMuscleWidthPixels + 1e-3f);
    }
  }
  expectMuscleColourNear(drawing.tubes[0].colour, kMuscleFullColour);  // biceps: a = 1
  expectMuscleColourNear(drawing.tubes[2].colour, kMuscleRestColour);  // triceps: a = 0

  // Coloured by force instead: f / f_opt of each muscle.
  buildMuscleDrawing(model, state, MuscleColouring::Force, view, drawing);
  const MuscleReading biceps = readMuscle(model, state, 0);
  expectMuscleColourNear(drawing.tubes[0].colour, muscleColour(biceps.force / model.muscles[0].maxIsometricForce));
}

TEST(MuscleDrawing, FarAwayMusclesKeepTheMinimumWidthAndCloseOnesTheMaximum) {
  const Model model = loadScene(gui::test::kMuscleArm);
  const State state = drawingTestArmState(model);
  MuscleDrawing drawing;
  for (const auto& [distance, pixels] : {std::pair{200.0f, kMinMuscleWidthPixels}, std::pair{0.3f, kMaxMuscleWidthPixels}}) {
    Camera camera;
    camera.target = glm::vec3(0.0f, 0.0f, 0.1f);
    camera.distance = distance;
    const ViewScale view = viewScale(camera, 720);
    buildMuscleDrawing(model, state, MuscleColouring::Activation, view, drawing);
    for (const MuscleTube& t : drawing.tubes)
      EXPECT_NEAR(2.0f * t.radius * view.pixelsPerMetre(0.5f * (t.a + t.b)), pixels, 1e-3f) << "distance " << distance;
  }
}

// The drawing is rebuilt every frame in the same storage: no allocation once it has grown.
TEST(MuscleDrawing, RebuildingReusesTheStorage) {
  const Model model = loadScene(gui::test::kMuscleArm);
  const State state = drawingTestArmState(model);
  const ViewScale view = viewScale(Camera{}, 720);
  MuscleDrawing drawing;
  buildMuscleDrawing(model, state, MuscleColouring::Activation, view, drawing);
  const MuscleTube* tubes = drawing.tubes.data();
  const Marker* dots = drawing.points.data();
  for (int frame = 0; frame < 3; ++frame) buildMuscleDrawing(model, state, MuscleColouring::Force, view, drawing);
  EXPECT_EQ(drawing.tubes.data(), tubes);
  EXPECT_EQ(drawing.points.data(), dots);
  EXPECT_EQ(drawing.tubes.size(), 4u);
  State unposed;  // no poses yet: nothing drawn
  buildMuscleDrawing(model, unposed, MuscleColouring::Activation, view, drawing);
  EXPECT_TRUE(drawing.tubes.empty());
}

}  // namespace
}  // namespace articulab::render
