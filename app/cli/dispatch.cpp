#include "app/cli/dispatch.hpp"

#include "app/cli/commands.hpp"
#include "app/cli/last_resort.hpp"
#include "engine/io/model_loader.hpp"

namespace articulab::cli {

int dispatchCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                    const WindowCommands& window) {
  const std::string command = args.empty() ? "gui" : args[0];
  const std::vector<std::string> rest(args.begin() + (args.empty() ? 0 : 1), args.end());
  if (command == "run") return runCommand(rest, out, err);
  if (command == "describe") return describeCommand(rest, out, err);
  if (command == "compare") return compareCommand(rest, out, err);
  if (command == "study") return studyCommand(rest, out, err);
  if (command == "plot") return plotCommand(rest, out, err);
  if (command == "import") return importCommand(rest, out, err);
  if (command == "backends") return backendsCommand(out);
  if (command == "--help" || command == "-h" || command == "help") {
    printUsage(out);
    return kExitOk;
  }
  if (command == "record") {
    if (window.record) return window.record(rest);
    err << "this build has no GUI (configured with -DARTICULAB_GUI=OFF), which record draws with\n";
    return kExitNoGui;
  }
  const bool gui = command == "gui" || command.rfind("--", 0) == 0 || isModelFile(command);
  if (!gui)
    throw UsageError("unknown command '" + command +
                     "' (expected gui, run, compare, study, plot, record, describe, import or backends)");
  if (window.gui) return window.gui(command == "gui" ? rest : args);
  err << "this build has no GUI (configured with -DARTICULAB_GUI=OFF); use 'articulab run SCENE'\n";
  return kExitNoGui;
}

}  // namespace articulab::cli
