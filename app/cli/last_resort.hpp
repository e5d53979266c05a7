// The last-resort handler of articulab: no exception ends the program without a message.
#pragma once

#include <functional>
#include <ostream>

namespace articulab::cli {

// Exit codes of articulab (docs/cli.md).
enum ExitCode : int {
  kExitOk = 0,
  kExitBadScene = 1,      // the scene file does not load (SceneError)
  kExitBadCommand = 2,    // bad command line, or the back-end cannot run the scene (UsageError)
  kExitDiverged = 3,      // the simulation diverged
  kExitNoGui = 4,         // no window: a build without the GUI, or no display
  kExitOutOfMemory = 5,   // std::bad_alloc: the model needs more memory than there is
  kExitInternalError = 6, // any other exception: a bug, reported with its message
  kExitInterrupted = 130  // stopped by Ctrl-C (a study keeps what finished)
};

// Runs the command and turns every exception into one message on err and its exit code.
int runGuarded(const std::function<int()>& command, std::ostream& err);

}  // namespace articulab::cli
