// The channel catalogue (engine/diagnostics/channel_catalog.hpp) against hand computations and
// finite differences, and the CLI recorder's columns as catalogue channels.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/channel_catalog.hpp"
#include "engine/diagnostics/recorder.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

double channel(const Model& model, const State& state, const std::string& name, const VectorX* qdd = nullptr) {
  const std::vector<ChannelDef> catalog = channelCatalog(model);
  const int c = findChannel(catalog, name);
  EXPECT_GE(c, 0) << name;
  ChannelEvaluator evaluator(model, state, qdd);
  return c < 0 ? NAN : evaluator.value(catalog[c]);
}

State pendulumAt(Model& model, double q, double qd) {
  model.q0 << q;
  model.qd0 << qd;
  return makeInitialState(model);
}

// One 1 kg box 0.02 x 0.02 x 0.1 m hung 0.05 m below a hinge about y at the origin, swinging at
// qd: its centre moves on a circle of radius d = 0.05 m, p = m d qd along the tangent and
// L_y = (I_yy + m d^2) qd with I_yy = m (0.02^2 + 0.1^2) / 12 (parallel axes).
TEST(ChannelCatalog, PendulumMomentumAndBodyMotionEqualTheHandComputation) {
  Model model = loadScene(test::kScenes + "single_pendulum.json");
  const double q = 0.3, qd = 2.0, m = 1.0, d = 0.05;
  const State state = pendulumAt(model, q, qd);
  const double x = channel(model, state, "body_link0_x"), z = channel(model, state, "body_link0_z");
  EXPECT_NEAR(std::hypot(x, z), d, 1e-14);
  EXPECT_NEAR(std::abs(z), d * std::cos(q), 1e-14);
  EXPECT_NEAR(channel(model, state, "body_link0_y"), 0.0, 1e-15);
  const double px = channel(model, state, "px"), pz = channel(model, state, "pz");
  EXPECT_NEAR(std::hypot(px, pz), m * d * std::abs(qd), 1e-13);
  EXPECT_NEAR(px * x + pz * z, 0.0, 1e-14) << "momentum is tangent to the circle";
  const double inertia = m * (0.02 * 0.02 + 0.1 * 0.1) / 12.0 + m * d * d;
  EXPECT_NEAR(channel(model, state, "Ly"), inertia * qd, 1e-13);
  EXPECT_NEAR(channel(model, state, "Lx"), 0.0, 1e-14);
  EXPECT_NEAR(channel(model, state, "body_link0_wy"), qd, 1e-14);
  EXPECT_NEAR(channel(model, state, "q_link0_joint_0"), q, 0.0);
  EXPECT_NEAR(channel(model, state, "qd_link0_joint_0"), qd, 0.0);
  EXPECT_NEAR(channel(model, state, "kinetic"), 0.5 * inertia * qd * qd, 1e-13);
}

// free3d's coordinates (w, p): three angles, then the origin's position in metres.
TEST(ChannelCatalog, Free3DCoordinatesAreAnglesThenLengths) {
  const Model model = loadScene(test::kScenes + "sphere_slope_roll.json");
  const std::vector<ChannelDef> catalog = channelCatalog(model);
  for (int k = 0; k < 6; ++k) {
    const int q = findChannel(catalog, "q_float_" + std::to_string(k));
    const int qd = findChannel(catalog, "qd_float_" + std::to_string(k));
    ASSERT_GE(q, 0);
    ASSERT_GE(qd, 0);
    EXPECT_EQ(catalog[q].unit, k < 3 ? "rad" : "m");
    EXPECT_EQ(catalog[qd].unit, k < 3 ? "rad/s" : "m/s");
  }
}

// The body velocity channels are the time derivative of the body position channels: central
// differences of the position along q(t) = q + qd t.
TEST(ChannelCatalog, BodyVelocityIsTheDerivativeOfBodyPosition) {
  Model model = loadScene(test::kScenes + "chain.json", {{"n", 3}});
  model.q0 << 0.4, -0.7, 0.2;
  model.qd0 << 1.5, -0.5, 2.0;
  const State state = makeInitialState(model);
  const double h = 1e-6;
  Model ahead = model, behind = model;
  ahead.q0 = model.q0 + h * model.qd0;
  behind.q0 = model.q0 - h * model.qd0;
  const State after = makeInitialState(ahead), before = makeInitialState(behind);
  for (const Body& body : model.bodies)
    for (const char* axis : {"x", "y", "z"}) {
      const std::string position = "body_" + body.name + "_" + axis, velocity = "body_" + body.name + "_v" + axis;
      const double difference = (channel(ahead, after, position) - channel(behind, before, position)) / (2.0 * h);
      EXPECT_NEAR(channel(model, state, velocity), difference, 1e-8) << velocity;
    }
}

// qdd evaluates from the accelerations it is given; without them it is NaN, never a stale value.
TEST(ChannelCatalog, AccelerationsComeFromTheSolversForwardDynamics) {
  Model model = loadScene(test::kScenes + "single_pendulum.json");
  const State state = pendulumAt(model, 0.3, 0.0);
  auto solver = findBackend("redmax")->create(model, SolverOptions{});
  VectorX qdd = VectorX::Zero(1);
  solver->forwardDynamics(model, state, qdd);
  // At rest the hinge sees only gravity: qdd = -m g d sin q / I about the hinge (sign by the axis).
  const double inertia = (0.02 * 0.02 + 0.1 * 0.1) / 12.0 + 0.05 * 0.05;
  EXPECT_NEAR(std::abs(channel(model, state, "qdd_link0_joint_0", &qdd)), 9.81 * 0.05 * std::sin(0.3) / inertia, 1e-10);
  EXPECT_TRUE(std::isnan(channel(model, state, "qdd_link0_joint_0")));
}

// The recorder writes catalogue channels: the base groups always, the others when asked, with
// the catalogue's names and units in the header.
TEST(ChannelCatalog, RecorderColumnsAreCatalogueChannels) {
  const Model model = loadScene(test::kScenes + "four_bar.json");
  const TimeSeriesRecorder base(model, RecorderColumns{});
  EXPECT_EQ(base.header().front(), "t [s]");
  EXPECT_EQ(base.column("Lz"), 11);
  EXPECT_EQ(base.column("q_" + model.joints[1].name + "_0"), -1);
  const TimeSeriesRecorder all(model, RecorderColumns{optionalChannelGroups()});
  EXPECT_EQ(all.header().size(), channelCatalog(model).size());
  EXPECT_GE(all.column("drift_" + model.loops.at(0).name + "_position"), 0);
  EXPECT_GE(all.column("contact_normal_force"), 0);
  EXPECT_EQ(findChannel(channelCatalog(model), "body_" + model.bodies[0].name + "_vz [m/s]"),
            all.column("body_" + model.bodies[0].name + "_vz"));
}

}  // namespace
}  // namespace articulab
