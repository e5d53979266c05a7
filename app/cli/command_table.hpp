// The commands of articulab in one table: each with its name, its usage text (flags and what it
// does) and the function that runs it. Dispatch, `articulab --help`, `articulab help COMMAND` and
// `articulab COMMAND --help` all read this table, so a new command is one entry in it.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "app/cli/dispatch.hpp"

namespace articulab::cli {

struct CommandEntry {
  std::string name;
  // Writes the command's usage: its synopsis and flags, indented as in `articulab --help`.
  std::function<void(std::ostream& out)> usage;
  // Runs the command on the arguments after its name; returns the exit code (ExitCode).
  std::function<int(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                    const WindowCommands& window)>
      run;
};

// Every command, in the order `articulab --help` lists them.
const std::vector<CommandEntry>& commandTable();
// The entry named `name`, or nullptr.
const CommandEntry* findCommand(const std::string& name);
// "gui, run, compare, ..." for messages.
std::string commandNames();

// `articulab --help`: every command's usage, then the notes on numbers and exit codes.
void printUsage(std::ostream& out);
// `articulab help COMMAND` and `articulab COMMAND --help`: that command's usage and the notes.
void printCommandUsage(const CommandEntry& command, std::ostream& out);
// `articulab --version`: the version and the git commit the build was configured from.
void printVersion(std::ostream& out);

}  // namespace articulab::cli
