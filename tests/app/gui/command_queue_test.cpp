// The queue of UI commands that wait for a running step (app/session/command_queue.hpp).
#include <gtest/gtest.h>

#include <string>

#include "app/session/command_queue.hpp"

namespace articulab::session {
namespace {

TEST(CommandQueue, RunsACommandAtOnceBetweenSteps) {
  CommandQueue queue;
  std::string log;
  EXPECT_TRUE(queue.runOrQueue([&] { log += "a"; }));
  EXPECT_EQ(log, "a");
  EXPECT_EQ(queue.pending(), 0u);
}

TEST(CommandQueue, CommandsDuringAStepRunAfterItInOrder) {
  CommandQueue queue;
  std::string log;
  queue.beginStep();
  EXPECT_FALSE(queue.runOrQueue([&] { log += "pause "; }));
  EXPECT_FALSE(queue.runOrQueue([&] { log += "backend "; }));
  EXPECT_EQ(log, "");
  EXPECT_EQ(queue.pending(), 2u);
  log += "step-ended ";
  queue.endStep();
  EXPECT_EQ(log, "step-ended pause backend ");
  EXPECT_FALSE(queue.stepping());
  EXPECT_EQ(queue.pending(), 0u);
  EXPECT_TRUE(queue.runOrQueue([&] { log += "now"; }));  // the next one runs at once again
  EXPECT_EQ(log, "step-ended pause backend now");
}

TEST(CommandQueue, StoppingInsideAStepDropsWhatWaited) {
  CommandQueue queue;
  int runs = 0;
  queue.beginStep();
  queue.runOrQueue([&] { ++runs; });
  queue.dropQueued();
  queue.endStep();
  EXPECT_EQ(runs, 0);
  EXPECT_FALSE(queue.stepping());
}

}  // namespace
}  // namespace articulab::session
