// The initial camera frames the mechanism over its range of motion: run a scene's default
// back-end for a while and check that every pose stays in the view, that the swept bounding
// box covers at least 15 % of the view, that planar mechanisms are seen face-on, and that the
// floor lies below a hanging mechanism (and on the ground of a scene with contact).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "render/eigen_glm.hpp"
#include "render/motion_range.hpp"
#include "render/shape_extents.hpp"
#include "render/view_framing.hpp"

namespace articulab::render {
namespace {

constexpr float kViewAspect = 860.0f / 699.0f;  // the 3D view of a 1280x720 window

Model load(const std::string& name, const ParameterOverrides& overrides = {}) {
  return loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + name, overrides);
}

struct Sweep {
  glm::vec3 lo{1e9f}, hi{-1e9f};
  bool alwaysInView = true;
  double leftAt = -1.0;  // s, first time a pose left the view
};

// Runs the scene's defaults for `seconds`, checking its bounding box 60 times a second.
Sweep sweep(const Model& model, const Camera& camera, double seconds) {
  const BackendInfo& backend = *findBackend(model.defaults.backend);
  const auto solver = backend.create(model, sceneSolverOptions(backend, model, model.defaults.integrator));
  State state = makeInitialState(model);
  const double dt = model.defaults.dt;
  const long perFrame = std::max(1L, std::lround(1.0 / (60.0 * dt)));
  Sweep out;
  for (long frame = 0; frame * perFrame * dt <= seconds; ++frame) {
    Vector3 a, b;
    if (worldBounds(model, state, a, b)) {
      out.lo = glm::min(out.lo, toGlm(a));
      out.hi = glm::max(out.hi, toGlm(b));
      if (!boxInView(camera, kViewAspect, toGlm(a), toGlm(b)) && out.alwaysInView) {
        out.alwaysInView = false;
        out.leftAt = state.t;
      }
    }
    for (long s = 0; s < perFrame; ++s) EXPECT_TRUE(solver->step(model, state, dt).ok);
  }
  return out;
}

void expectFramed(const std::string& scene, double seconds, bool fills = true) {
  const Model model = load(scene);
  const State state = makeInitialState(model);
  const Camera camera = framedCamera(sceneFraming(model, state), kViewAspect);
  const Sweep s = sweep(model, camera, seconds);
  EXPECT_TRUE(s.alwaysInView) << scene << " left the view at t = " << s.leftAt << " s";
  const float coverage = projectedCoverage(camera, kViewAspect, s.lo, s.hi);
  if (fills) {
    EXPECT_GE(coverage, 0.15f) << scene;
  }
  ::testing::Test::RecordProperty(scene + "_coverage", std::to_string(coverage));
  std::printf("%s: swept box covers %.1f %% of the view\n", scene.c_str(), 100.0f * coverage);
}

TEST(ViewFraming, TheDefaultSceneFillsTheViewAndStaysInIt) { expectFramed("double_pendulum.json", 3.0); }
TEST(ViewFraming, TheWindmillFillsTheViewAndStaysInIt) { expectFramed("windmill.json", 2.0); }
TEST(ViewFraming, TheFourBarFillsTheViewAndStaysInIt) { expectFramed("four_bar.json", 3.0); }
TEST(ViewFraming, RC50StaysInViewWhileItWhips) { expectFramed("rc50.json", 1.0, false); }
TEST(ViewFraming, TheFallingChainStaysInView) { expectFramed("falling_chain.json", 2.0, false); }
// A thin hanging column: its box cannot cover 15 % of a wide view, but it fills the view height.
TEST(ViewFraming, TheTorusChainStaysInView) { expectFramed("torus_chain_20.json", 2.0, false); }
TEST(ViewFraming, TheBranchingTreeFillsTheViewAndStaysInIt) { expectFramed("branching_tree.json", 2.0); }
// A box sliding down a slope (tilted gravity) over its whole default run; the one that sticks
// keeps the tight framing of the start.
TEST(ViewFraming, TheSlidingBoxStaysInViewToTheEndOfItsRun) { expectFramed("box_slope_slide.json", 1.0); }
TEST(ViewFraming, TheStickingBoxFillsTheView) { expectFramed("box_slope_stick.json", 1.0); }

TEST(ViewFraming, PlanarMechanismsAreSeenFaceOn) {
  for (const char* scene : {"windmill.json", "four_bar.json", "double_pendulum.json", "minitaur_leg.json"}) {
    const Model model = load(scene);
    const State state = makeInitialState(model);
    const SceneFraming framing = sceneFraming(model, state);
    ASSERT_TRUE(framing.planeNormal.has_value()) << scene;
    const Camera camera = framedCamera(framing, kViewAspect);
    EXPECT_GT(std::abs(glm::dot(camera.forward(), *framing.planeNormal)), 0.85f) << scene;
  }
  const Model windmill = load("windmill.json");
  const auto n = planeOfMotion(windmill, makeInitialState(windmill));
  ASSERT_TRUE(n.has_value());
  EXPECT_LT(std::abs(n->z()), 1e-6);  // the hub plane is vertical: its axle is horizontal
}

TEST(ViewFraming, SpatialMechanismsHaveNoPlaneOfMotion) {
  for (const char* scene : {"branching_tree.json", "torus_chain_20.json", "free_body.json"}) {
    const Model model = load(scene);
    EXPECT_FALSE(planeOfMotion(model, makeInitialState(model)).has_value()) << scene;
  }
}

TEST(ViewFraming, TheFloorIsBelowAHangingMechanismAndOnTheGroundWithContact) {
  const Model pendulum = load("chain.json", {{"n", 5}});
  const State state = makeInitialState(pendulum);
  const SceneFraming framing = sceneFraming(pendulum, state);
  // Five 0.1 m links hang from the origin: they reach 0.5 m below it.
  EXPECT_LT(framing.floorZ, -0.5f);
  EXPECT_GT(framing.floorZ, -0.6f);
  const Model falling = load("falling_chain.json");
  EXPECT_EQ(sceneFraming(falling, makeInitialState(falling)).floorZ, 0.0f);
}

// A 0.1 m link (0.02 m thick) on a pivot at the origin, revolute about y, released at rest at
// 0.3 rad: energy keeps it within 0.3 rad of hanging straight down, so it reaches the mirrored
// pose (x down to -0.1 sin 0.3 - 0.01 cos 0.3 = -0.039 m) and the bottom (z = -0.1 m), never the
// rest of the 0.1 m disc; y is only its thickness.
TEST(ViewFraming, AtRestAPendulumReachesWhatItsEnergyAllows) {
  const Model single = load("single_pendulum.json");
  Vector3 lo, hi;
  ASSERT_TRUE(reachBounds(single, makeInitialState(single), lo, hi));
  EXPECT_LT(lo.x(), -0.039);
  EXPECT_GT(lo.x(), -0.08);  // the bound holds the centre of mass, plus the link's size about it
  EXPECT_GT(hi.x(), 0.039);
  EXPECT_LT(hi.x(), 0.08);
  EXPECT_NEAR(lo.z(), -0.1, 0.015);
  EXPECT_LT(hi.z(), 0.03);
  EXPECT_LT(hi.y() - lo.y(), 0.05);
}

// Spinning (the windmill's hub turns at 1 rad/s) or not bound by energy: the whole disc.
TEST(ViewFraming, TheWindmillsArmsReachTheirWholeCircle) {
  const Model windmill = load("windmill.json");
  const State state = makeInitialState(windmill);
  Vector3 lo, hi, a, b;
  ASSERT_TRUE(reachBounds(windmill, state, lo, hi));
  ASSERT_TRUE(worldBounds(windmill, state, a, b));
  // The hub turns about x at y = 0: the arms sweep a circle wider than their start, symmetric in y.
  EXPECT_GT(hi.y() - lo.y(), b.y() - a.y() + 1e-3);
  EXPECT_NEAR(lo.y(), -hi.y(), 1e-6);
}


// The standard four-bar (ground pivots A = (0,0,0) and B = (0.2,0,0), crank 0.1 m, coupler
// 0.2 m, rocker 0.15 m, 0.02 m thick, moving in the x-z plane): its loop holds the coupler
// between the crank's circle about A and the rocker's circle about B, so the mechanism stays in
// x from -0.1 to 0.35 m and z within +-0.15 m (plus the links' thickness), where the tree alone
// would let the coupler hang 0.3 m below A. (The sweep tests check that it stays in view.)
TEST(ViewFraming, TheFourBarsLoopBoundsItsReach) {
  const Model fourBar = load("four_bar.json");
  Vector3 lo, hi;
  ASSERT_TRUE(reachBounds(fourBar, makeInitialState(fourBar), lo, hi));
  EXPECT_GE(lo.x(), -0.1 - 0.03);
  EXPECT_LE(hi.x(), 0.35 + 0.03);
  EXPECT_GE(lo.z(), -0.15 - 0.03);
  EXPECT_LE(hi.z(), 0.15 + 0.03);
}

// Its servos pull it to rest near the start: it stays in view but sweeps little of it.
TEST(ViewFraming, TheMinitaurLegStaysInView) { expectFramed("minitaur_leg.json", 2.0, false); }

}  // namespace
}  // namespace articulab::render
