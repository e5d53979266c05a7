// Parsing of command-line values with errors that name the flag and the expected value.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/diagnostics/recorder.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/io/model_loader.hpp"
#include "engine/run/run_request.hpp"

namespace articulab::cli {

// Reads the value after flag args[i] (advancing i); throws UsageError if it is missing, or empty
// unless allowEmpty (an output path, whose own check names the rule: OutputFile).
const std::string& flagValue(const std::vector<std::string>& args, std::size_t& i, bool allowEmpty = false);
// A decimal number (no hexadecimal, inf or nan) within the range of a double's normal numbers
// (or 0); positive when requirePositive. Throws UsageError naming the flag and the rule.
double parseNumber(const std::string& flag, const std::string& text, bool requirePositive);
// A whole number from 1 to 1e12.
long parseCount(const std::string& flag, const std::string& text);
// The largest --max-bodies: body indices and coordinates (6 per body) stay within an int.
constexpr long kLargestMaxBodies = 100000000;
// --max-bodies N, a flag of every command that loads a scene (SceneLimits::maxBodies).
long parseMaxBodies(const std::string& text);
// "1,2,3" -> {1,2,3}; every entry finite.
std::vector<double> parseList(const std::string& flag, const std::string& text);
// "n=20" into overrides.
void parseOverride(const std::string& text, ParameterOverrides& overrides);
// "NAME=VALUE" with a finite VALUE; throws UsageError naming the flag.
std::pair<std::string, double> parseAssignment(const std::string& flag, const std::string& text);
// "NAME=VALUE" of a --setting for the run's back-end (the value is checked with the setting's kind
// when the run is resolved).
SettingRequest parseSettingRequest(const std::string& flag, const std::string& text);
// --record LIST: the optional channel groups, each one of optionalChannelGroups().
RecorderColumns parseColumns(const std::string& text);
// --on-blow-up stop|warn (run_monitor.hpp): whether a blow-up ends the run.
bool parseBlowUpPolicy(const std::string& text);
// The flags of a URDF or MJCF import: --package-path DIR (repeatable) and --floating-root. True
// when args[i] is one of them (i advanced past its value).
bool parseImportFlag(const std::vector<std::string>& args, std::size_t& i, ImportOptions& options);

}  // namespace articulab::cli
