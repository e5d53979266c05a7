// The app's session runs a scene as `articulab run` does (issue 29): the same scene, back-end,
// integrator, step size and back-end setting through the command line's run and through a
// headless Session (scene opened, choices made in the session, the `--record` channel groups
// recorded every k steps by Run::record, written by the recorder's CSV writer) give CSV files
// equal byte for byte, for a scene of each back-end.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/session/session.hpp"

namespace articulab::session {
namespace {

struct AgreementCase {
  std::string scene;  // in scenes/
  std::vector<std::string> parameters;  // --set NAME=VALUE
  std::string backend, integrator, dt, duration;
  std::string setting;  // --setting NAME=VALUE
  std::string groups;   // --record
  long every;
};

std::string fileText(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// The CSV of `articulab run` with the case's flags.
std::string cliCsv(const AgreementCase& c, const std::string& scene) {
  const std::string path = ::testing::TempDir() + "cli_agreement_" + c.backend + ".csv";
  std::vector<std::string> args = {scene, "--backend", c.backend, "--integrator", c.integrator, "--dt", c.dt,
                                   "--duration", c.duration, "--setting", c.setting, "--record", c.groups,
                                   "--every", std::to_string(c.every), "--csv", path};
  for (const std::string& parameter : c.parameters) args.insert(args.end(), {"--set", parameter});
  std::ostringstream out, err;
  EXPECT_EQ(cli::runCommand(args, out, err), 0) << err.str();
  return fileText(path);
}

// The same run in a session, with the choices made as the app makes them.
std::string sessionCsv(const AgreementCase& c, const std::string& scene) {
  ParameterOverrides overrides;
  for (const std::string& parameter : c.parameters) cli::parseOverride(parameter, overrides);
  Session session;
  std::string error;
  EXPECT_TRUE(session.scenes().load(scene, overrides, c.backend, error)) << error;
  EXPECT_EQ(session.choices().setIntegrator(c.integrator), "");
  EXPECT_TRUE(session.choices().setStepSize(std::stod(c.dt), error)) << error;
  const std::size_t eq = c.setting.find('=');
  EXPECT_EQ(session.edits().solverSetting(c.setting.substr(0, eq), c.setting.substr(eq + 1)), "");
  RecorderColumns columns;
  std::stringstream groups(c.groups);
  for (std::string group; std::getline(groups, group, ',');) columns.groups.push_back(group);
  EXPECT_EQ(session.recordRun(columns, c.every), "");
  EXPECT_TRUE(session.advance(std::lround(std::stod(c.duration) / std::stod(c.dt)), error)) << error;
  std::ostringstream csv;
  EXPECT_TRUE(session.writeRunRecording(csv, error)) << error;
  return csv.str();
}

class CliAgreement : public ::testing::TestWithParam<AgreementCase> {};

TEST_P(CliAgreement, TheSessionWritesTheCsvOfTheCommandLineBitForBit) {
  const AgreementCase& c = GetParam();
  const std::string scene = ARTICULAB_SOURCE_DIR "/scenes/" + c.scene;
  const std::string cli = cliCsv(c, scene), session = sessionCsv(c, scene);
  const long rows = std::count(cli.begin(), cli.end(), '\n') - 1;
  EXPECT_GE(rows, std::lround(std::stod(c.duration) / std::stod(c.dt)) / c.every) << "the CLI ran the whole duration";
  EXPECT_EQ(session, cli);
}

INSTANTIATE_TEST_SUITE_P(
    EachBackEnd, CliAgreement,
    ::testing::Values(
        AgreementCase{"falling_chain.json", {}, "baraff", "semi-implicit", "0.001", "0.4", "sp-iterations=40",
                      "q,qd,solver,contacts", 4},
        AgreementCase{"four_bar.json", {}, "redmax", "implicit", "0.001", "0.3", "projection-iterations=12",
                      "q,qd,loop_drift,solver", 5},
        AgreementCase{"arm_flexors.json", {}, "recursive", "implicit", "0.001", "0.3", "gmres-tolerance=1e-12",
                      "q,qd,qdd,solver", 2},
        AgreementCase{"four_bar.json", {}, "variational-maximal", "variational-trapezoid", "0.001", "0.3",
                      "newton-tolerance=1e-11", "q,qd,loop_drift", 3},
        AgreementCase{"chain.json", {"n=5"}, "variational-minimal", "variational-midpoint", "0.002", "0.4",
                      "anderson-memory=3", "q,qd,qdd", 1}),
    [](const ::testing::TestParamInfo<AgreementCase>& info) {
      std::string name;
      for (char ch : info.param.backend) name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
      return name;
    });

}  // namespace
}  // namespace articulab::session
