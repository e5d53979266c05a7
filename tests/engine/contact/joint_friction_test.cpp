// Joint friction by bilateral staggered projections (redmax, and recursive where it says so;
// sueda 2.11, Alg 8). Oracles: the
// closed-form stick/slip threshold mu r N of a wheel on a horizontal axle turned by a constant
// spring torque (N = m g exactly: the wheel turns about its centre of mass), linear in the load;
// the static joint reactions of a hanging chain (the weight below each joint); energy that never
// rises over a step; a pendulum that comes to rest where friction can hold it; an arm held by
// joint friction alone that falls without it.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <sstream>

#include "engine/algorithm/initial_state.hpp"
#include "engine/contact/joint_friction.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/redmax/redmax_solver.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

constexpr double kJointFrictionStep = 1e-3;
constexpr double kJointFrictionMu = 0.4, kJointFrictionRadius = 0.02, kGravity = 9.81;

std::string jointFrictionExact(double value) {
  std::ostringstream out;
  out.precision(17);
  out << value;
  return out.str();
}

// A sphere (radius 0.1 m) on a revolute axle along y through its centre, gravity -z, turned by a
// joint spring at q = 0 with the torque k rest = torque.
Model wheelOnAxle(double mass, double torque) {
  const double k = 100.0;
  const std::string text = R"({"gravity": [0, 0, -9.81],
    "bodies": [{"name": "wheel", "mass": )" + std::to_string(mass) + R"(, "shape": {"type": "sphere", "radius": 0.1}}],
    "joints": [{"name": "axle", "type": "revolute", "parent": "world", "child": "wheel", "axis": [0, 1, 0],
                "stiffness": 100, "rest": )" + jointFrictionExact(torque / k) + R"(,
                "friction": {"mu": 0.4, "radius": 0.02, "length": 0.05}}]})";
  return loadSceneFromString(text, "wheel.json");
}

SolverOptions jointFrictionOptions() {
  return test::solverOptions(Integrator::LinearlyImplicitEuler, DriftControl::PostStabilization);
}

// The wheel's velocity after one step from rest.
double velocityAfterOneStep(const Model& model, const char* backend = "redmax") {
  const auto solver = findBackend(backend)->create(model, jointFrictionOptions());
  State state = makeInitialState(model);
  EXPECT_TRUE(solver->step(model, state, kJointFrictionStep).ok);
  return state.qd[0];
}

// Implicit Euler with friction impulse beta: (I + h^2 k) qdot' = h tau + beta, so the wheel
// sticks for tau <= b = mu r m g and else leaves with qdot' = h (tau - b) / (I + h^2 k).
double slipVelocity(const Model& model, double torque, double bound) {
  const double I = model.bodies[0].M(1, 1), h = kJointFrictionStep;
  return h * (torque - bound) / (I + h * h * 100.0);
}

// On both back-ends with joint friction and both of their implicit steps (the wheel has a
// spring only, so implicit-springs solves the same system).
TEST(JointFriction, RevoluteHoldsBelowMuRNAndSlipsAbove) {
  for (const char* backend : {"redmax", "recursive"})
    for (double mass : {1.0, 2.0}) {  // doubling the load doubles the threshold
      SCOPED_TRACE(std::string(backend) + ", " + std::to_string(mass));
      const double threshold = kJointFrictionMu * kJointFrictionRadius * mass * kGravity;
      const Model below = wheelOnAxle(mass, threshold * (1.0 - 1e-6));
      const Model above = wheelOnAxle(mass, threshold * (1.0 + 1e-6));
      const double slip = slipVelocity(above, threshold * (1.0 + 1e-6), threshold);
      ASSERT_GT(slip, 0.0);
      EXPECT_LT(std::abs(velocityAfterOneStep(below, backend)), 1e-3 * slip);
      EXPECT_NEAR(velocityAfterOneStep(above, backend), slip, 1e-3 * slip);
      const Model twice = wheelOnAxle(mass, 2.0 * threshold);  // well above: the slip velocity
      EXPECT_NEAR(velocityAfterOneStep(twice, backend), slipVelocity(twice, 2.0 * threshold, threshold),
                  1e-9 * threshold);
    }
}

// A two-link chain (1 kg links 0.1 m long) hanging at rest: joint 0 carries both weights, joint
// 1 one; each reaction is a pure vertical force through the joint, in the body frame (aligned
// with the world at q = 0) (0, 0, 0, 0, 0, n m g) with moments about the body's centre zero (the
// joint lies on the body's z axis).
TEST(JointFriction, ReactionsOfAHangingChainAreTheWeightsBelow) {
  const Model model = test::hangingFrictionChain();
  RedMaxSolver solver(model, jointFrictionOptions());
  State state = makeInitialState(model);
  ASSERT_TRUE(solver.step(model, state, kJointFrictionStep).ok);
  const auto& wrench = solver.jointFriction().bisp().reactionWrenches();
  for (int i = 0; i < 2; ++i) {
    Vector6 expected = Vector6::Zero();
    expected[5] = (2 - i) * kGravity;
    EXPECT_LT((wrench[i] - expected).norm(), 1e-9 * expected.norm()) << wrench[i].transpose();
  }
  EXPECT_LT(state.qd.norm(), 1e-12);
  EXPECT_GE(state.outputs.contactIterations, 1);
}

// Each type's bound from a known wrench (joint_friction.hpp): a pin (a = y, r, l) under a radial
// force F and a bending moment; a ball; a slider along x.
TEST(JointFriction, BoundsOfEachJointTypeFollowTheirGeometry) {
  Joint pin = test::singleJoint(JointType::Revolute, Vector3::UnitY());
  pin.friction = {0.5, 0.02, 0.1};
  Vector6 w;
  w << 0.3, 7.0, 0.0, 0.0, 1.0, 4.0;  // M = (0.3, 7, 0): 7 about the axis is the joint's own
  // R+- = F_perp/2 +- (M_perp x a)/l = (0, 0, 2) +- (0, 0, 3): |R+| + |R-| = 5 + 1, thrust |a.F| = 1.
  EXPECT_NEAR(contact::jointFrictionBound(pin, w), 0.5 * 0.02 * (5.0 + 1.0 + 1.0), 1e-15);
  Joint ball = test::singleJoint(JointType::SphericalExp);
  ball.friction = {0.5, 0.03, 0.0};
  EXPECT_NEAR(contact::jointFrictionBound(ball, w), 0.5 * 0.03 * std::sqrt(17.0), 1e-15);
  Joint slider = test::singleJoint(JointType::Prismatic, Vector3::UnitX());
  slider.friction = {0.5, 0.05, 0.1};
  // a = x: F_perp = (0, 1, 4), M = (0.3, 7, 0): M_perp x a = (0, 7, 0) x (1, 0, 0) = (0, 0, -7),
  // R+- = (0, 0.5, 2) +- (0, 0, -70): faces |R.u| + |R.v| = 0.5 + 68 and 0.5 + 72, torsion 0.3 / r.
  EXPECT_NEAR(contact::jointFrictionBound(slider, w), 0.5 * (68.5 + 72.5 + 0.3 / 0.05), 1e-12);
}

// Energy never rises over a step, and the pendulum ends at rest (qdot = 0 over the last second)
// at an angle where friction can hold it: m g (L/2) |sin q| <= mu r N within the step's error.
TEST(JointFriction, PendulumLosesEnergyEveryStepAndComesToRest) {
  const Model model = loadScene(test::kScenes + "pendulum_joint_friction.json");
  const auto solver = findBackend("redmax")->create(model, test::sceneOptions("redmax", model, model.defaults.integrator));
  State state = makeInitialState(model);
  double energy = computeEnergy(model, state).total(), worstRise = -1.0;
  const long steps = std::lround(model.defaults.duration / model.defaults.dt);
  double lastMotion = 0.0;
  for (long s = 0; s < steps; ++s) {
    ASSERT_TRUE(solver->step(model, state, model.defaults.dt).ok);
    const double next = computeEnergy(model, state).total();
    worstRise = std::max(worstRise, next - energy);
    energy = next;
    if (std::abs(state.qd[0]) > 1e-9) lastMotion = state.t;
    EXPECT_LE(state.outputs.contactIterations, 50);
  }
  EXPECT_LE(worstRise, 1e-12);
  EXPECT_LT(lastMotion, model.defaults.duration - 1.0);
  const Joint& joint = model.joints[0];
  const double weight = model.bodies[0].mass * kGravity, lever = 0.15;  // rod of 0.3 m
  EXPECT_LE(weight * lever * std::abs(std::sin(state.q[0])),
            joint.friction.mu * joint.friction.radius * weight * (1.0 + 1e-6));
}

// The arm holds its load by joint friction alone (no motion over the scene), and falls without it.
TEST(JointFriction, ArmHoldsItsLoadByFrictionAloneAndFallsWithout) {
  Model model = loadScene(test::kScenes + "arm_holding_load.json");
  const SolverOptions options = test::sceneOptions("redmax", model, model.defaults.integrator);
  for (bool friction : {true, false}) {
    SCOPED_TRACE(friction);
    if (!friction)
      for (Joint& joint : model.joints) joint.friction.mu = 0.0;
    const auto solver = findBackend("redmax")->create(model, options);
    State state = makeInitialState(model);
    for (int s = 0; s < 1000; ++s) ASSERT_TRUE(solver->step(model, state, model.defaults.dt).ok);
    const double moved = (state.q - model.q0).cwiseAbs().maxCoeff();
    if (friction) EXPECT_LT(moved, 1e-9);
    else EXPECT_GT(moved, 0.1);
  }
}

// The four-bar with friction at its three tree joints: energy never rises, the loop stays
// closed, it comes to rest.
TEST(JointFriction, FourBarLosesEnergyAndComesToRest) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = loadScene(test::kScenes + "four_bar_joint_friction.json");
  const auto solver = findBackend("redmax")->create(model, test::sceneOptions("redmax", model, model.defaults.integrator));
  State state = makeInitialState(model);
  double energy = computeEnergy(model, state).total(), worstRise = -1.0;
  const long steps = std::lround(model.defaults.duration / model.defaults.dt);
  for (long s = 0; s < steps; ++s) {
    ASSERT_TRUE(solver->step(model, state, model.defaults.dt).ok);
    const double next = computeEnergy(model, state).total();
    worstRise = std::max(worstRise, next - energy);
    energy = next;
  }
  EXPECT_LE(worstRise, 1e-9);
  EXPECT_LT(state.qd.norm(), 1e-6);
  EXPECT_LT(test::worstLoopError(model, state), 1e-9);
}

struct BispIterationCounts {
  long steps = 0, total = 0, atCap = 0;
  int most = 0;
};

// BISP iterations (friction QP solves per step) over the scene's run on redmax with `options`.
BispIterationCounts bispIterations(const Model& model, const SolverOptions& options) {
  const auto solver = findBackend("redmax")->create(model, options);
  State state = makeInitialState(model);
  BispIterationCounts counts;
  counts.steps = std::lround(model.defaults.duration / model.defaults.dt);
  for (long s = 0; s < counts.steps; ++s) {
    EXPECT_TRUE(solver->step(model, state, model.defaults.dt).ok);
    counts.total += state.outputs.contactIterations;
    counts.most = std::max(counts.most, state.outputs.contactIterations);
    counts.atCap += state.outputs.contactIterations >= 50;
  }
  return counts;
}

// BISP iterations over each shipped joint-friction scene's whole run, with the scene's settings;
// printed for docs/performance.md. Issue 15's target, at most 20 per step, holds on all three
// (measured 2026-11-28: at most 7, 4 and 13), the four-bar's through its
// joint-friction-regularisation (next test).
TEST(JointFriction, IterationsOnTheShippedScenes) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  for (const char* scene : {"pendulum_joint_friction.json", "arm_holding_load.json", "four_bar_joint_friction.json"}) {
    const Model model = loadScene(test::kScenes + scene);
    const BispIterationCounts c = bispIterations(model, test::sceneOptions("redmax", model, model.defaults.integrator));
    std::cout << scene << ": mean " << double(c.total) / c.steps << ", most " << c.most << ", steps at the cap "
              << c.atCap << " of " << c.steps << "\n";
    EXPECT_LE(c.most, 20) << scene;
  }
}

// The four-bar's three frictional joints share its one DOF, so W has rank 1 and only the
// friction QP's eps I makes the split of the friction impulses between the joints unique. At the
// default joint-friction-regularisation, 1e-10 of W's largest diagonal, some stick-slip steps of
// its first 0.8 s end at the cap of 50 with the bounds still changing (measured 2026-11-28: 71 of
// 10000); at the scene's 1e-6 none takes more than 13, and the linkage still comes to rest
// (FourBarLosesEnergyAndComesToRest).
TEST(JointFriction, RegularisationSettlesTheFourBarsSharedDof) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = loadScene(test::kScenes + "four_bar_joint_friction.json");
  SolverOptions fine = test::sceneOptions("redmax", model, model.defaults.integrator);
  fine = test::withSetting(fine, "redmax", "joint-friction-regularisation", 1e-10);
  const BispIterationCounts atDefault = bispIterations(model, fine);
  const BispIterationCounts atScene = bispIterations(model, test::sceneOptions("redmax", model, model.defaults.integrator));
  EXPECT_GT(atDefault.atCap, 0);
  EXPECT_EQ(atScene.atCap, 0);
  EXPECT_LE(atScene.most, 20);
}

TEST(JointFriction, BackEndsWithoutItRefuseAndTheReducedOnesNeedAVelocityStep) {
  const Model model = loadScene(test::kScenes + "pendulum_joint_friction.json");
  for (const char* name : {"baraff", "variational-maximal", "variational-minimal"}) {
    const SolverSupport support = findBackend(name)->supports(model);
    EXPECT_FALSE(support.ok) << name;
    EXPECT_NE(support.reason.find("does not simulate joint friction (joint 'pivot'"), std::string::npos)
        << support.reason;
    EXPECT_NE(support.reason.find("back-ends with joint friction: redmax, recursive"), std::string::npos)
        << support.reason;
  }
  for (const char* name : {"redmax", "recursive"}) {
    const SolverSupport support = findBackend(name)->supports(model);
    EXPECT_TRUE(support.ok) << name << ": " << support.reason;
    bool said = false;
    for (const std::string& note : support.notes) said |= note.find("joint friction by bilateral staggered") == 0;
    EXPECT_TRUE(said) << name;
    for (Integrator integrator : {Integrator::RK4, Integrator::SemiImplicitEuler}) {
      SolverOptions options;
      options.integrator = integrator;
      const SolverSupport refused = findBackend(name)->supports(model, options);
      EXPECT_FALSE(refused.ok) << name << ", " << integrator.name();
      EXPECT_NE(refused.reason.find("velocity-level step"), std::string::npos) << refused.reason;
    }
  }
}

TEST(JointFriction, LoaderNamesTheFieldAndTheExpectedValue) {
  const auto message = [](const std::string& joint) {
    try {
      loadSceneFromString(R"({"bodies": [{"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}}],
                              "joints": [)" + joint + "]}",
                          "bad.json");
    } catch (const SceneError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  const std::string head = R"({"name": "j", "parent": "world", "child": "a", )";
  EXPECT_NE(message(head + R"("type": "universal", "friction": {"mu": 0.3, "radius": 0.01}})")
                .find("/joints/0/friction: joint friction applies to revolute, prismatic"),
            std::string::npos);
  EXPECT_NE(message(head + R"("type": "revolute", "axis": [0, 1, 0], "friction": {"mu": 0.3, "radius": 0, "length": 0.1}})")
                .find("/joints/0/friction/radius: expected a positive number, got 0"),
            std::string::npos);
  EXPECT_NE(message(head + R"("type": "spherical_exp", "friction": {"mu": 0.3, "radius": 0.01, "length": 0.1}})")
                .find("length"),
            std::string::npos);
  EXPECT_NE(message(head + R"("type": "revolute", "axis": [0, 1, 0], "friction": {"mu": -1, "radius": 0.01, "length": 0.1}})")
                .find("/joints/0/friction/mu: expected a number >= 0, got -1"),
            std::string::npos);
  EXPECT_NE(message(head + R"("type": "revolute", "axis": [0, 1, 0], "friction": {"mu": 0.3, "radius": 0.01}})")
                .find("length"),
            std::string::npos);
}

}  // namespace
}  // namespace articulab
