#include "app/cli/dispatch.hpp"

#include <algorithm>

#include "app/cli/command_table.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/last_resort.hpp"
#include "engine/io/model_loader.hpp"

namespace articulab::cli {

namespace {

bool asksForHelp(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(), [](const std::string& a) { return a == "--help" || a == "-h"; });
}

}  // namespace

int dispatchCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                    const WindowCommands& window) {
  const std::string first = args.empty() ? "gui" : args[0];
  if (first == "--help" || first == "-h") return findCommand("help")->run({}, out, err, window);
  if (first == "--version") {
    if (args.size() > 1) throw UsageError("'--version' takes no arguments");
    printVersion(out);
    return kExitOk;
  }
  // The app's own form: flags or a model file without a command name.
  const bool appForm = !findCommand(first) && (first.rfind("--", 0) == 0 || isModelFile(first));
  const CommandEntry* command = findCommand(appForm ? "gui" : first);
  if (!command) throw UsageError("unknown command '" + first + "' (expected " + commandNames() + ")");
  const std::vector<std::string> rest(args.begin() + (args.empty() || appForm ? 0 : 1), args.end());
  // Help never needs the command's resources (a display, a scene): it is answered here.
  if (asksForHelp(rest)) {
    printCommandUsage(*command, out);
    return kExitOk;
  }
  return command->run(rest, out, err, window);
}

}  // namespace articulab::cli
