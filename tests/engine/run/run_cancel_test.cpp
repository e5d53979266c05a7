// Cancelling a step (engine/solvers/step_cancel.hpp, Run::watchCancel): a cancelled step leaves
// the run exactly as before it, and the trajectory after the cancel is the one without it.
// Oracle: the same run stepped without a cancel, compared bitwise.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "engine/io/scene_loader.hpp"
#include "engine/run/run.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

std::shared_ptr<const Model> cancelScene(const std::string& name, const ParameterOverrides& overrides = {}) {
  return std::make_shared<const Model>(loadScene(test::kScenes + name, overrides));
}

RunRequest onBackend(const std::string& backend) {
  RunRequest request;
  request.backend = backend;
  return request;
}

void expectSameRunState(const State& a, const State& b) {
  EXPECT_EQ(a.t, b.t);
  EXPECT_EQ(a.step, b.step);
  EXPECT_EQ(a.q, b.q);
  EXPECT_EQ(a.qd, b.qd);
  EXPECT_EQ(a.history.valid, b.history.valid);
  EXPECT_EQ(a.history.q, b.history.q);
  EXPECT_EQ(a.history.qd, b.history.qd);
  for (std::size_t i = 0; i < a.E_0i.size(); ++i) EXPECT_EQ(a.E_0i[i], b.E_0i[i]) << "body " << i;
}

// A flag raised before the step: the step ends at its first check point.
TEST(RunCancel, ACancelledStepLeavesTheRunAsBeforeAndTheTrajectoryUnchanged) {
  for (const char* file : {"double_pendulum.json", "four_bar.json"}) {
    const auto model = cancelScene(file);
    for (const BackendInfo& info : backends()) {
      if (!info.supports(*model).ok) continue;
      SCOPED_TRACE(std::string(file) + " on " + info.name);
      articulab::Run cancelled(model, onBackend(info.name)), reference(model, onBackend(info.name));
      CancelFlag flag;
      cancelled.watchCancel(&flag);
      ASSERT_EQ(cancelled.advance(50), 50);
      const State before = cancelled.state();
      const double largestChange = cancelled.monitor().energy.largestChange;
      flag.request();
      EXPECT_FALSE(cancelled.step());
      EXPECT_TRUE(cancelled.cancelled());
      EXPECT_FALSE(cancelled.failed()) << cancelled.failure();
      EXPECT_EQ(cancelled.stepsTaken(), 50);
      EXPECT_EQ(cancelled.monitor().energy.largestChange, largestChange);
      expectSameRunState(cancelled.state(), before);
      flag.clear();
      ASSERT_EQ(cancelled.advance(150), 150);
      EXPECT_FALSE(cancelled.cancelled());
      ASSERT_EQ(reference.advance(200), 200);
      expectSameRunState(cancelled.state(), reference.state());
    }
  }
}

// A flag raised by another thread while the steps run: whichever check point it meets (or the
// next step's first), the run stands at the state before the cancelled step and goes on as if
// there had been no cancel.
TEST(RunCancel, ACancelFromAnotherThreadMidStepLeavesTheTrajectoryAsWithoutIt) {
  const auto model = cancelScene("chain.json", {{"n", 30.0}});
  for (const BackendInfo& info : backends()) {
    if (!info.supports(*model).ok) continue;
    SCOPED_TRACE(info.name);
    articulab::Run cancelled(model, onBackend(info.name)), reference(model, onBackend(info.name));
    CancelFlag flag;
    cancelled.watchCancel(&flag);
    std::thread canceller([&flag] {
      std::this_thread::sleep_for(std::chrono::milliseconds(3));
      flag.request();
    });
    State before;
    do {
      before = cancelled.state();
      cancelled.step();
    } while (!cancelled.cancelled() && !cancelled.failed());
    canceller.join();
    ASSERT_FALSE(cancelled.failed()) << cancelled.failure();
    expectSameRunState(cancelled.state(), before);
    flag.clear();
    ASSERT_EQ(cancelled.advance(20), 20);
    ASSERT_EQ(reference.advance(cancelled.stepsTaken()), cancelled.stepsTaken());
    expectSameRunState(cancelled.state(), reference.state());
  }
}

}  // namespace
}  // namespace articulab
