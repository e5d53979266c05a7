// The app's comparison runs (issue 32): each its own spec, stepped in lockstep with the main run
// over simulated time, refused as `articulab compare` refuses them, and labelled with what each
// stretch ran with after a switch of the main run's integrator.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>

#include "app/cli/commands.hpp"
#include "app/session/session.hpp"

namespace articulab::session::comparison_runs_test {
namespace {

const std::string kFourBar = ARTICULAB_SOURCE_DIR "/scenes/four_bar.json";

Snapshot snapshotOf(const Session& session) {
  Snapshot snap;
  session.snapshot(snap);
  return snap;
}

void openFourBar(Session& session) {
  std::string error;
  ASSERT_TRUE(session.scenes().load(kFourBar, {}, "redmax", error)) << error;
  ASSERT_EQ(session.choices().setIntegrator("semi-implicit"), "");
}

TEST(ComparisonRuns, RunsWithTheirOwnStepsMeetTheMainRunsTime) {
  Session session;
  openFourBar(session);
  std::string error;
  ASSERT_TRUE(session.choices().addComparison("baraff:rk4@dt=0.0005", error)) << error;
  ASSERT_TRUE(session.choices().addComparison("variational-maximal:variational-midpoint", error)) << error;
  ASSERT_TRUE(session.advance(40, error)) << error;
  const Snapshot snap = snapshotOf(session);
  ASSERT_EQ(snap.comparisons.size(), 2u);
  for (const ComparisonView& run : snap.comparisons) {
    ASSERT_TRUE(run.running) << run.note;
    EXPECT_NEAR(run.state.t, snap.state.t, 1e-12) << run.label;
  }
  EXPECT_EQ(snap.comparisons[0].label, "baraff rk4, dt 0.0005 s");
  EXPECT_EQ(snap.comparisons[0].dt, 0.0005);
  EXPECT_EQ(snap.comparisons[1].integrator, "variational-midpoint");
  const TimeSeries comparison = session.comparison();
  ASSERT_GT(comparison.size(), 1u);
  EXPECT_EQ(comparison.channelCount(), 1 + 3 * kComparisonQuantityCount);
}

TEST(ComparisonRuns, ASpecIsRefusedAsTheCommandLineRefusesIt) {
  Session session;
  openFourBar(session);
  std::string error;
  EXPECT_FALSE(session.choices().addComparison("redmax:nonsense", error));
  std::ostringstream out, err;
  std::string cli;
  try {
    cli::compareCommand({kFourBar, "--runs", "redmax:nonsense"}, out, err);
  } catch (const cli::UsageError& e) {
    cli = e.what();
  }
  EXPECT_FALSE(error.empty());
  EXPECT_NE(cli.find(error), std::string::npos) << "app: " << error << "\ncli: " << cli;
  EXPECT_FALSE(session.choices().addComparison("baraff@dt=-1", error));
  EXPECT_NE(error.find("'@dt=-1'"), std::string::npos) << error;
  EXPECT_TRUE(snapshotOf(session).comparisons.empty());
}

TEST(ComparisonRuns, EachStretchOfAComparisonRunIsLabelled) {
  Session session;
  openFourBar(session);
  std::string error;
  ASSERT_TRUE(session.choices().addComparison("baraff", error)) << error;  // follows the main run's integrator
  ASSERT_TRUE(session.advance(10, error)) << error;
  ASSERT_EQ(session.choices().setIntegrator("rk4"), "");
  ASSERT_TRUE(session.advance(10, error)) << error;
  const Snapshot snap = snapshotOf(session);
  ASSERT_EQ(snap.comparisons.size(), 1u);
  const ComparisonView& run = snap.comparisons[0];
  ASSERT_EQ(run.stretches.size(), 2u);
  EXPECT_EQ(run.stretches[0].integrator, "semi-implicit");
  EXPECT_EQ(run.stretches[1].integrator, "rk4");
  EXPECT_NEAR(run.stretches[1].start, 0.01, 1e-12);
  EXPECT_EQ(run.label, "baraff semi-implicit, dt 0.001 s 0-0.01 s, then baraff rk4, dt 0.001 s from 0.01 s");
}

}  // namespace
}  // namespace articulab::session::comparison_runs_test
