// Script commands for the live app (script.cpp lists them): play in real time on the physics
// thread, draw frames while it steps and report their times, wait for steps, and check which
// back-end runs. Unlike run-frames, these depend on the wall clock; the tests use them to check
// that the window keeps drawing during a slow step.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "app/gui/frame_stats.hpp"
#include "app/gui/script_runner.hpp"

namespace articulab::gui {

namespace {

bool positiveCount(const std::string& word, long& out, std::string& error) {
  if (parseScriptInteger(word, out) && out >= 0) return true;
  error = "expected a whole number >= 0 (got '" + word + "')";
  return false;
}

bool stepInProgress(Session& session) {
  Snapshot snap;
  session.snapshot(snap);
  return snap.stepInProgressSeconds > 0.0;
}

}  // namespace

bool ScriptRunner::play(const ScriptCommand&, std::string& error) {
  app_.session().startThread();
  return app_.session().setRunning(true, error);
}

bool ScriptRunner::pause(const ScriptCommand&, std::string& error) { return app_.session().setRunning(false, error); }

// Frames drawn from start to end while a step was running are the ones that show whether the UI
// waits for steps; the line printed gives their statistics.
bool ScriptRunner::drawFrames(const ScriptCommand& c, std::string& error) {
  long frames = 0;
  if (!positiveCount(c.args[0], frames, error)) return false;
  std::vector<double> duringStep;
  for (long i = 0; i < frames && !app_.closeRequested(); ++i) {
    const bool before = stepInProgress(app_.session());
    const auto start = std::chrono::steady_clock::now();
    app_.renderFrame();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (before && stepInProgress(app_.session())) duringStep.push_back(ms);
  }
  const std::size_t during = duringStep.size();
  std::cout << "drew " << frames << " frames, " << during << " while a step ran";
  if (during > 0) {
    std::vector<double> sorted = duringStep;
    std::nth_element(sorted.begin(), sorted.begin() + during / 2, sorted.end());
    char median[48];
    std::snprintf(median, sizeof median, ": median %.2f ms, ", sorted[during / 2]);
    std::cout << median << describe(summarizeFrameTimes(duringStep));
  }
  std::cout << std::endl;
  return true;
}

bool ScriptRunner::waitSteps(const ScriptCommand& c, std::string& error) {
  long steps = 0;
  double timeout = 60.0;
  if (!positiveCount(c.args[0], steps, error)) return false;
  if (c.args.size() > 1 && (!parseScriptNumber(c.args[1], timeout) || timeout <= 0.0)) {
    error = "timeout must be a number of seconds > 0 (got '" + c.args[1] + "')";
    return false;
  }
  Snapshot snap;
  app_.session().snapshot(snap);
  const long target = snap.state.step + steps;
  const auto start = std::chrono::steady_clock::now();
  while (snap.state.step < target) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > timeout) {
      error = "the physics thread ended " + std::to_string(snap.state.step - (target - steps)) + " of " +
              std::to_string(steps) + " steps within " + std::to_string(timeout) + " s";
      return false;
    }
    if (!snap.failure.empty()) {
      error = snap.failure;
      return false;
    }
    app_.renderFrame();
    app_.session().snapshot(snap);
  }
  return true;
}

bool ScriptRunner::expectBackend(const ScriptCommand& c, std::string& error) {
  Snapshot snap;
  app_.session().snapshot(snap);
  if (snap.backend == c.args[0]) return true;
  error = "the back-end in use is " + snap.backend + ", not " + c.args[0];
  return false;
}

bool ScriptRunner::testStepDelay(const ScriptCommand& c, std::string& error) {
  double seconds = 0.0;
  if (!parseScriptNumber(c.args[0], seconds) || seconds < 0.0) {
    error = "delay must be a number of seconds >= 0 (got '" + c.args[0] + "')";
    return false;
  }
  app_.session().setTestStepDelay(seconds);
  return true;
}

}  // namespace articulab::gui
