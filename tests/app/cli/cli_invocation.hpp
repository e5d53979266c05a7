// `articulab ARGS` in-process, through the executable's own dispatch and last-resort handler,
// without a window (a build without the GUI): what CLI tests assert on.
#pragma once

#include <string>
#include <vector>

namespace articulab::test {

struct CliOutcome {
  int code = 0;
  std::string out, err;
};

CliOutcome invokeCli(const std::vector<std::string>& args);
// "exit N", then standard output and standard error: for assertion messages.
std::string outcomeText(const CliOutcome& outcome);

}  // namespace articulab::test
