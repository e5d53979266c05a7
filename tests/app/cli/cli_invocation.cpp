#include "tests/app/cli/cli_invocation.hpp"

#include <sstream>

#include "app/cli/dispatch.hpp"
#include "app/cli/last_resort.hpp"

namespace articulab::test {

CliOutcome invokeCli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  CliOutcome outcome;
  outcome.code = cli::runGuarded([&] { return cli::dispatchCommand(args, out, err, {}); }, err);
  outcome.out = out.str();
  outcome.err = err.str();
  return outcome;
}

std::string outcomeText(const CliOutcome& outcome) {
  return "exit " + std::to_string(outcome.code) + "\n" + outcome.out + outcome.err;
}

}  // namespace articulab::test
