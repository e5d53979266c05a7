// The app's simulation core without a window: loading, deterministic stepping, divergence
// detection, live edits, back-end switches, the mouse pull and real-time pacing.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "app/gui/figure_names.hpp"
#include "app/gui/session_names.hpp"
#include "gui_test_paths.hpp"
#include "app/gui/viewport_input.hpp"
#include "engine/constraints/loop_closing.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/solvers/semi_implicit_rattle.hpp"

namespace articulab::gui {
namespace {

using test::kSource;
using test::kChain;
using test::kDiverging;
using test::kBroken;

void loadChain(Session& sim, int n) {
  std::string error;
  ASSERT_TRUE(sim.scenes().load(kChain, {{"n", double(n)}}, "", error)) << error;
}

TEST(Simulation, Rk4ConservesTheEnergyOfAFreeChain) {
  Session sim;
  loadChain(sim, 5);
  sim.choices().setIntegrator(Integrator::RK4);
  std::string error;
  ASSERT_TRUE(sim.advance(1000, error)) << error;
  TimeSeries samples = sim.samples();
  ASSERT_GT(samples.size(), 100u);
  double e0 = samples.value(0, kTotal);
  for (std::size_t r = 0; r < samples.size(); ++r) EXPECT_NEAR(samples.value(r, kTotal), e0, 1e-6 * std::abs(e0));
  Snapshot snap;
  sim.snapshot(snap);
  EXPECT_NEAR(snap.state.t, 1.0, 1e-9);
  EXPECT_NEAR(samples.time(samples.size() - 1), 1.0, 1e-9);
}

TEST(Simulation, RecordsOneSampleEveryMillisecondStartingAtZero) {
  Session sim;
  loadChain(sim, 2);
  std::string error;
  ASSERT_TRUE(sim.choices().setStepSize(2.5e-4, error)) << error;
  sim.reset();
  ASSERT_TRUE(sim.advance(400, error)) << error;  // 0.1 s
  TimeSeries samples = sim.samples();
  ASSERT_EQ(samples.size(), 101u);
  for (std::size_t r = 0; r < samples.size(); ++r) EXPECT_NEAR(samples.time(r), 1e-3 * r, 1e-12);
}

TEST(Simulation, ABrokenSceneIsReportedAndThePreviousSceneKeepsRunning) {
  Session sim;
  loadChain(sim, 3);
  Snapshot before, after;
  sim.snapshot(before);
  std::string error;
  EXPECT_FALSE(sim.scenes().load(kBroken, {}, "", error));
  EXPECT_NE(error.find("broken_scene.json: /joints/0/type:"), std::string::npos) << error;
  sim.snapshot(after);
  EXPECT_EQ(after.model, before.model);
  EXPECT_EQ(after.scenePath, kChain);
  EXPECT_TRUE(sim.advance(10, error)) << error;
}

TEST(Simulation, ADivergingSimulationPausesNamingBackendStepAndQuantity) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(kDiverging, {}, "", error)) << error;
  ASSERT_TRUE(sim.setRunning(true, error));
  ASSERT_TRUE(sim.setRunning(false, error));
  EXPECT_FALSE(sim.advance(1000, error));
  Snapshot snap;
  sim.snapshot(snap);
  EXPECT_FALSE(snap.running);
  EXPECT_EQ(snap.failure, error);
  EXPECT_NE(error.find("Simulation diverged"), std::string::npos) << error;
  EXPECT_NE(error.find("back-end redmax (semi-implicit)"), std::string::npos) << error;
  EXPECT_NE(error.find("step " + std::to_string(snap.state.step)), std::string::npos) << error;
  EXPECT_TRUE(error.find("energy") != std::string::npos || error.find("non-finite") != std::string::npos ||
              error.find("not finite") != std::string::npos)
      << error;
  EXPECT_LT(snap.state.step, 100);  // caught within a few steps, not after running on NaN
  EXPECT_FALSE(sim.setRunning(true, error));
  EXPECT_NE(error.find("Reset"), std::string::npos);
  sim.reset();
  EXPECT_TRUE(sim.setRunning(true, error)) << error;
}

TEST(Simulation, SwitchingBackEndKeepsTheState) {
  Session sim;
  loadChain(sim, 4);
  std::string error;
  ASSERT_TRUE(sim.advance(123, error));
  Snapshot before, after;
  sim.snapshot(before);
  ASSERT_TRUE(sim.choices().setBackend(before.backend, error)) << error;
  sim.snapshot(after);
  EXPECT_EQ(after.state.t, before.state.t);
  EXPECT_EQ(after.state.q, before.state.q);
  EXPECT_EQ(after.state.qd, before.state.qd);
  EXPECT_FALSE(sim.choices().setBackend("no-such-backend", error));
  EXPECT_NE(error.find("no-such-backend"), std::string::npos);
}

TEST(Simulation, RefusedEditsKeepTheModelAndAcceptedEditsReplaceIt) {
  Session sim;
  loadChain(sim, 3);
  Snapshot before, after;
  sim.snapshot(before);
  EXPECT_EQ(sim.edits().bodyMass(1, -1.0), "mass must be > 0 kg (got -1)");
  std::string error;
  EXPECT_FALSE(sim.choices().setStepSize(0.0, error));
  EXPECT_EQ(error, "step size must be > 0 s (got 0)");
  sim.snapshot(after);
  EXPECT_EQ(after.modelVersion, before.modelVersion);
  EXPECT_EQ(after.dt, before.dt);
  EXPECT_EQ(sim.edits().bodyMass(1, 2.0), "");
  EXPECT_EQ(sim.edits().joint(0, JointField::Damping, 0.5), "");
  sim.snapshot(after);
  EXPECT_NE(after.modelVersion, before.modelVersion);
  EXPECT_EQ(after.model->bodies[1].mass, 2.0);
  EXPECT_EQ(after.model->joints[0].damping, 0.5);
  EXPECT_EQ(before.model->bodies[1].mass, 1.0) << "a snapshot's model never changes under it";
}

// Undo takes the model back to what it was before the edit and the run goes on from where it
// is: a run that edits damping, undoes it and steps retraces (bitwise) the run that never
// edited; redo gives the edited model again; a new edit forgets the redo; loading clears both.
TEST(Simulation, UndoAndRedoOfEditsRetraceTheRunsWithoutAndWithThem) {
  Session plain, edited;
  loadChain(plain, 3);
  loadChain(edited, 3);
  std::string error;
  ASSERT_TRUE(plain.advance(200, error)) << error;
  ASSERT_TRUE(edited.advance(200, error)) << error;
  EXPECT_EQ(edited.edits().undo(), "nothing to undo");
  ASSERT_EQ(edited.edits().joint(0, JointField::Damping, 0.5), "");
  ASSERT_EQ(edited.edits().bodyMass(1, 2.0), "");
  Snapshot snap;
  edited.snapshot(snap);
  EXPECT_EQ(snap.undoLabel, "body 1 mass");
  ASSERT_EQ(edited.edits().undo(), "");
  ASSERT_EQ(edited.edits().undo(), "");
  edited.snapshot(snap);
  EXPECT_EQ(snap.undoLabel, "");
  EXPECT_EQ(snap.redoLabel, "joint 0 edit");
  EXPECT_EQ(snap.model->joints[0].damping, 0.0);
  EXPECT_EQ(snap.model->bodies[1].mass, 1.0);
  ASSERT_TRUE(plain.advance(300, error)) << error;
  ASSERT_TRUE(edited.advance(300, error)) << error;
  Snapshot a, b;
  plain.snapshot(a);
  edited.snapshot(b);
  EXPECT_EQ(a.state.q, b.state.q);
  EXPECT_EQ(a.state.qd, b.state.qd);
  ASSERT_EQ(edited.edits().redo(), "");
  edited.snapshot(snap);
  EXPECT_EQ(snap.model->joints[0].damping, 0.5);
  EXPECT_EQ(snap.redoLabel, "body 1 mass");
  ASSERT_EQ(edited.edits().gravity(Vector3(0, 0, -1)), "");
  EXPECT_EQ(edited.edits().redo(), "nothing to redo");
  loadChain(edited, 3);
  EXPECT_EQ(edited.edits().undo(), "nothing to undo");
}

// A slider drag (edits not announced) is one edit to undo.
TEST(Simulation, ADraggedSliderIsOneEdit) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(test::kMuscleArm, {}, "", error)) << error;
  for (double u : {0.1, 0.2, 0.3, 0.4}) ASSERT_EQ(sim.edits().muscleExcitation(0, u, false), "");
  ASSERT_EQ(sim.edits().undo(), "");
  EXPECT_EQ(sim.edits().undo(), "nothing to undo");
}

// The inspector's joint sliders: while paused, a coordinate set by hand stays where it was set,
// the four-bar's loop closes again around it, and the run plays on from that pose at rest with
// the loop held; refused while playing, outside a joint's limits and where the loop cannot close.
TEST(Simulation, JointSlidersSetThePoseOfAPausedRunAndTheLoopClosesAroundIt) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(test::kSource + "/scenes/four_bar.json", {}, "redmax", error)) << error;
  ASSERT_TRUE(sim.advance(100, error)) << error;
  Snapshot before;
  sim.snapshot(before);
  const double crank = before.state.q(0) + 0.4;
  ASSERT_EQ(sim.edits().jointCoordinate(0, 0, crank), "");
  Snapshot posed;
  sim.snapshot(posed);
  EXPECT_EQ(posed.state.q(0), crank);
  EXPECT_EQ(posed.state.t, before.state.t);
  EXPECT_EQ(posed.state.qd.norm(), 0.0);
  EXPECT_LT(constraints::loopGap(*posed.model, posed.state.q), 1e-12);
  ASSERT_TRUE(sim.advance(500, error)) << error;
  Snapshot after;
  sim.snapshot(after);
  EXPECT_LT(constraints::loopGap(*after.model, after.state.q), 1e-9);
  EXPECT_NE(after.state.q(0), crank) << "it plays on from the pose";
  EXPECT_NE(sim.edits().jointCoordinate(2, 0, -M_PI / 2).find("cannot close"), std::string::npos);
  EXPECT_NE(sim.edits().jointCoordinate(0, 1, 0.0).find("has no coordinate 1"), std::string::npos);
  EXPECT_NE(sim.edits().jointCoordinate(7, 0, 0.0).find("does not exist"), std::string::npos);
  ASSERT_TRUE(sim.setRunning(true, error)) << error;
  EXPECT_NE(sim.edits().jointCoordinate(0, 0, 0.1).find("pause the run first"), std::string::npos);
  ASSERT_TRUE(sim.setRunning(false, error)) << error;
}

TEST(Simulation, DampingMakesTheTotalEnergyDecrease) {
  Session sim;
  loadChain(sim, 3);
  for (int j = 0; j < 3; ++j) ASSERT_EQ(sim.edits().joint(j, JointField::Damping, 0.05), "");
  sim.choices().setIntegrator(Integrator::RK4);
  std::string error;
  ASSERT_TRUE(sim.advance(2000, error)) << error;
  TimeSeries samples = sim.samples();
  double previous = samples.value(0, kTotal);
  for (std::size_t r = 1; r < samples.size(); ++r) {
    EXPECT_LE(samples.value(r, kTotal), previous + 1e-9);  // dE/dt = -qdot^T D qdot <= 0
    previous = samples.value(r, kTotal);
  }
  EXPECT_LT(previous, samples.value(0, kTotal) - 1e-3);
}

TEST(Simulation, TheMousePullDoesWorkOnTheSystem) {
  Session sim;
  loadChain(sim, 1);
  ASSERT_EQ(sim.edits().gravity(Vector3::Zero()), "");
  sim.choices().setIntegrator(Integrator::RK4);
  sim.reset();
  Snapshot snap;
  sim.snapshot(snap);
  const Model& model = *snap.model;
  Vector3 tip = (snap.state.E_0i[0] * Vector4(0.0, 0.0, -0.05, 1.0)).head<3>();
  sim.setPerturbation(makePull(model, 0, Vector3(0.0, 0.0, -0.05), tip + Vector3(0.1, 0.0, 0.0)));
  std::string error;
  ASSERT_TRUE(sim.advance(200, error)) << error;
  TimeSeries samples = sim.samples();
  // Without gravity and springs the only force doing work is the pull: E(t) - E(0) = work > 0.
  EXPECT_NEAR(samples.value(0, kTotal), 0.0, 1e-12);
  EXPECT_GT(samples.value(samples.size() - 1, kKinetic), 1e-4);
  sim.setPerturbation(Perturbation{});
  double released = sim.samples().value(sim.samples().size() - 1, kTotal);
  ASSERT_TRUE(sim.advance(200, error)) << error;
  EXPECT_NEAR(sim.samples().value(sim.samples().size() - 1, kTotal), released, 1e-6 * std::abs(released));
}

TEST(Simulation, ThePhysicsThreadNeverRunsAheadOfTheWallClockTimesTheSpeed) {
  Session sim;
  loadChain(sim, 3);
  std::string error;
  ASSERT_TRUE(sim.setSpeed(0.5, error));
  sim.startThread();
  auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(sim.setRunning(true, error));
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  Snapshot snap;
  sim.snapshot(snap);
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sim.stopThread();
  EXPECT_GT(snap.state.t, 0.02) << "the simulation must advance while playing";
  EXPECT_LE(snap.state.t, 0.5 * wall + 0.01) << "speed 0.5 must not run faster than half real time";
}

}  // namespace
}  // namespace articulab::gui

namespace articulab::gui {
namespace {

// The drift-control choice reaches the back-end: on the four-bar with Baraff's multipliers the
// loop stays closed with post-stabilisation and drifts open without any control.
TEST(Simulation, DriftControlChoiceChangesTheConstraintDrift) {
  auto finalDrift = [](DriftControl drift) {
    Session sim;
    std::string error;
    EXPECT_TRUE(sim.scenes().load(kSource + "/scenes/four_bar.json", {}, "baraff", error)) << error;
    sim.choices().setIntegrator(Integrator::SemiImplicitEuler);
    EXPECT_EQ(sim.edits().driftControl(drift, 10.0, 10.0), "");
    sim.reset();
    EXPECT_TRUE(sim.advance(3000, error)) << error;
    const TimeSeries samples = sim.samples();
    return samples.value(samples.size() - 1, kDriftPosition);
  };
  EXPECT_LT(finalDrift(DriftControl::PostStabilization), 1e-9);
  EXPECT_GT(finalDrift(DriftControl::None), 1e-6);
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(kSource + "/scenes/four_bar.json", {}, "baraff", error)) << error;
  EXPECT_NE(sim.edits().driftControl(DriftControl::Baumgarte, -1.0, 10.0), "");
}

// A comparison run is the second back-end's own simulation, stepped in lockstep: its recorded
// energy and drift equal those of a run with that back-end alone, sample for sample.
TEST(Simulation, ComparisonRunRecordsWhatTheOtherBackEndAloneRecords) {
  const std::string fourBar = kSource + "/scenes/four_bar.json";
  std::string error;
  Session alone;
  ASSERT_TRUE(alone.scenes().load(fourBar, {}, "baraff", error)) << error;
  alone.choices().setIntegrator(Integrator::SemiImplicitEuler);
  ASSERT_EQ(alone.edits().driftControl(DriftControl::None, 10.0, 10.0), "");
  alone.reset();
  ASSERT_TRUE(alone.advance(2000, error)) << error;

  Session sim;
  ASSERT_TRUE(sim.scenes().load(fourBar, {}, "redmax", error)) << error;
  sim.choices().setIntegrator(Integrator::SemiImplicitEuler);
  ASSERT_EQ(sim.edits().driftControl(DriftControl::None, 10.0, 10.0), "");
  ASSERT_TRUE(sim.advance(10, error)) << error;
  ASSERT_TRUE(sim.choices().setComparison("baraff", error)) << error;  // restarts both runs
  ASSERT_TRUE(sim.advance(2000, error)) << error;
  Snapshot snap;
  sim.snapshot(snap);
  EXPECT_EQ(snap.compareBackend, "baraff");
  EXPECT_EQ(snap.compareNote, "");
  EXPECT_NEAR(snap.state.t, 2.0, 1e-9);

  const TimeSeries compared = sim.samples(), reference = alone.samples();
  ASSERT_EQ(compared.channelCount(), std::size_t(kComparedChannelCount));
  EXPECT_EQ(compared.channels()[kCompareDriftPosition].name, "drift_position_baraff");
  ASSERT_EQ(compared.size(), reference.size());
  for (std::size_t r = 0; r < compared.size(); ++r) {
    EXPECT_EQ(compared.time(r), reference.time(r));
    EXPECT_EQ(compared.value(r, kCompareTotal), reference.value(r, kTotal)) << "row " << r;
    EXPECT_EQ(compared.value(r, kCompareDriftPosition), reference.value(r, kDriftPosition)) << "row " << r;
  }
  // Without drift control the maximal-coordinate loop opens, the reduced one (a single loop
  // closure on four joints) too, by different amounts: two distinct curves on one plot.
  const std::size_t last = compared.size() - 1;
  EXPECT_GT(compared.value(last, kCompareDriftPosition), 1e-6);
  EXPECT_NE(compared.value(last, kDriftPosition), compared.value(last, kCompareDriftPosition));

  ASSERT_TRUE(sim.choices().setComparison("off", error)) << error;
  EXPECT_EQ(sim.samples().channelCount(), std::size_t(kChannelCount));
}

TEST(Simulation, ComparisonWithABackEndThatCannotRunTheSceneIsRefused) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(kSource + "/scenes/four_bar.json", {}, "redmax", error)) << error;
  EXPECT_FALSE(sim.choices().setComparison("recursive", error));
  EXPECT_NE(error.find("loop-closing"), std::string::npos) << error;
  EXPECT_FALSE(sim.choices().setComparison("nonsense", error));
  EXPECT_NE(error.find("unknown back-end 'nonsense'"), std::string::npos) << error;
  Snapshot snap;
  sim.snapshot(snap);
  EXPECT_EQ(snap.compareBackend, "");
  EXPECT_EQ(sim.samples().channelCount(), std::size_t(kChannelCount));
}

// A comparison run belongs to the scene it was started on: opening another scene ends it (it
// would otherwise compare, say, baraff with baraff).
TEST(Simulation, OpeningAnotherSceneEndsTheComparison) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(kSource + "/scenes/four_bar.json", {}, "redmax", error)) << error;
  ASSERT_TRUE(sim.choices().setComparison("baraff", error)) << error;
  ASSERT_TRUE(sim.scenes().load(kSource + "/scenes/four_bar_baraff.json", {}, "", error)) << error;
  Snapshot snap;
  sim.snapshot(snap);
  EXPECT_EQ(snap.backend, "baraff");
  EXPECT_EQ(snap.compareBackend, "");
  EXPECT_FALSE(snap.compareRunning);
  EXPECT_EQ(sim.samples().channelCount(), std::size_t(kChannelCount));
}

// The stiff chain is stable with its springs implicit (redmax) and explodes under Baraff's
// semi-implicit Euler: the comparison stops with a note, the main run goes on.
TEST(Simulation, ADivergingComparisonStopsWithANoteAndTheMainRunGoesOn) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(kDiverging, {}, "redmax", error)) << error;
  sim.choices().setIntegrator(Integrator::SpringImplicitEuler);
  ASSERT_TRUE(sim.choices().setComparison("baraff", error)) << error;
  ASSERT_TRUE(sim.advance(200, error)) << error;
  Snapshot snap;
  sim.snapshot(snap);
  EXPECT_EQ(snap.failure, "");
  EXPECT_NE(snap.compareNote.find("comparison run on baraff stopped"), std::string::npos) << snap.compareNote;
  const TimeSeries samples = sim.samples();
  EXPECT_TRUE(std::isfinite(samples.value(samples.size() - 1, kTotal)));
  EXPECT_TRUE(std::isnan(samples.value(samples.size() - 1, kCompareTotal)));
  sim.reset();  // starts the comparison again
  sim.snapshot(snap);
  EXPECT_EQ(snap.compareNote, "");
}

// The contacts overlay draws where the last step pressed bodies on the ground: on the resting
// falling chain, points on z = 0; none on a back-end without contact.
TEST(Simulation, SnapshotCarriesTheActiveGroundContacts) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(kSource + "/scenes/falling_chain.json", {}, "baraff", error)) << error;
  ASSERT_TRUE(sim.advance(1500, error)) << error;  // landed by t = 0.35 s
  Snapshot snap;
  sim.snapshot(snap);
  ASSERT_FALSE(snap.contactPoints.empty());
  for (const Vector3& p : snap.contactPoints) EXPECT_NEAR(p.z(), 0.0, 1e-3);
  // redmax simulates the contact too: its own step's contacts after a switch.
  ASSERT_TRUE(sim.choices().setBackend("redmax", error)) << error;
  ASSERT_TRUE(sim.advance(1, error)) << error;
  sim.snapshot(snap);
  ASSERT_FALSE(snap.contactPoints.empty());
  for (const Vector3& p : snap.contactPoints) EXPECT_NEAR(p.z(), 0.0, 1e-3);
}

// Back-end warnings follow the integrator in use: baraff warns that it does not take the
// default "implicit" of a four-bar scene, and stops warning once semi-implicit Euler is chosen.
TEST(Simulation, IntegratorWarningsFollowTheIntegratorInUse) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(kSource + "/tests/app/gui/data/four_bar_implicit.json", {}, "baraff", error)) << error;
  const auto warnsAboutIntegrator = [&] {
    Snapshot snap;
    sim.snapshot(snap);
    for (const std::string& warning : snap.backendWarnings)
      if (warning.find("integrator 'implicit'") != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(warnsAboutIntegrator());
  sim.choices().setIntegrator(Integrator::SemiImplicitEuler);
  EXPECT_FALSE(warnsAboutIntegrator());
  ASSERT_TRUE(sim.choices().setBackend("redmax", error)) << error;
  ASSERT_TRUE(sim.choices().setBackend("baraff", error)) << error;
  EXPECT_FALSE(warnsAboutIntegrator());
}

// The integrator box lists what the back-end offers, greying what it cannot use on the scene
// with the reason; an integrator it does not offer is refused with the list, never replaced.
TEST(Simulation, IntegratorsTheBackEndDoesNotOfferAreRefusedAndGreyed) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(kSource + "/scenes/falling_chain.json", {}, "", error)) << error;
  Snapshot snap;
  sim.snapshot(snap);
  EXPECT_EQ(snap.backend, "baraff");
  ASSERT_EQ(snap.integrators.size(), 3u);
  EXPECT_EQ(snap.integrators[0].integrator, Integrator::SemiImplicitEuler);
  EXPECT_EQ(snap.integrators[0].unavailable, "");
  EXPECT_EQ(snap.integrators[1].integrator, kSemiImplicitRattle);  // not with ground contact
  EXPECT_NE(snap.integrators[1].unavailable.find("semi-implicit-rattle"), std::string::npos)
      << snap.integrators[1].unavailable;
  EXPECT_EQ(snap.integrators[2].integrator, Integrator::RK4);
  EXPECT_NE(snap.integrators[2].unavailable.find("'rk4' is not available"), std::string::npos);
  EXPECT_EQ(sim.choices().setIntegrator(Integrator::LinearlyImplicitEuler),
            "back-end 'baraff' does not offer the integrator 'implicit'; it offers: semi-implicit, semi-implicit-rattle, rk4");
  EXPECT_NE(sim.choices().setIntegrator(Integrator::RK4), "");
  sim.snapshot(snap);
  EXPECT_EQ(snap.integrator, Integrator::SemiImplicitEuler);
  // Switching back-end keeps t, q and qdot; redmax offers five integrators (with semi-implicit-rattle).
  ASSERT_TRUE(sim.advance(50, error)) << error;
  sim.snapshot(snap);
  const State before = snap.state;
  ASSERT_TRUE(sim.choices().setBackend("redmax", error)) << error;
  sim.snapshot(snap);
  EXPECT_EQ(snap.state.t, before.t);
  EXPECT_EQ(snap.state.q, before.q);
  EXPECT_EQ(snap.state.qd, before.qd);
  EXPECT_EQ(snap.integrators.size(), 5u);
  // redmax holds ground contact on its velocity-level steps only: rk4 is greyed and refused.
  const auto rk4 = std::find_if(snap.integrators.begin(), snap.integrators.end(),
                                [](const IntegratorOffer& o) { return o.integrator == Integrator::RK4; });
  ASSERT_NE(rk4, snap.integrators.end());
  EXPECT_NE(rk4->unavailable, "");
  EXPECT_NE(sim.choices().setIntegrator(Integrator::RK4), "");
  EXPECT_EQ(sim.choices().setIntegrator(Integrator::LinearlyImplicitEuler), "");
}

}  // namespace
}  // namespace articulab::gui
