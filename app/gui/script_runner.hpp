// Runs a scripted session (articulab gui --script FILE) on an open Workbench. Scripted time is
// deterministic: each rendered frame advances the simulation by steps-per-frame steps of dt,
// whatever the wall clock does, so two runs of a script give the same numbers.
#pragma once

#include <string>
#include <vector>

#include "app/gui/script.hpp"
#include "app/gui/workbench.hpp"

namespace articulab::gui {

class ScriptRunner {
 public:
  explicit ScriptRunner(Workbench& app) : app_(app) {}
  // Runs the commands in order; stops at the first failure (false, error "FILE:LINE: command: why")
  // or at quit.
  bool run(const std::vector<ScriptCommand>& commands, const std::string& fileName, std::string& error);

 private:
  bool execute(const ScriptCommand& command, std::string& error);
  bool runFrames(long frames, bool expectDivergence, std::string& error);
  bool load(const ScriptCommand& command, bool expectFailure, std::string& error);
  bool setJoint(const ScriptCommand& command, std::string& error);
  bool setBody(const ScriptCommand& command, std::string& error);
  bool pull(const ScriptCommand& command, std::string& error);
  bool overlay(const ScriptCommand& command, std::string& error);
  bool camera(const ScriptCommand& command, std::string& error);
  bool screenshot(const std::string& path, std::string& error);
  long stepsPerFrame() const;

  Workbench& app_;
  long stepsPerFrame_ = 0;  // 0: round(1 / (60 dt))
  bool quit_ = false;
};

}  // namespace articulab::gui
