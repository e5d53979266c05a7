// What a run uses when the request does not say: each back-end's default integrator is the first
// of its declared default order that can run the scene (BackendCapabilities::defaultOrder), a
// dissipative one is named so, and a scene too large for its back-end starts on one that runs it
// in real time (resolveRun, realTimeStart) unless the request names the back-end.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/number_text.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/run/run.hpp"
#include "engine/run/run_plan.hpp"
#include "engine/run/step_stability.hpp"
#include "engine/solvers/step_cost_estimate.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

Model defaultsScene(const std::string& name, const ParameterOverrides& overrides = {}) {
  return loadScene(test::kScenes + name, overrides);
}

// The request of a back-end switch: an integrator wished for, the back-end's default otherwise.
RunRequest defaultOn(const std::string& backend) {
  RunRequest request;
  request.backend = backend;
  request.integratorWish = IntegratorWish::Preferred;
  return request;
}

bool planHasNote(const RunPlan& plan, const std::string& words) {
  for (const std::string& note : plan.notes)
    if (note.find(words) != std::string::npos) return true;
  return false;
}

// Every back-end's default is the first of its default order that it can run the scene with.
TEST(RunDefaults, TheDefaultIsTheFirstIntegratorOfTheOrderThatRunsTheScene) {
  const Model pendulum = defaultsScene("double_pendulum.json");
  for (const BackendInfo& info : backends()) {
    const RunPlan plan = resolveRun(pendulum, defaultOn(info.name));
    const Integrator expected =
        info.capabilities.defaultOrder.empty() ? info.integrators.front().integrator : info.capabilities.defaultOrder.front();
    EXPECT_EQ(plan.integrator, expected) << info.name;
    EXPECT_FALSE(plan.dissipative()) << info.name;
  }
}

// Contact is carried by a velocity-level step (not rk4), joint friction by the implicit step.
TEST(RunDefaults, AContactOrJointFrictionSceneGetsAStepThatCarriesIt) {
  const Model contact = defaultsScene("falling_chain.json");
  for (const char* backend : {"redmax", "recursive", "baraff"}) {
    const RunPlan plan = resolveRun(contact, defaultOn(backend));
    EXPECT_EQ(plan.integrator, Integrator::SemiImplicitEuler) << backend;
  }
  const RunPlan friction = resolveRun(defaultsScene("pendulum_joint_friction.json"), defaultOn("recursive"));
  EXPECT_EQ(friction.integrator, Integrator::LinearlyImplicitEuler);
  EXPECT_TRUE(friction.dissipative());
  EXPECT_TRUE(planHasNote(friction, "implicit: dissipative")) << (friction.notes.empty() ? "" : friction.notes[0]);
}

// An integrator named is used as named, dissipative or not, and said to be so.
TEST(RunDefaults, ANamedDissipativeIntegratorIsSaidToBeDissipative) {
  RunRequest request;
  request.backend = "redmax";
  request.requireIntegrator("implicit");
  const RunPlan plan = resolveRun(defaultsScene("double_pendulum.json"), request);
  EXPECT_EQ(plan.integrator, Integrator::LinearlyImplicitEuler);
  EXPECT_TRUE(planHasNote(plan, "implicit: dissipative, the energy falls on every scene (rk4 keeps"));
  request.requireIntegrator("rk4");
  EXPECT_TRUE(resolveRun(defaultsScene("double_pendulum.json"), request).notes.empty());
}

// chain.json at n = 500 on its back-end (redmax, rk4, O(n^3)) takes about a second per step; a
// run that names no back-end starts on one that runs in real time at the scene's dt, and says so.
TEST(RunDefaults, ASlowSceneStartsOnABackendThatRunsItInRealTime) {
  const Model chain = defaultsScene("chain.json", {{"n", 500}});
  ASSERT_GT(estimateStepCost(chain.defaults.backend, chain, Integrator::RK4).seconds, kFastStartSeconds);
  // The scene's step named: kept, so the run starts on the real-time pick (at the scene's own
  // step it is unstable there, and the run steps smaller: AChainThatStartsElsewhere... below).
  RunRequest request;
  request.dt = chain.defaults.dt;
  const RunPlan plan = resolveRun(chain, request);
  EXPECT_NE(plan.backend->name, chain.defaults.backend);
  EXPECT_LE(estimateStepCost(plan.backend->name, chain, plan.integrator).seconds, plan.dt);
  EXPECT_TRUE(plan.slowStep.empty()) << plan.slowStep;
  ASSERT_FALSE(plan.startedElsewhere.empty());
  EXPECT_NE(plan.startedElsewhere.find("the run starts on " + plan.backend->name), std::string::npos)
      << plan.startedElsewhere;
  EXPECT_TRUE(planHasNote(plan, plan.startedElsewhere));
}

// The back-end named is kept, however slow; a small scene stays on its own back-end.
TEST(RunDefaults, ANamedBackendOrASmallSceneStaysWhereItIs) {
  const Model chain = defaultsScene("chain.json", {{"n", 500}});
  RunRequest named;
  named.backend = chain.defaults.backend;
  const RunPlan kept = resolveRun(chain, named);
  EXPECT_EQ(kept.backend->name, chain.defaults.backend);
  EXPECT_TRUE(kept.startedElsewhere.empty());
  EXPECT_FALSE(kept.slowStep.empty());
  const Model small = defaultsScene("chain.json", {{"n", 5}});
  const RunPlan plan = resolveRun(small, RunRequest{});
  EXPECT_EQ(plan.backend->name, small.defaults.backend);
  EXPECT_TRUE(plan.startedElsewhere.empty());
}

// An integrator required (the command line's --integrator without --backend) is kept.
TEST(RunDefaults, ARequiredIntegratorIsKeptWhenTheRunStartsElsewhere) {
  const Model chain = defaultsScene("chain.json", {{"n", 500}});
  RunRequest request;
  request.requireIntegrator("semi-implicit");
  const RunPlan plan = resolveRun(chain, request);
  EXPECT_EQ(plan.integrator, Integrator::SemiImplicitEuler);
  EXPECT_NE(plan.backend->name, chain.defaults.backend);
}

// w_max of the model at its start, by the power iteration on redmax's forward dynamics.
double startFrequency(const Model& model) {
  const BackendInfo& redmax = *findBackend("redmax");
  const auto solver = redmax.create(model, sceneSolverOptions(redmax, model, Integrator::RK4));
  return largestFrequency(*solver, model, makeInitialState(model));
}

// Oracle: the closed form of a rigid pendulum about its pivot, w^2 = m g d cos(q0) / I_pivot
// (single_pendulum.json: a 1 kg box 0.02 x 0.02 x 0.1 m hung 0.05 m below the pivot, q0 = 0.3).
TEST(StepStability, TheFrequencyOfAPendulumIsItsClosedForm) {
  const double m = 1.0, g = 9.81, d = 0.05, pivotInertia = m * (0.02 * 0.02 + 0.1 * 0.1) / 12.0 + m * d * d;
  const double expected = std::sqrt(m * g * d * std::cos(0.3) / pivotInertia);
  EXPECT_NEAR(startFrequency(defaultsScene("single_pendulum.json")), expected, 1e-4 * expected);
}

// Oracle: two 1 kg masses in a line, world -k- a -k- b (k = 100 N/m, no gravity): the
// eigenvalues of M^-1 K are (k/m) (3 +- sqrt 5) / 2, whatever coordinates the joints use.
TEST(StepStability, TheFrequencyOfTwoMassesOnSpringsIsItsClosedForm) {
  const std::string text = R"({"name": "two masses", "gravity": [0, 0, 0],
    "simulation": {"backend": "redmax", "integrator": "rk4", "dt": 0.001, "duration": 1},
    "bodies": [{"name": "a", "mass": 1.0, "shape": {"type": "sphere", "radius": 0.05}},
               {"name": "b", "mass": 1.0, "shape": {"type": "sphere", "radius": 0.05}}],
    "joints": [{"name": "ja", "type": "prismatic", "parent": "world", "child": "a", "axis": [0, 0, 1],
                "position": [0, 0, -0.5], "q0": 0.01},
               {"name": "jb", "type": "prismatic", "parent": "a", "child": "b", "axis": [0, 0, 1],
                "position": [0, 0, -0.5], "q0": -0.02}],
    "forces": [{"name": "s1", "type": "spring_damper", "body_a": "world", "point_a": [0, 0, 0], "body_b": "a",
                "point_b": [0, 0, 0], "stiffness": 100, "damping": 0, "rest_length": 0.4},
               {"name": "s2", "type": "spring_damper", "body_a": "a", "point_a": [0, 0, 0], "body_b": "b",
                "point_b": [0, 0, 0], "stiffness": 100, "damping": 0, "rest_length": 0.4}]})";
  const double expected = std::sqrt(100.0 * (3.0 + std::sqrt(5.0)) / 2.0);
  EXPECT_NEAR(startFrequency(loadSceneFromString(text, "two_masses.json")), expected, 1e-4 * expected);
}

// Oracle: a rigid pendulum at rest at 1.2 rad swings through the bottom, where its frequency is
// the largest of its motion, w^2 = m g d / I_pivot; at the start it is m g d cos(1.2) / I_pivot
// (single_pendulum.json as above). The look-ahead finds the bottom's from the start.
TEST(StepStability, TheLookAheadFindsThePendulumsFrequencyAtTheBottom) {
  Model pendulum = defaultsScene("single_pendulum.json");
  pendulum.q0[0] = 1.2;
  const double m = 1.0, g = 9.81, d = 0.05, pivotInertia = m * (0.02 * 0.02 + 0.1 * 0.1) / 12.0 + m * d * d;
  const double atBottom = std::sqrt(m * g * d / pivotInertia), atStart = atBottom * std::sqrt(std::cos(1.2));
  const BackendInfo& redmax = *findBackend("redmax");
  const auto solver = redmax.create(pendulum, sceneSolverOptions(redmax, pendulum, Integrator::RK4));
  const State start = makeInitialState(pendulum);
  EXPECT_NEAR(largestFrequency(*solver, pendulum, start), atStart, 1e-4 * atStart);
  EXPECT_NEAR(lookAheadFrequency(*solver, pendulum, start), atBottom, 1e-4 * atBottom);
}

// A chain long enough to start elsewhere (redmax with rk4 above 10 ms per step) starts at rest,
// and its fastest mode appears only as it swings straight: the fast start steps where that mode
// is stable, with the back-end's energy-keeping rk4, and says why.
TEST(StepStability, AChainThatStartsElsewhereStepsWhereItsSwingIsStable) {
  const Model chain = defaultsScene("chain.json", {{"n", 150}});
  const RunPlan plan = resolveRun(chain, RunRequest{});
  ASSERT_NE(plan.backend->name, chain.defaults.backend);
  EXPECT_EQ(plan.integrator, Integrator::RK4);
  EXPECT_LT(plan.dt, chain.defaults.dt);
  EXPECT_NE(plan.startedElsewhere.find("the step 0.001 s is unstable for rk4"), std::string::npos)
      << plan.startedElsewhere;
  const StepStability stability = checkStepStability(plan, chain, makeInitialState(chain));
  EXPECT_LT(plan.dt * stability.omegaMax, stability.limit);
  EXPECT_GT(chain.defaults.dt * stability.omegaMax, stability.limit);
}

// A step the request names is kept, and the run says it is unstable where the request asks.
TEST(StepStability, ANamedStepIsKeptAndFlagged) {
  RunRequest request;
  request.dt = 0.001;
  request.checkStepStability = true;
  const articulab::Run run(std::make_shared<const Model>(defaultsScene("chain.json", {{"n", 150}})), request);
  EXPECT_EQ(run.plan().dt, 0.001);
  EXPECT_NE(run.plan().unstableStep.find("the step 0.001 s is unstable"), std::string::npos) << run.plan().unstableStep;
}

RunRequest semiImplicitOnRecursive() {
  RunRequest request;
  request.backend = "recursive";
  request.requireIntegrator("semi-implicit");
  request.checkStepStability = true;
  return request;
}

// A step far beyond the pendulum's limit is flagged with a step that works (h w_max < 2.78).
TEST(StepStability, ATooLargeStepIsFlaggedWithAStepThatWorks) {
  RunRequest request;
  request.backend = "redmax";
  request.requireIntegrator("rk4");
  request.dt = 0.5;
  request.duration = 0.5;
  request.checkStepStability = true;
  const auto pendulum = std::make_shared<const Model>(defaultsScene("single_pendulum.json"));
  const articulab::Run run(pendulum, request);
  EXPECT_NE(run.plan().unstableStep.find("the step 0.5 s is unstable for rk4"), std::string::npos)
      << run.plan().unstableStep;
  const StepStability stability = checkStepStability(run.plan(), *pendulum, makeInitialState(*pendulum));
  EXPECT_LT(stability.stableStep * stability.omegaMax, 2.78);
  EXPECT_NE(run.plan().unstableStep.find("--dt " + scene_io::shortNumber(stability.stableStep)), std::string::npos);
}

TEST(StepStability, AShortChainAtOneMillisecondIsNotFlagged) {
  const articulab::Run run(std::make_shared<const Model>(defaultsScene("chain.json", {{"n", 5}})), semiImplicitOnRecursive());
  EXPECT_TRUE(run.plan().unstableStep.empty()) << run.plan().unstableStep;
}

// The probe only tells: a run that checks its step takes the same trajectory, bit for bit, as one
// that does not.
TEST(StepStability, CheckingTheStepChangesNoTrajectory) {
  const auto chain = std::make_shared<const Model>(defaultsScene("chain.json", {{"n", 5}}));
  RunRequest request = semiImplicitOnRecursive();
  articulab::Run checked(chain, request);
  request.checkStepStability = false;
  articulab::Run unchecked(chain, request);
  EXPECT_EQ(checked.advance(300), 300);
  EXPECT_EQ(unchecked.advance(300), 300);
  EXPECT_TRUE(checked.state().q == unchecked.state().q);
  EXPECT_TRUE(checked.state().qd == unchecked.state().qd);
}

}  // namespace
}  // namespace articulab

