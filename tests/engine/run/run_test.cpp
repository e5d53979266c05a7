// The one Run (engine/run/): it steps exactly as the bare solver does, watches the energy, the
// muscles' work, the drift and divergence as a hand-written loop would, and the resolver refuses
// what cannot run with the message users see.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/contact/contact_rows.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/run/run.hpp"
#include "engine/run/step_size.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

std::shared_ptr<const Model> scene(const std::string& name, const ParameterOverrides& overrides = {}) {
  return std::make_shared<const Model>(loadScene(test::kScenes + name, overrides));
}

RunRequest on(const std::string& backend, const std::string& integrator = "") {
  RunRequest request;
  request.backend = backend;
  if (!integrator.empty()) request.requireIntegrator(integrator);
  return request;
}

void expectSameState(const State& a, const State& b) {
  EXPECT_EQ(a.t, b.t);
  EXPECT_EQ(a.q, b.q);
  EXPECT_EQ(a.qd, b.qd);
  for (std::size_t i = 0; i < a.E_0i.size(); ++i) EXPECT_EQ(a.E_0i[i], b.E_0i[i]) << "body " << i;
}

// Oracle: the bare solver stepped by hand from the same start with the same options.
TEST(Run, StepsAsTheBareSolverBitwise) {
  const auto model = scene("double_pendulum.json");
  for (const BackendInfo& info : backends()) {
    articulab::Run run(model, on(info.name));
    const auto solver = info.create(*model, run.plan().options);
    State state = makeInitialState(*model);
    for (int k = 0; k < 200; ++k) ASSERT_TRUE(solver->step(*model, state, run.plan().dt).ok);
    EXPECT_EQ(run.advance(200), 200);
    ASSERT_FALSE(run.failed()) << run.failure();
    SCOPED_TRACE(info.name);
    expectSameState(run.state(), state);
  }
}

// Oracle: the energy of every state computed by hand.
TEST(Run, MonitorHoldsTheLargestKineticEnergyAndChange) {
  articulab::Run run(scene("double_pendulum.json"), on("redmax", "rk4"));
  const EnergyReport start = computeEnergy(run.model(), run.state());
  double largestKinetic = start.kinetic, largestChange = 0.0;
  run.advance(300, [&](const articulab::Run& r) {
    const EnergyReport now = computeEnergy(r.model(), r.state());
    largestKinetic = std::max(largestKinetic, now.kinetic);
    largestChange = std::max(largestChange, std::abs(now.total() - start.total()));
  });
  const EnergyWatch& energy = run.monitor().energy;
  EXPECT_EQ(energy.start(), start.total());
  EXPECT_EQ(energy.largestKinetic, largestKinetic);
  EXPECT_EQ(energy.largestChange, largestChange);
  EXPECT_EQ(energy.last, computeEnergy(run.model(), run.state()).total());
}

// Conservation: the muscles are the only force that does work on the arm besides gravity, so
// E - W stays at E0 to the integrator's error, far below the work itself.
TEST(Run, MuscleWorkAccountsForTheEnergyChange) {
  articulab::Run run(scene("arm_flexors.json"), on("redmax", "rk4"));
  run.advance(1000);
  ASSERT_FALSE(run.failed()) << run.failure();
  const RunMonitor& m = run.monitor();
  const double change = m.energy.last - m.energy.start();
  EXPECT_GT(std::abs(m.work.muscles), 0.1);
  EXPECT_LT(std::abs(change - m.work.muscles), 1e-3 * std::abs(m.work.muscles));
}

// Oracle: the drift of the recorded states computed by hand; rows at 0, every k and the end.
TEST(Run, RecordsEveryKStepsAndTheLastState) {
  articulab::Run run(scene("four_bar.json"), on("baraff", "semi-implicit"));
  run.record({}, 7);
  double largest = computeDrift(run.model(), run.state()).total.position;
  run.advance(50, [&](const articulab::Run& r) {
    if (r.stepsTaken() % 7 == 0) largest = std::max(largest, computeDrift(r.model(), r.state()).total.position);
  });
  run.finishRecording();
  largest = std::max(largest, computeDrift(run.model(), run.state()).total.position);
  ASSERT_NE(run.recorder(), nullptr);
  EXPECT_EQ(run.recorder()->rows(), 1u + 50 / 7 + 1);
  EXPECT_EQ(run.recorder()->value(run.recorder()->rows() - 1, 0), run.state().t);
  EXPECT_EQ(run.monitor().drift.position, largest);
  EXPECT_GT(largest, 0.0);
}

// A switch keeps the state: the rest of the run equals a run of the other back-end restored to
// that state.
TEST(Run, ReconfigureKeepsTheState) {
  const auto model = scene("double_pendulum.json");
  articulab::Run switched(model, on("redmax", "semi-implicit"));
  switched.advance(100);
  articulab::Run other(model, on("recursive", "semi-implicit"));
  other.restore(switched.state(), switched.monitor());
  switched.reconfigure(on("recursive", "semi-implicit"));
  EXPECT_EQ(switched.backend().name, "recursive");
  switched.advance(100);
  other.advance(100);
  expectSameState(switched.state(), other.state());
}

// Oracle: the contact work summed by hand from the bodies before and after each step
// (contactStepWork), bitwise. A model that cannot make contact (no contact, or ground contact
// with shapes that are drawn only) keeps no poses for it, and its W has no contact part.
TEST(Run, TakesTheContactWorkOnlyWhereTheModelCanMakeContact) {
  articulab::Run slide(scene("box_slope_slide.json"), on("baraff", "semi-implicit"));
  ASSERT_TRUE(slide.takesContactWork());
  std::vector<Matrix4> poses = slide.state().E_0i;
  std::vector<Vector6> twists = slide.state().phi;
  double work = 0.0;
  slide.advance(300, [&](const articulab::Run& r) {
    work += contactStepWork(r.state(), poses, twists, r.plan().dt);
    poses = r.state().E_0i;
    twists = r.state().phi;
  });
  ASSERT_FALSE(slide.failed()) << slide.failure();
  EXPECT_LT(work, 0.0) << "friction takes energy from the sliding box";
  EXPECT_EQ(slide.monitor().work.contact, work);

  articulab::Run pendulum(scene("double_pendulum.json"), on("redmax", "semi-implicit"));
  EXPECT_FALSE(contact::canMakeContact(pendulum.model()));
  EXPECT_FALSE(pendulum.takesContactWork());
  Model drawnOnly = loadScene(test::kScenes + "box_slope_slide.json");
  for (Body& body : drawnOnly.bodies)
    for (BodyShape& shape : body.shapes) shape.role = ShapeRole::Visual;
  ASSERT_TRUE(drawnOnly.groundContact);
  EXPECT_FALSE(contact::canMakeContact(drawnOnly));
  articulab::Run falling(std::make_shared<const Model>(drawnOnly), on("baraff", "semi-implicit"));
  EXPECT_FALSE(falling.takesContactWork());
  falling.advance(300);
  ASSERT_FALSE(falling.failed()) << falling.failure();
  EXPECT_EQ(falling.state().outputs.contactCount, 0);
  EXPECT_EQ(falling.monitor().work.contact, 0.0);
  EXPECT_LT(falling.state().E_0i[0](2, 3), slide.state().E_0i[0](2, 3)) << "it falls through the ground";
}

// Oracle: every joint scanned by hand after each step. W becomes not known (kLimitWork) at the
// first state where a coordinate of a joint with limits is within kLimitReach of one; the
// monitor looks only at the joints with limits (limitedJoints): here the tree with the limits of
// its branch joint taken off.
TEST(Run, WorkIsNotKnownFromTheFirstStateAtAJointLimit) {
  Model partly = loadScene(test::kScenes + "limited_tree.json");
  ASSERT_EQ(partly.joints.size(), 5u);
  partly.joints[1].hasLimits = false;
  EXPECT_EQ(limitedJoints(partly), (std::vector<int>{0, 2, 3, 4}));
  articulab::Run run(std::make_shared<const Model>(partly), on("baraff"));
  const Model& model = run.model();
  const auto atLimit = [&](const VectorX& q) {
    bool at = false;
    for (const Joint& joint : model.joints)
      for (int c = 0; joint.hasLimits && c < joint.nq; ++c)
        at = at || q[joint.qIndex + c] <= joint.lower[c] + kLimitReach || q[joint.qIndex + c] >= joint.upper[c] - kLimitReach;
    return at;
  };
  ASSERT_FALSE(atLimit(run.state().q));
  long firstAtLimit = -1;
  run.advance(1000, [&](const articulab::Run& r) {
    if (firstAtLimit < 0 && atLimit(r.state().q)) firstAtLimit = r.stepsTaken();
    EXPECT_EQ((r.monitor().work.unknown & kLimitWork) != 0, firstAtLimit >= 0) << "step " << r.stepsTaken();
  });
  ASSERT_FALSE(run.failed()) << run.failure();
  EXPECT_GT(firstAtLimit, 0) << "every limit is hit (the scene's description)";
}

TEST(Run, ResetGoesBackToTheStart) {
  articulab::Run run(scene("double_pendulum.json"));
  const State start = run.state();
  run.advance(20);
  run.reset();
  expectSameState(run.state(), start);
  EXPECT_EQ(run.stepsTaken(), 0);
  EXPECT_EQ(run.monitor().energy.largestChange, 0.0);
}

// A step size far too large makes semi-implicit Euler explode; the failure names the back-end,
// the integrator, the step and the quantity, and no further step is taken.
TEST(Run, DivergenceNamesBackendStepAndQuantity) {
  RunRequest request = on("redmax", "semi-implicit");
  request.dt = 0.3;
  articulab::Run run(scene("chain.json", {{"n", 10}}), request);
  const long taken = run.advance(1000);
  ASSERT_TRUE(run.failed());
  EXPECT_LT(taken, 1000);
  EXPECT_EQ(run.failure().rfind("redmax (semi-implicit) at step " + std::to_string(taken) + " (t = ", 0), 0u)
      << run.failure();
  EXPECT_TRUE(run.failure().find("energy") != std::string::npos || run.failure().find("not finite") != std::string::npos)
      << run.failure();
  EXPECT_FALSE(run.step());
  EXPECT_EQ(run.stepsTaken(), taken);
}

struct Refused {
  RunRequest request;
  std::string field, message;
};

RunRequest with(RunRequest request, void (*edit)(RunRequest&)) {
  edit(request);
  return request;
}

TEST(RunPlan, RefusesWithTheFieldAndTheRule) {
  const auto model = scene("four_bar.json");
  const std::vector<Refused> cases = {
      {on("nope"), "backend", "unknown back-end 'nope' (expected one of: " + backendNames() + ")"},
      {on("baraff", "implicit"), "integrator",
       "back-end 'baraff' does not offer the integrator 'implicit'; it offers: " +
           integratorListNames(findBackend("baraff")->integrators)},
      {on("baraff", "euler"), "integrator", "unknown integrator 'euler' (expected one of: " + allIntegratorNames() + ")"},
      {with(on("redmax"), [](RunRequest& r) { r.settings.push_back({"", "projection-iterations", "0"}); }), "setting",
       "setting 'projection-iterations' of back-end 'redmax' must be in [1, 1000] (iterations); got 0"},
      {with(on("redmax"), [](RunRequest& r) { r.duration = 1e20; }), "duration",
       "a duration of 1e+20 s at a step of 0.001 s is 1e+23 steps; a run takes at most 1e+12 steps"},
      {with(on("redmax"), [](RunRequest& r) { r.duration = 0.0004; }), "duration",
       "a duration of 0.0004 s at a step of 0.001 s is less than one step; make the duration at least the step size"},
      {with(on("redmax"), [](RunRequest& r) { r.dt = -1.0; }), "dt", "expected a finite number > 0, got -1"},
      {with(on("redmax"), [](RunRequest& r) { r.dt = 0.01; r.duration = 0.005; }), "dt",
       "a duration of 0.005 s at a step of 0.01 s is less than one step; make the duration at least the step size"},
      {with(on("redmax"), [](RunRequest& r) { r.dt = 2.0; r.duration = 10.0; }), "dt", "step size must be <= 1 s (got 2)"},
  };
  for (const Refused& c : cases) {
    try {
      articulab::Run run(model, c.request);
      ADD_FAILURE() << "not refused: " << c.message;
    } catch (const RunRefusal& refused) {
      EXPECT_EQ(refused.field(), c.field);
      EXPECT_EQ(std::string(refused.what()), c.message);
    }
  }
}

TEST(RunPlan, RefusesAWrongCoordinateCount) {
  RunRequest request;
  request.q0 = {0.1, 0.2};
  const auto model = scene("chain.json", {{"n", 5}});
  try {
    articulab::Run run(model, request);
    ADD_FAILURE() << "not refused";
  } catch (const RunRefusal& refused) {
    EXPECT_EQ(refused.field(), "q0");
    EXPECT_EQ(std::string(refused.what()), "expected 5 values (one per coordinate) or one value, got 2");
  }
  request.q0 = {0.25};
  articulab::Run run(model, request);
  EXPECT_TRUE(run.state().q.isApprox(VectorX::Constant(5, 0.25), 0.0));
}

// An integrator carried over to a back-end that does not offer it falls back to that back-end's
// default and says so; one required is refused instead.
TEST(RunPlan, CarriedOverIntegratorFallsBackWithAWarning) {
  const auto model = scene("four_bar.json");
  articulab::Run run(model, on("redmax", "rk4"));
  const RunRequest carried = requestOnBackend(run.plan(), "variational-maximal");
  const RunPlan plan = resolveRun(*model, carried);
  const BackendInfo& target = *findBackend("variational-maximal");  // its default: the first of its default order
  const Integrator fallback =
      target.capabilities.defaultOrder.empty() ? target.integrators.front().integrator : target.capabilities.defaultOrder.front();
  EXPECT_EQ(plan.integrator, fallback);
  EXPECT_EQ(plan.integratorReplaced, "integrator 'rk4' is not used: back-end 'variational-maximal' does not offer it "
                                     "(it offers: " + integratorListNames(plan.backend->integrators) +
                                         "); the run uses " + fallback.name());
  EXPECT_EQ(plan.support.warnings.front(), plan.integratorReplaced);
  EXPECT_THROW(resolveRun(*model, on("variational-maximal", "rk4")), RunRefusal);
}

// Oracle: the time of step k is k h exactly as a decimal (the nearest double to k / 1000), on
// every back-end, where a sum of h gathers rounding (2.0389999999998865 after 2039 steps of 1 ms).
TEST(RunClock, TimeIsTheStepCountTimesTheStepSize) {
  const auto model = scene("double_pendulum.json");
  for (const BackendInfo& info : backends()) {
    RunRequest request = on(info.name);
    request.dt = 0.001;
    request.duration = 3.0;
    articulab::Run run(model, request);
    for (long k = 1; k <= 2039; ++k) {
      ASSERT_TRUE(run.step()) << info.name << ": " << run.failure();
      ASSERT_EQ(run.state().step, k);
      ASSERT_EQ(run.state().t, static_cast<double>(k) / 1000.0) << info.name << " step " << k;
    }
    EXPECT_EQ(run.state().t, 2.039) << info.name;
  }
}

// A step size changed between steps (the app's field) continues from the time of the change:
// t = t_change + k h, as a decimal count (0.007 s + 1000 steps of 0.3 ms reads 0.307).
TEST(RunClock, AChangedStepSizeCountsFromTheTimeOfTheChange) {
  const auto model = scene("double_pendulum.json");
  RunRequest request = on("redmax");
  request.dt = 0.001;
  request.duration = 10.0;
  articulab::Run run(model, request);
  run.advance(7);
  EXPECT_EQ(run.state().t, 0.007);
  request.dt = 0.0003;
  run.reconfigure(request);
  run.advance(1000);
  EXPECT_EQ(run.state().step, 1007);
  EXPECT_EQ(run.state().t, 0.307);
  request.dt = 0.002;
  run.reconfigure(request);
  run.advance(3);
  EXPECT_EQ(run.state().t, 0.313);
  run.reset();
  EXPECT_EQ(run.state().t, 0.0);
  run.advance(5);
  EXPECT_EQ(run.state().t, 0.01);
}

// The CLI, the scene and the app take the same step sizes (one rule, stepSizeProblem).
TEST(RunClock, OneRuleForStepSizes) {
  EXPECT_EQ(stepSizeProblem(1e-4), "");
  EXPECT_EQ(stepSizeProblem(1.0), "");
  EXPECT_EQ(stepSizeProblem(0.0), "step size must be > 0 s (got 0)");
  EXPECT_EQ(stepSizeProblem(1.5), "step size must be <= 1 s (got 1.5)");
  EXPECT_NE(stepSizeProblem(std::nan("")).find("finite"), std::string::npos);
}

}  // namespace
}  // namespace articulab
