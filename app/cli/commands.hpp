// The command-line commands of articulab. Each returns the process exit code:
// 0 success, 1 bad scene file, 2 bad command line, 3 simulation diverged (ExitCode in
// last_resort.hpp lists them all).
#pragma once

#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab::cli {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The command line is well formed but names what cannot be done (a back-end that cannot run the
// scene): exit code 2 like a UsageError, without the pointer to the usage text.
class CannotRunError : public UsageError {
 public:
  using UsageError::UsageError;
};

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// articulab compare SCENE --runs LIST: the runs side by side, one table (docs/cli.md).
int compareCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// articulab study FILE [--jobs N] [--out DIR]: a study's runs on every core (docs/studies.md).
int studyCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// articulab plot RESULTS --work-precision|--convergence|--scaling [-o FILE]: a study's figure.
int plotCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int describeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// articulab backends [--json].
int backendsCommand(const std::vector<std::string>& args, std::ostream& out);
// articulab import MODEL [-o SCENE] [--package-path DIR] [--floating-root]: a URDF or MJCF
// written as a scene file (or to out without -o), with the import report.
int importCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// The import report of a model under a heading, one indented line each (nothing for a scene file).
void printImportReport(const Model& model, std::ostream& out);
// Each back-end with its integrators (name, description) and its own settings, from the registry.
void printBackends(std::ostream& out);

}  // namespace articulab::cli
