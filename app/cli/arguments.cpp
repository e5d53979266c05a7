#include "app/cli/arguments.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "app/cli/commands.hpp"
#include "engine/io/number_text.hpp"
#include "engine/diagnostics/channel_catalog.hpp"

namespace articulab::cli {

const std::string& flagValue(const std::vector<std::string>& args, std::size_t& i, bool allowEmpty) {
  if (i + 1 >= args.size()) throw UsageError("flag " + args[i] + " needs a value");
  if (args[i + 1].empty() && !allowEmpty) throw UsageError("flag " + args[i] + " needs a value, got an empty string");
  return args[++i];
}

double parseNumber(const std::string& flag, const std::string& text, bool requirePositive) {
  if (text.empty()) throw UsageError(flag + ": expected a number, got an empty string");
  if (!scene_io::isDecimalNumber(text))
    throw UsageError(flag + ": expected a finite number, got '" + text +
                     "' (a decimal number such as 0.001 or 1e-3: no hexadecimal, inf or nan)");
  const double value = std::strtod(text.c_str(), nullptr);
  if (!std::isfinite(value))
    throw UsageError(flag + ": '" + text + "' is beyond the largest double (magnitude 1.8e308)");
  if ((value == 0.0 && scene_io::nonZeroMantissa(text)) || std::fpclassify(value) == FP_SUBNORMAL)
    throw UsageError(flag + ": '" + text + "' is too small for a double: a non-zero number needs a magnitude of at "
                     "least 2.2e-308 (the smallest normal double)");
  if (requirePositive && value <= 0.0) throw UsageError(flag + ": expected a number > 0, got '" + text + "'");
  return value;
}

long parseCount(const std::string& flag, const std::string& text) {
  const double value = parseNumber(flag, text, true);
  if (value != std::floor(value)) throw UsageError(flag + ": expected a positive integer, got '" + text + "'");
  if (value > 1e12) throw UsageError(flag + ": expected a positive integer of at most 1e12, got '" + text + "'");
  return static_cast<long>(value);
}

long parseMaxBodies(const std::string& text) {
  const long value = parseCount("--max-bodies", text);
  if (value > kLargestMaxBodies)
    throw UsageError("--max-bodies: expected a whole number from 1 to " + std::to_string(kLargestMaxBodies) + ", got '" +
                     text + "'");
  return value;
}

std::vector<double> parseList(const std::string& flag, const std::string& text) {
  std::vector<double> values;
  std::stringstream stream(text);
  std::string item;
  while (std::getline(stream, item, ',')) values.push_back(parseNumber(flag, item, false));
  if (values.empty()) throw UsageError(flag + ": expected a comma-separated list of numbers");
  return values;
}

std::pair<std::string, double> parseAssignment(const std::string& flag, const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw UsageError(flag + ": expected NAME=VALUE, got '" + text + "'");
  return {text.substr(0, eq), parseNumber(flag + " " + text.substr(0, eq), text.substr(eq + 1), false)};
}

SettingRequest parseSettingRequest(const std::string& flag, const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw UsageError(flag + ": expected NAME=VALUE, got '" + text + "'");
  return {"", text.substr(0, eq), text.substr(eq + 1)};
}

void parseOverride(const std::string& text, ParameterOverrides& overrides) {
  const auto [name, value] = parseAssignment("--set", text);
  overrides[name] = value;
}

namespace {

// The names of the optional channel groups, for the usage error.
std::string groupList() {
  std::string list;
  for (const std::string& group : optionalChannelGroups()) list += (list.empty() ? "" : ", ") + group;
  return list;
}

}  // namespace

RecorderColumns parseColumns(const std::string& text) {
  RecorderColumns columns;
  std::stringstream stream(text);
  std::string item;
  const std::vector<std::string>& groups = optionalChannelGroups();
  while (std::getline(stream, item, ',')) {
    if (std::find(groups.begin(), groups.end(), item) == groups.end())
      throw UsageError("--record: unknown column set '" + item + "' (expected a comma list of " + groupList() + ")");
    columns.groups.push_back(item);
  }
  return columns;
}

bool parseBlowUpPolicy(const std::string& text) {
  if (text == "stop" || text == "warn") return text == "stop";
  throw UsageError("--on-blow-up: expected stop or warn, got '" + text + "'");
}

bool parseImportFlag(const std::vector<std::string>& args, std::size_t& i, ImportOptions& options) {
  if (args[i] == "--package-path") {
    options.packagePaths.push_back(flagValue(args, i));
    return true;
  }
  if (args[i] == "--floating-root") {
    options.floatingRoot = true;
    return true;
  }
  return false;
}

}  // namespace articulab::cli
