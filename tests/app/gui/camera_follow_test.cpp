// The cameras that keep the mechanism in view (issue 36): the follow camera keeps the rolling
// sphere of sphere_slope_roll in the view for 10 s (its centre projected into the viewport every
// frame at 60 Hz; the framed camera alone loses it after about 1.2 s), follows the centre of mass,
// F frames the recent motion, the presets look along their axes, and a 500-link chain opens framed
// rather than as a dot in its 25 m reach.
#include <gtest/gtest.h>

#include <memory>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/run/run.hpp"
#include "render/camera_follow.hpp"
#include "render/camera_presets.hpp"
#include "render/eigen_glm.hpp"
#include "render/recent_motion.hpp"
#include "render/shape_extents.hpp"
#include "render/view_framing.hpp"

namespace articulab::render {
namespace {

constexpr float kViewAspect = 860.0f / 699.0f;  // the 3D view of a 1280x720 window

std::shared_ptr<const Model> scene(const std::string& name, const ParameterOverrides& overrides = {}) {
  return std::make_shared<const Model>(loadScene(ARTICULAB_SOURCE_DIR "/scenes/" + name, overrides));
}

bool pointInView(const Camera& camera, const glm::vec3& p) {
  const glm::vec4 clip = camera.projection(kViewAspect) * camera.view() * glm::vec4(p, 1.0f);
  return clip.w > 0.0f && std::abs(clip.x) <= clip.w && std::abs(clip.y) <= clip.w;
}

// Seconds until the ball's centre first leaves the view (the run's length when it never does).
double ballInViewFor(bool follow, double seconds) {
  Run run(scene("sphere_slope_roll.json"));
  Camera camera = framedCamera(sceneFraming(run.model(), run.state()), kViewAspect);
  CameraFollow follower;
  const FollowTarget ball{FollowTarget::Kind::Body, static_cast<int>(run.model().findBody("ball"))};
  if (follow) follower.follow(ball, camera, run.model(), run.state());
  const long stepsPerFrame = std::lround(1.0 / (60.0 * run.plan().dt));
  while (run.state().t < seconds) {
    EXPECT_EQ(run.advance(stepsPerFrame), stepsPerFrame) << run.failure();
    follower.update(camera, run.model(), run.state());
    if (!pointInView(camera, *followedPoint(run.model(), run.state(), ball))) return run.state().t;
  }
  return seconds;
}

TEST(CameraFollow, KeepsTheRollingSphereInViewFor10Seconds) {
  EXPECT_LT(ballInViewFor(false, 10.0), 3.0);  // the framed view alone loses it
  EXPECT_EQ(ballInViewFor(true, 10.0), 10.0);
}

TEST(CameraFollow, TheCentreOfMassIsTheMassWeightedMeanOfTheBodies) {
  const auto model = scene("double_pendulum.json");
  const State state = makeInitialState(*model);
  Vector3 expected = Vector3::Zero();
  double mass = 0.0;
  for (int i = 0; i < model->bodyCount(); ++i) {
    const Matrix4& E = state.E_0i[i];
    expected += model->bodies[i].mass * (E.topLeftCorner<3, 3>() * model->bodies[i].com + E.topRightCorner<3, 1>());
    mass += model->bodies[i].mass;
  }
  const glm::vec3 com = *followedPoint(*model, state, {FollowTarget::Kind::CentreOfMass, -1});
  EXPECT_NEAR(glm::length(com - toGlm(Vector3(expected / mass))), 0.0f, 1e-6f);
  EXPECT_FALSE(followedPoint(*model, state, {FollowTarget::Kind::Body, model->bodyCount()}));
  EXPECT_FALSE(followedPoint(*model, state, {}));
}

TEST(CameraFollow, TheUsersPanStaysWhileFollowing) {
  const auto model = scene("double_pendulum.json");
  State state = makeInitialState(*model);
  Camera camera;
  CameraFollow follower;
  follower.follow({FollowTarget::Kind::Body, 1}, camera, *model, state);
  camera.target += glm::vec3(0.5f, 0.0f, 0.0f);  // the user pans
  const glm::vec3 before = *followedPoint(*model, state, follower.target());
  state.E_0i[1](0, 3) += 2.0;  // the body moves 2 m along x
  follower.update(camera, *model, state);
  EXPECT_NEAR(glm::length(camera.target - (before + glm::vec3(2.5f, 0.0f, 0.0f))), 0.0f, 1e-5f);
}

TEST(CameraPresets, LookAlongTheirAxes) {
  Camera camera;
  camera.target = glm::vec3(1.0f, 2.0f, 3.0f);
  camera.distance = 5.0f;
  const std::pair<CameraPreset, glm::vec3> expected[] = {{CameraPreset::Front, {0, 1, 0}},
                                                         {CameraPreset::Side, {-1, 0, 0}},
                                                         {CameraPreset::Top, {0, 0, -1}}};
  for (const auto& [preset, forward] : expected) {
    applyCameraPreset(camera, preset);
    EXPECT_GT(glm::dot(camera.forward(), forward), 0.999f) << cameraPresetName(preset);
    EXPECT_EQ(cameraPresetNamed(cameraPresetName(preset)), preset);
  }
  applyCameraPreset(camera, CameraPreset::Isometric);  // along the cube's diagonal (-1, 1, -1)
  EXPECT_NEAR(glm::dot(camera.forward(), glm::normalize(glm::vec3(-1, 1, -1))), 1.0f, 1e-5f);
  EXPECT_EQ(camera.distance, 5.0f);
  EXPECT_FALSE(cameraPresetNamed("back"));
}

TEST(RecentMotion, FramesTheLastSecondsAndStartsOverWhenTimeGoesBack) {
  RecentMotion recent(3.0);
  glm::vec3 lo, hi;
  EXPECT_FALSE(recent.bounds(lo, hi));
  recent.add(0.0, glm::vec3(-10.0f), glm::vec3(-9.0f));
  recent.add(2.0, glm::vec3(0.0f), glm::vec3(1.0f));
  recent.add(4.0, glm::vec3(1.0f), glm::vec3(2.0f));  // the box at t = 0 is older than 3 s
  ASSERT_TRUE(recent.bounds(lo, hi));
  EXPECT_EQ(lo, glm::vec3(0.0f));
  EXPECT_EQ(hi, glm::vec3(2.0f));
  recent.add(1.0, glm::vec3(5.0f), glm::vec3(6.0f));  // a reset
  ASSERT_TRUE(recent.bounds(lo, hi));
  EXPECT_EQ(lo, glm::vec3(5.0f));
}

// chain n = 500 coils into a ring of about 0.7 m that can fall 25 m: the opening view frames the
// coil (its box covers a fair part of the view), not the whole reach in which it is a dot.
TEST(ViewFraming, ALargeChainOpensFramedNotAsADot) {
  const auto model = scene("chain.json", {{"n", 500}});
  const State state = makeInitialState(*model);
  const Camera camera = framedCamera(sceneFraming(*model, state), kViewAspect);
  Vector3 lo, hi;
  ASSERT_TRUE(worldBounds(*model, state, lo, hi));
  EXPECT_TRUE(boxInView(camera, kViewAspect, toGlm(lo), toGlm(hi)));
  EXPECT_GT(projectedCoverage(camera, kViewAspect, toGlm(lo), toGlm(hi)), 0.05f);
}

}  // namespace
}  // namespace articulab::render
