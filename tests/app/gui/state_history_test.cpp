// The run's history (app/session/state_history.hpp, history_control.hpp): keyframes, the memory
// cap, and determinism: a run resumed from a keyframe one second back retraces the original.
#include <gtest/gtest.h>

#include "app/gui/plot_spec.hpp"
#include "app/gui/session_names.hpp"
#include "app/session/state_history.hpp"
#include "gui_test_paths.hpp"

namespace articulab::gui {
namespace {

// Every scene below is stepped for 2 s at its own step size, then resumed from t = 1 s and
// stepped back to 2 s: the state equals the first run's bitwise (State holds all that evolves,
// the variational back-ends' integrator history and the muscles' activations included).
void expectResumedRunRetraces(const std::string& scene, const std::string& backend) {
  SCOPED_TRACE(scene + " on " + backend);
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(test::kSource + "/scenes/" + scene, {}, backend, error)) << error;
  Snapshot snap;
  sim.snapshot(snap);
  const long steps = std::lround(2.0 / snap.dt);
  ASSERT_TRUE(sim.advance(steps, error)) << error;
  Snapshot first;
  sim.snapshot(first);

  ASSERT_TRUE(sim.history().view(1.0, error)) << error;
  Snapshot shown;
  sim.snapshot(shown);
  ASSERT_TRUE(shown.history.viewing);
  EXPECT_LE(shown.state.t, 1.0 + 1e-12);
  EXPECT_GT(shown.state.t, 1.0 - 1.0 / kKeyframesPerSecond - 1e-12) << "a keyframe at most 1/240 s before";
  ASSERT_TRUE(sim.history().resume(error)) << error;
  Snapshot resumed;
  sim.snapshot(resumed);
  EXPECT_FALSE(resumed.history.viewing);
  EXPECT_EQ(resumed.state.t, shown.state.t);
  EXPECT_EQ(resumed.history.lastTime, shown.state.t) << "the future was dropped";
  ASSERT_TRUE(sim.advance(first.state.step - resumed.state.step, error)) << error;

  Snapshot second;
  sim.snapshot(second);
  EXPECT_EQ(second.state.step, first.state.step);
  EXPECT_EQ(second.state.q, first.state.q);
  EXPECT_EQ(second.state.qd, first.state.qd);
  EXPECT_EQ(second.state.activations, first.state.activations);
  const TimeSeries samples = sim.samples();
  EXPECT_NEAR(samples.time(samples.size() - 1), first.state.t, 1e-9) << "the plots go on from the resumed point";
}

TEST(StateHistory, AResumedRunRetracesTheOriginal) {
  expectResumedRunRetraces("double_pendulum.json", "");
  expectResumedRunRetraces("four_bar.json", "variational-maximal");
  expectResumedRunRetraces("arm_flexors.json", "recursive");
}

TEST(StateHistory, KeyframesStayUnderTheMemoryCap) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(test::kChain, {{"n", 20.0}}, "", error)) << error;
  ASSERT_TRUE(sim.history().setLimits(1.0, 0.0, error)) << error;  // 1 MB
  ASSERT_TRUE(sim.advance(5000, error)) << error;
  Snapshot snap;
  sim.snapshot(snap);
  EXPECT_LE(snap.history.megabytes, 1.0);
  EXPECT_GT(snap.history.megabytes, 0.8) << "the ring is full, not cleared";
  EXPECT_NEAR(snap.history.lastTime, snap.state.t, 1e-12);
  EXPECT_GT(snap.history.firstTime, 0.0) << "the oldest keyframes went first";
  EXPECT_FALSE(sim.history().setLimits(0.0, 0.0, error));
  EXPECT_NE(error.find("memory cap"), std::string::npos);
}

// Reset keeps the finished run's series for the plots until it is cleared or a scene opens.
TEST(StateHistory, ResetKeepsThePreviousRunUntilCleared) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(test::kChain, {{"n", 3.0}}, "", error)) << error;
  ASSERT_TRUE(sim.advance(500, error)) << error;
  const TimeSeries first = sim.samples();
  Snapshot before;
  sim.snapshot(before);
  sim.reset();
  Snapshot after;
  sim.snapshot(after);
  EXPECT_NE(after.previousRunVersion, before.previousRunVersion);
  const TimeSeries previous = sim.previousRun();
  ASSERT_EQ(previous.size(), first.size());
  EXPECT_EQ(previous.value(previous.size() - 1, kTotal), first.value(first.size() - 1, kTotal));
  EXPECT_EQ(sim.samples().size(), 1u) << "the new run starts its own series";
  sim.clearPreviousRun();
  EXPECT_EQ(sim.previousRun().size(), 0u);
  ASSERT_TRUE(sim.advance(10, error)) << error;
  sim.reset();
  ASSERT_TRUE(sim.scenes().load(test::kChain, {{"n", 4.0}}, "", error)) << error;
  EXPECT_EQ(sim.previousRun().size(), 0u) << "another scene drops it";
}

TEST(StateHistory, TheLengthLimitKeepsTheLastSeconds) {
  session::StateHistory history;
  history.setLimits(100.0, 0.5);
  State state;
  state.q = VectorX::Zero(3);
  for (int k = 0; k <= 400; ++k) {
    state.t = 0.01 * k;
    history.record(state, RunMonitor{});
  }
  EXPECT_NEAR(history.lastTime(), 4.0, 1e-12);
  EXPECT_NEAR(history.firstTime(), 3.5, 1e-12);
  EXPECT_NEAR(history.at(history.indexAt(3.755)).state.t, 3.75, 1e-12);
  EXPECT_EQ(history.indexAt(-1.0), 0u);
  history.dropAfter(10);
  EXPECT_EQ(history.size(), 11u);
}

}  // namespace
}  // namespace articulab::gui
