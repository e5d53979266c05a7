// The first word of the command line to its command: run, describe, backends, help, and the
// app's own (gui, record, a scene file), which the executable supplies when it has a window.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace articulab::cli {

// The commands that open a window; an empty function means a build without the GUI.
struct WindowCommands {
  std::function<int(const std::vector<std::string>& args)> gui;     // args: the app's flags and scene
  std::function<int(const std::vector<std::string>& args)> record;  // args: after "record"
};

// Runs the command named by args[0] (none: the app) and returns its exit code (ExitCode,
// last_resort.hpp); throws what the command throws (runGuarded turns it into a message).
int dispatchCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                    const WindowCommands& window);

}  // namespace articulab::cli
