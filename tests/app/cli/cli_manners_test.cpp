// The command line's manners (issue 36): --version, help for every command without its resources
// (a display, a scene), --json of backends and describe, describe --summary, and unknown flags
// as errors, each with its exit code.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/cli/command_table.hpp"
#include "app/cli/last_resort.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/app/cli/cli_invocation.hpp"

namespace articulab {
namespace {

const std::string kMannersScenes = ARTICULAB_SOURCE_DIR "/scenes/";

using CliResult = test::CliOutcome;

CliResult runCli(const std::vector<std::string>& args) { return test::invokeCli(args); }

std::string commandUsageText(const cli::CommandEntry& command) {
  std::ostringstream out;
  cli::printCommandUsage(command, out);
  return out.str();
}

long textLineCount(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

TEST(CliManners, VersionNamesTheVersionAndTheCommit) {
  const CliResult version = runCli({"--version"});
  EXPECT_EQ(version.code, cli::kExitOk) << version.err;
  EXPECT_EQ(version.out.rfind("articulab 0.1 (commit ", 0), 0u) << version.out;
  EXPECT_EQ(version.out.find("(commit )"), std::string::npos) << version.out;
  EXPECT_EQ(runCli({"--version", "run"}).code, cli::kExitBadCommand);
}

// The commit of the source tree at build time, not at configure time: the HEAD commit the tests
// were built from (skipped outside a git checkout).
std::string headCommit() {
  const std::string command = "git -C '" ARTICULAB_SOURCE_DIR "' rev-parse HEAD 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return "";
  std::array<char, 64> line{};
  const bool read = std::fgets(line.data(), line.size(), pipe) != nullptr;
  pclose(pipe);
  return read ? std::string(line.data()).substr(0, 7) : "";
}

TEST(CliManners, VersionNamesTheCommitTheBuildWasMadeFrom) {
  const std::string head = headCommit();
  if (head.size() < 7) GTEST_SKIP() << "not a git checkout";
  const CliResult version = runCli({"--version"});
  EXPECT_NE(version.out.find(head), std::string::npos) << version.out << " (HEAD " << head << ")";
}

TEST(CliManners, EveryCommandHasHelpThatNeedsNoDisplayOrScene) {
  for (const cli::CommandEntry& command : cli::commandTable()) {
    const std::string usage = commandUsageText(command);
    EXPECT_NE(usage.find("articulab"), std::string::npos) << command.name;
    EXPECT_NE(usage.find("exit codes:"), std::string::npos) << command.name;
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"help", command.name}, {command.name, "--help"}, {command.name, "-h"}}) {
      const CliResult help = runCli(args);
      EXPECT_EQ(help.code, cli::kExitOk) << command.name << ' ' << args[1] << ": " << help.err;
      EXPECT_EQ(help.out, usage) << command.name << ' ' << args[1];
    }
  }
  // After other arguments too, and without the window record draws in.
  const CliResult run = runCli({"run", kMannersScenes + "double_pendulum.json", "--dt", "0.001", "--help"});
  EXPECT_EQ(run.code, cli::kExitOk);
  EXPECT_NE(run.out.find("--integrator NAME"), std::string::npos) << run.out;
  const CliResult record = runCli({"record", "--help"});
  EXPECT_EQ(record.code, cli::kExitOk) << record.err;
  EXPECT_NE(record.out.find("--fps N"), std::string::npos) << record.out;
  EXPECT_NE(record.out.find("--overlay"), std::string::npos) << record.out;
}

TEST(CliManners, WholeUsageListsEveryCommand) {
  const CliResult help = runCli({"--help"});
  EXPECT_EQ(help.code, cli::kExitOk);
  EXPECT_EQ(runCli({"help"}).out, help.out);
  EXPECT_EQ(runCli({"-h"}).out, help.out);
  for (const cli::CommandEntry& command : cli::commandTable()) {
    std::ostringstream usage;
    command.usage(usage);
    EXPECT_NE(help.out.find(usage.str()), std::string::npos) << command.name;
  }
}

TEST(CliManners, HelpForAnUnknownCommandIsAUsageError) {
  const CliResult unknown = runCli({"help", "frobnicate"});
  EXPECT_EQ(unknown.code, cli::kExitBadCommand);
  EXPECT_NE(unknown.err.find("help: unknown command 'frobnicate' (expected gui, run,"), std::string::npos) << unknown.err;
  EXPECT_EQ(runCli({"help", "run", "describe"}).code, cli::kExitBadCommand);
  EXPECT_EQ(runCli({"frobnicate"}).code, cli::kExitBadCommand);
}

TEST(CliManners, BackendsJsonListsTheRegistry) {
  const CliResult listed = runCli({"backends", "--json"});
  ASSERT_EQ(listed.code, cli::kExitOk) << listed.err;
  const nlohmann::json json = nlohmann::json::parse(listed.out);
  const auto& entries = json.at("backends");
  ASSERT_EQ(entries.size(), backends().size());
  for (std::size_t b = 0; b < entries.size(); ++b) {
    const BackendInfo& info = backends()[b];
    EXPECT_EQ(entries[b].at("name"), info.name);
    EXPECT_EQ(entries[b].at("description"), info.description);
    EXPECT_EQ(entries[b].at("simulates").at("loops"), info.capabilities.loops);
    ASSERT_EQ(entries[b].at("integrators").size(), info.integrators.size());
    for (std::size_t i = 0; i < info.integrators.size(); ++i)
      EXPECT_EQ(entries[b].at("integrators")[i].at("name"), info.integrators[i].integrator.name());
    std::size_t settings = 0;
    for (const SolverSetting& setting : info.settings) {
      ASSERT_LT(settings, entries[b].at("settings").size());
      EXPECT_EQ(entries[b].at("settings")[settings++].at("name"), setting.name);
    }
    EXPECT_EQ(entries[b].at("settings").size(), settings);
  }
}

TEST(CliManners, UnknownFlagsAndArgumentsOfBackendsAreErrors) {
  const CliResult flag = runCli({"backends", "--jsno"});
  EXPECT_EQ(flag.code, cli::kExitBadCommand);
  EXPECT_NE(flag.err.find("unknown flag '--jsno' for 'backends'"), std::string::npos) << flag.err;
  EXPECT_EQ(runCli({"backends", "redmax"}).code, cli::kExitBadCommand);
  EXPECT_EQ(runCli({"describe", kMannersScenes + "four_bar.json", "--jsno"}).code, cli::kExitBadCommand);
}

TEST(CliManners, DescribeJsonHasTheModelAndTheVerdicts) {
  const std::string scene = kMannersScenes + "four_bar.json";
  const Model model = loadScene(scene);
  const CliResult described = runCli({"describe", scene, "--json"});
  ASSERT_EQ(described.code, cli::kExitOk) << described.err;
  const nlohmann::json json = nlohmann::json::parse(described.out);
  EXPECT_EQ(json.at("name"), model.name);
  EXPECT_EQ(json.at("counts").at("bodies"), model.bodyCount());
  EXPECT_EQ(json.at("counts").at("loops"), model.loops.size());
  EXPECT_EQ(json.at("counts").at("dof"), model.nq);
  ASSERT_EQ(json.at("bodies").size(), model.bodies.size());
  ASSERT_EQ(json.at("joints").size(), model.joints.size());
  for (std::size_t i = 0; i < model.joints.size(); ++i) EXPECT_EQ(json.at("joints")[i].at("name"), model.joints[i].name);
  // The same verdicts as the text form: a back-end runs the scene there exactly when it does here.
  const CliResult text = runCli({"describe", scene});
  ASSERT_EQ(json.at("backends").size(), backends().size());
  for (const auto& verdict : json.at("backends")) {
    const std::string name = verdict.at("name");
    EXPECT_EQ(text.out.find("  " + name + ": runs this scene") != std::string::npos, verdict.at("runs").get<bool>())
        << name;
    EXPECT_EQ(verdict.at("refusal").is_null(), verdict.at("runs").get<bool>()) << name;
  }
}

TEST(CliManners, DescribeSummaryOfALargeChainIsShort) {
  const std::vector<std::string> args = {"describe", kMannersScenes + "chain.json", "--set", "n=500", "--summary"};
  const CliResult summary = runCli(args);
  ASSERT_EQ(summary.code, cli::kExitOk) << summary.err;
  EXPECT_NE(summary.out.find("500 bodies, 500 joints"), std::string::npos) << summary.out;
  EXPECT_NE(summary.out.find("joints by type: revolute 500"), std::string::npos) << summary.out;
  EXPECT_NE(summary.out.find("shapes by type: box 500"), std::string::npos) << summary.out;
  EXPECT_NE(summary.out.find("back-ends:"), std::string::npos) << summary.out;
  EXPECT_LT(textLineCount(summary.out), 40) << summary.out;
  const CliResult full = runCli({"describe", kMannersScenes + "chain.json", "--set", "n=500"});
  EXPECT_GT(textLineCount(full.out), 1000);

  std::vector<std::string> jsonArgs = args;
  jsonArgs.push_back("--json");
  const CliResult json = runCli(jsonArgs);
  ASSERT_EQ(json.code, cli::kExitOk) << json.err;
  const nlohmann::json document = nlohmann::json::parse(json.out);
  EXPECT_EQ(document.at("joint_types").at("revolute"), 500);
  EXPECT_EQ(document.at("counts").at("bodies"), 500);
  EXPECT_FALSE(document.contains("bodies"));
  EXPECT_TRUE(document.contains("backends"));
}

}  // namespace
}  // namespace articulab
