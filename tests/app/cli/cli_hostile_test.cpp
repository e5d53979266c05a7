// The command line against hostile input, in-process through the executable's own dispatch and
// last-resort handler: each documented exit code (docs/cli.md, ExitCode in last_resort.hpp) for
// its cause, no hostile invocation outside 0-4, and issue 31's CLI defects with their
// reproducers (the crash of describe, exit 6 on a read error, messages that hid the rule).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <new>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "app/cli/commands.hpp"
#include "app/cli/last_resort.hpp"
#include "tests/app/cli/cli_invocation.hpp"
#include "tests/engine/io/hostile_scenes.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using nlohmann::json;

using Outcome = test::CliOutcome;
using test::outcomeText;

Outcome invoke(const std::vector<std::string>& args) { return test::invokeCli(args); }

// A scene file in the temporary directory, removed with the object.
class TemporaryScene {
 public:
  TemporaryScene(const std::string& name, const std::string& text)
      : path_((std::filesystem::temp_directory_path() / ("articulab_hostile_" + name)).string()) {
    std::ofstream(path_) << text;
  }
  ~TemporaryScene() { std::filesystem::remove(path_); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Issue 31, item 1: describe dereferenced the empty knot list (SIGSEGV).
TEST(CliHostileInput, DescribeOfAMuscleWithoutExcitationShowsTheDefault) {
  const TemporaryScene leg("leg_no_excitation.json", test::legWithoutExcitation());
  const Outcome o = invoke({"describe", leg.path()});
  ASSERT_EQ(o.code, 0) << outcomeText(o);
  EXPECT_NE(o.out.find("l_opt/s, excitation 0\n"), std::string::npos) << o.out;
  const Outcome run = invoke({"run", leg.path(), "--duration", "0.01"});
  EXPECT_EQ(run.code, 0) << outcomeText(run);
}

// Item 2: a read error was "internal error" (exit 6).
TEST(CliHostileInput, AnUnreadableFileIsASceneError) {
  for (const char* command : {"describe", "run"}) {
    const Outcome o = invoke({command, "/proc/self/mem"});
    EXPECT_EQ(o.code, cli::kExitBadScene) << outcomeText(o);
    EXPECT_EQ(o.err, "scene error: /proc/self/mem: cannot read the file: Input/output error\n");
  }
}

// Item 6: --max-bodies, a flag of every command that loads a scene.
TEST(CliHostileInput, TheModelSizeLimitIsAFlag) {
  const TemporaryScene chains("ten_chains.json", test::tenChainsOf100000());
  const Outcome o = invoke({"describe", chains.path()});
  EXPECT_EQ(o.code, cli::kExitBadScene) << outcomeText(o);
  EXPECT_NE(o.err.find("/chains/2/count: the model would have 300000 bodies, more than the limit of 200000 (raise "
                       "it with --max-bodies N)"),
            std::string::npos)
      << o.err;
  const std::string chain = test::kScenes + "chain.json";
  const Outcome small = invoke({"describe", chain, "--max-bodies", "5"});
  EXPECT_EQ(small.code, cli::kExitBadScene) << outcomeText(small);
  EXPECT_NE(small.err.find("/chains/0/count: the model would have 10 bodies, more than the limit of 5"),
            std::string::npos)
      << small.err;
  EXPECT_EQ(invoke({"describe", chain, "--max-bodies", "10"}).code, cli::kExitOk);
  EXPECT_EQ(invoke({"run", chain, "--max-bodies", "10", "--duration", "0.01"}).code, cli::kExitOk);
  EXPECT_EQ(invoke({"run", chain, "--max-bodies", "9", "--duration", "0.01"}).code, cli::kExitBadScene);
  const Outcome zero = invoke({"run", chain, "--max-bodies", "0"});
  EXPECT_EQ(zero.code, cli::kExitBadCommand);
  EXPECT_NE(zero.err.find("--max-bodies: expected a number > 0, got '0'"), std::string::npos) << zero.err;
  const Outcome huge = invoke({"describe", chain, "--max-bodies", "1000000000"});
  EXPECT_EQ(huge.code, cli::kExitBadCommand);
  EXPECT_NE(huge.err.find("--max-bodies: expected a whole number from 1 to 100000000, got '1000000000'"),
            std::string::npos)
      << huge.err;
}

// Item 8: each message states the real rule.
TEST(CliHostileInput, NumbersAndNamesOnTheCommandLineStateTheRule) {
  const std::string scene = test::kScenes + "double_pendulum.json";
  const std::map<std::vector<std::string>, std::string> cases = {
      {{"run", scene, "--dt", "5e-324"},
       "--dt: '5e-324' is too small for a double: a non-zero number needs a magnitude of at least 2.2e-308 (the "
       "smallest normal double)"},
      {{"run", scene, "--dt", "1e-400"}, "--dt: '1e-400' is too small for a double"},
      {{"run", scene, "--dt", "1e999"}, "--dt: '1e999' is beyond the largest double (magnitude 1.8e308)"},
      {{"run", scene, "--dt", "0x10"},
       "--dt: expected a finite number, got '0x10' (a decimal number such as 0.001 or 1e-3: no hexadecimal, inf or "
       "nan)"},
      {{"run", scene, "--dt", "inf"}, "--dt: expected a finite number, got 'inf'"},
      {{"run", scene, "--dt", " 0.01"}, "--dt: expected a finite number, got ' 0.01'"},
      {{"run", scene, "--backend", ""}, "flag --backend needs a value, got an empty string"},
      {{"run", scene, "--csv", ""}, "--csv: expected a file path, got ''"},
      {{"describe", scene, "--set", ""}, "flag --set needs a value, got an empty string"},
      {{"run", scene, "--every", "1e13"}, "--every: expected a positive integer of at most 1e12, got '1e13'"},
  };
  for (const auto& [args, message] : cases) {
    const Outcome o = invoke(args);
    EXPECT_EQ(o.code, cli::kExitBadCommand) << message << "\n" << outcomeText(o);
    EXPECT_NE(o.err.find("articulab: " + message), std::string::npos) << outcomeText(o);
  }
  // Decimal forms are all accepted.
  for (const char* dt : {"0.001", "1e-3", "1E-3", ".001", "1.e-3", "+0.001"})
    EXPECT_EQ(invoke({"run", scene, "--dt", dt, "--duration", "0.002"}).code, cli::kExitOk) << dt;
}

// A refusal by the back-end is exit 2 without the pointer to the usage text.
TEST(CliHostileInput, ABackEndRefusalDoesNotPointToTheUsage) {
  const Outcome o = invoke({"run", test::kScenes + "four_bar.json", "--backend", "recursive"});
  EXPECT_EQ(o.code, cli::kExitBadCommand) << outcomeText(o);
  EXPECT_NE(o.err.find("articulab: back-end 'recursive' cannot run"), std::string::npos) << o.err;
  EXPECT_EQ(o.err.find("--help"), std::string::npos) << o.err;
}

// The exit codes docs/cli.md documents, each from the cause it names.
std::map<int, std::string> documentedExitCodes() {
  std::ifstream doc(ARTICULAB_SOURCE_DIR "/docs/cli.md");
  std::map<int, std::string> codes;
  std::string line;
  bool inTable = false;
  const std::regex row(R"(^\| (\d+) \| (.*) \|$)");
  while (std::getline(doc, line)) {
    if (line == "## Exit codes") inTable = true;
    else if (inTable && line.rfind("## ", 0) == 0) break;
    std::smatch match;
    if (inTable && std::regex_match(line, match, row)) codes[std::stoi(match[1])] = match[2];
  }
  return codes;
}

TEST(CliHostileInput, EveryDocumentedExitCodeComesFromItsCause) {
  const std::string scenes = test::kScenes;
  const TemporaryScene broken("broken.json", "{\"bodies\": [}");
  // code -> (what the documentation says, an invocation that has that cause)
  const std::map<int, std::pair<std::string, std::function<int()>>> causes = {
      {cli::kExitOk, {"success", [&] { return invoke({"run", scenes + "double_pendulum.json", "--duration", "0.01"}).code; }}},
      {cli::kExitBadScene, {"the scene file does not load", [&] { return invoke({"describe", broken.path()}).code; }}},
      {cli::kExitBadCommand, {"bad command line", [&] { return invoke({"run", scenes + "chain.json", "--dt", "x"}).code; }}},
      {cli::kExitDiverged,
       {"the simulation diverged", [] { return invoke({"run", ARTICULAB_SOURCE_DIR "/tests/app/gui/data/diverging_chain.json"}).code; }}},
      {cli::kExitNoGui, {"no window: a build without the GUI", [] { return invoke({"gui"}).code; }}},
      {cli::kExitOutOfMemory,
       {"out of memory", [] {
          std::ostringstream err;
          return cli::runGuarded([]() -> int { throw std::bad_alloc(); }, err);
        }}},
      {cli::kExitInternalError,
       {"internal error", [] {
          std::ostringstream err;
          return cli::runGuarded([]() -> int { throw std::logic_error("a bug"); }, err);
        }}},
  };
  const std::map<int, std::string> documented = documentedExitCodes();
  ASSERT_EQ(documented.size(), causes.size()) << "docs/cli.md's exit-code table and this test list different codes";
  for (const auto& [code, cause] : causes) {
    ASSERT_TRUE(documented.count(code)) << "exit code " << code << " is not in docs/cli.md";
    EXPECT_NE(documented.at(code).find(cause.first), std::string::npos) << code << ": " << documented.at(code);
    EXPECT_EQ(cause.second(), code) << cause.first;
  }
}

// Files, flags and values a careless or hostile user gives: every one ends with a message and
// an exit code from 0 to 4 (never out of memory, never an internal error, never a crash).
TEST(CliHostileInput, NoHostileInvocationExitsOutsideZeroToFour) {
  const std::string scene = test::kScenes + "double_pendulum.json", fourBar = test::kScenes + "four_bar.json";
  json gravity = test::shippedSceneJson("four_bar.json");
  gravity["gravity"] = {0, 0, 1e308};
  json loop = test::shippedSceneJson("muscle_snake.json");
  loop["muscles"][2]["for_each"]["to"] = 1000000000;
  std::string hugeArray = R"({"bodies": [{"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}})";
  for (int i = 0; i < 100000; ++i) hugeArray += ",{}";
  hugeArray += "]}";
  const TemporaryScene files[] = {
      {"leg.json", test::legWithoutExcitation()},
      {"gravity.json", gravity.dump()},
      {"for_each.json", loop.dump()},
      {"tiny_mass.json", R"({"bodies": [{"name": "a", "mass": 1e-999, "shape": {"type": "sphere", "radius": 1}}]})"},
      {"huge_number.json", R"({"gravity": [0, 0, 1e999]})"},
      {"deep.json", std::string(5000, '[') + std::string(5000, ']')},
      {"ten_chains.json", test::tenChainsOf100000()},
      {"huge_array.json", hugeArray},
      {"empty.json", ""},
      {"binary.json", std::string("\0\xff\xfe{\"a\"", 7)},
  };
  std::vector<std::vector<std::string>> invocations = {
      {},  // the app: no GUI in this build
      {"frobnicate"},
      {"run"},
      {"run", scene, "--dt"},
      {"run", scene, "--dt", "0x10"},
      {"run", scene, "--dt", "nan"},
      {"run", scene, "--dt", "-0"},
      {"run", scene, "--dt", "5e-324"},
      {"run", scene, "--every", "1e13"},
      {"run", scene, "--every", "-1"},
      {"run", scene, "--backend", ""},
      {"run", scene, "--backend", "bullet"},
      {"run", scene, "--integrator", "euler"},
      {"run", scene, "--set", "=1"},
      {"run", scene, "--set", "n=1e999"},
      {"run", scene, "--q0", ",,,"},
      {"run", scene, "--qd0", "1,2,3,4,5,6,7"},
      {"run", scene, "--record", "q,,qd"},
      {"run", scene, "--setting", "no-such-setting=1"},
      {"run", scene, "--max-bodies", "abc"},
      {"run", scene, "--duration", "0.01", "--csv", "/nonexistent-dir/x.csv"},
      {"run", scene, "--duration", "0.01", "--csv", std::filesystem::temp_directory_path().string()},
      {"run", fourBar, "--backend", "recursive"},
      {"run", ARTICULAB_SOURCE_DIR "/tests/app/gui/data/diverging_chain.json"},
      {"run", "/proc/self/mem"},
      {"run", "/dev/null"},
      {"run", "/"},
      {"describe"},
      {"describe", "a.json", "b.json"},
      {"describe", "/nonexistent.json"},
      {"describe", scene, "--max-bodies", "1e99"},
      {"backends"},
      {"help"},
      {"record", scene},
      {"gui", scene},
  };
  for (const TemporaryScene& file : files) {
    invocations.push_back({"describe", file.path()});
    invocations.push_back({"run", file.path(), "--duration", "0.01"});
  }
  for (const std::vector<std::string>& args : invocations) {
    const Outcome o = invoke(args);
    std::string line;
    for (const std::string& arg : args) line += " '" + arg + "'";
    EXPECT_GE(o.code, 0) << line << "\n" << outcomeText(o);
    EXPECT_LE(o.code, 4) << line << "\n" << outcomeText(o);
    if (o.code != 0) {
      EXPECT_FALSE(o.err.empty()) << "a failure without a message:" << line;
    }
  }
}

}  // namespace
}  // namespace articulab
