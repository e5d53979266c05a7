// The command line in-process: exit codes, error messages naming the flag, the CSV it writes
// and its energy column against an independent run of the engine.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/cli/commands.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab {
namespace {

const std::string kCliScenes = ARTICULAB_SOURCE_DIR "/scenes/";

struct Result {
  int code = 0;
  std::string out, err, usageError;
};

Result run(const std::vector<std::string>& args) {
  Result r;
  std::ostringstream out, err;
  try {
    r.code = cli::runCommand(args, out, err);
  } catch (const cli::UsageError& e) {
    r.code = 2;
    r.usageError = e.what();
  }
  r.out = out.str();
  r.err = err.str();
  return r;
}

TEST(Cli, BadFlagsNameTheFlagAndTheExpectedValue) {
  const std::string scene = kCliScenes + "double_pendulum.json";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{scene, "--dt", "-1"}, "--dt: expected a number > 0"},
      {{scene, "--dt", "abc"}, "--dt: expected a finite number, got 'abc'"},
      {{scene, "--duration"}, "flag --duration needs a value"},
      {{scene, "--integrator", "euler"}, "--integrator: unknown integrator 'euler'"},
      {{scene, "--backend", "bullet"}, "--backend: unknown back-end 'bullet'"},
      {{scene, "--frobnicate"}, "unknown flag '--frobnicate'"},
      {{scene, "--record", "q,tau"}, "--record: unknown column set 'tau'"},
      {{scene, "--q0", "0.1,0.2,0.3"}, "--q0: expected 2 values"},
      {{scene, "--every", "1.5"}, "--every: expected a positive integer"},
      {{scene, "--set", "n"}, "--set: expected NAME=VALUE"},
      {{}, "'run' needs a scene file"},
  };
  for (const auto& [args, message] : cases) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 2) << message;
    EXPECT_NE(r.usageError.find(message), std::string::npos) << "got: " << r.usageError;
  }
}

TEST(Cli, AnUnknownSceneParameterIsASceneError) {
  EXPECT_THROW(run({kCliScenes + "chain.json", "--set", "links=5"}), SceneError);
  EXPECT_THROW(run({kCliScenes + "no_such_scene.json"}), SceneError);
}

TEST(Cli, RunWritesTheSeriesOfAnIndependentEngineRun) {
  const std::string csv = (std::filesystem::temp_directory_path() / "articulab_cli_test.csv").string();
  const Result r = run({kCliScenes + "chain.json", "--set", "n=3", "--integrator", "rk4", "--dt", "0.002", "--duration",
                        "0.1", "--q0", "0.2,-0.1,0.4", "--record", "q,qd,qdd", "--csv", csv});
  ASSERT_EQ(r.code, 0) << r.err << r.usageError;
  EXPECT_NE(r.out.find("steps       50"), std::string::npos) << r.out;

  // The same run through the engine API: the total energy column must match to the digit.
  Model model = loadScene(kCliScenes + "chain.json", {{"n", 3}});
  model.q0 << 0.2, -0.1, 0.4;
  auto solver = findBackend("redmax")->create(model, SolverOptions{Integrator::RK4});
  State state = makeInitialState(model);
  std::ifstream file(csv);
  std::string line;
  std::getline(file, line);
  EXPECT_EQ(line.rfind("t [s],kinetic [J],potential [J],total [J],drift_position [m]", 0), 0u) << line;
  EXPECT_NE(line.find("qdd_link2_joint_0 [rad/s^2]"), std::string::npos) << line;
  int rows = 0;
  while (std::getline(file, line)) {
    std::stringstream cells(line);
    std::string t, kinetic, potential, total;
    std::getline(cells, t, ',');
    std::getline(cells, kinetic, ',');
    std::getline(cells, potential, ',');
    std::getline(cells, total, ',');
    EXPECT_NEAR(std::stod(total), computeEnergy(model, state).total(), 1e-12) << "row " << rows;
    EXPECT_NEAR(std::stod(t), state.t, 1e-12);
    ASSERT_TRUE(solver->step(model, state, 0.002).ok);
    ++rows;
  }
  EXPECT_EQ(rows, 51);
  std::filesystem::remove(csv);
}

// The stiff chain (k = 1e5 N m/rad, h = 10 ms) that semi-implicit Euler blows up runs to the
// end with its springs implicit, on both reduced back-ends.
TEST(Cli, ImplicitSpringsRunTheStiffChainThatSemiImplicitEulerLoses) {
  const std::string scene = ARTICULAB_SOURCE_DIR "/tests/gui/data/diverging_chain.json";
  EXPECT_EQ(run({scene, "--duration", "1"}).code, 3);
  for (const char* backend : {"recursive", "redmax"}) {
    const Result r = run({scene, "--backend", backend, "--integrator", "implicit-springs", "--duration", "1"});
    EXPECT_EQ(r.code, 0) << backend << ": " << r.err << r.usageError;
    EXPECT_NE(r.out.find("implicit-springs"), std::string::npos) << r.out;
  }
}

// The back-end's warnings concern the integrator of the run, not the scene's default.
TEST(Cli, WarningsNameTheIntegratorOfTheRun) {
  const std::string scene = ARTICULAB_SOURCE_DIR "/tests/gui/data/four_bar_implicit.json";  // default "implicit"
  const Result implicit = run({scene, "--backend", "baraff", "--duration", "0.01"});
  EXPECT_NE(implicit.err.find("integrator 'implicit' is not used"), std::string::npos) << implicit.err;
  const Result semi = run({scene, "--backend", "baraff", "--integrator", "semi-implicit", "--duration", "0.01"});
  EXPECT_EQ(semi.code, 0) << semi.err;
  EXPECT_EQ(semi.err.find("is not used"), std::string::npos) << semi.err;
}

TEST(Cli, ADivergingRunExitsWithCodeThreeAndSaysWhere) {
  const Result r = run({ARTICULAB_SOURCE_DIR "/tests/gui/data/diverging_chain.json"});
  EXPECT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_NE(r.err.find("simulation diverged: redmax"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("at step"), std::string::npos) << r.err;
}

TEST(Cli, DescribeListsBodiesJointsDofAndBackends) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::describeCommand({kCliScenes + "four_bar.json"}, out, err), 0);
  const std::string text = out.str();
  for (const char* expected : {"3 bodies", "1 loop constraints", "DOF", "recursive: cannot run this scene", "baraff: runs"})
    EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
}

// An integrator the back-end does not offer is refused (exit 2) with the ones it has; never
// replaced.
TEST(Cli, AnIntegratorTheBackEndDoesNotOfferIsRefused) {
  const Result r = run({kCliScenes + "four_bar.json", "--backend", "baraff", "--integrator", "implicit"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.usageError,
            "--integrator: back-end 'baraff' does not offer the integrator 'implicit'; it offers: semi-implicit, rk4");
  EXPECT_EQ(r.out, "");
  const Result rk4 = run({kCliScenes + "falling_chain.json", "--integrator", "rk4", "--duration", "0.01"});
  EXPECT_EQ(rk4.code, 2);
  EXPECT_NE(rk4.usageError.find("'rk4' is not available"), std::string::npos) << rk4.usageError;
}

TEST(Cli, BackendsAndUsageListEachBackEndsIntegrators) {
  std::ostringstream backends, usage;
  ASSERT_EQ(cli::backendsCommand(backends), 0);
  cli::printUsage(usage);
  for (const BackendInfo& info : articulab::backends()) {
    EXPECT_NE(backends.str().find(info.name + ": "), std::string::npos);
    EXPECT_NE(usage.str().find(info.name + ": " + integratorListNames(info.integrators)), std::string::npos) << usage.str();
    for (const IntegratorInfo& integrator : info.integrators)
      EXPECT_NE(backends.str().find(integrator.description), std::string::npos) << integrator.integrator.name();
    for (const SolverSetting& setting : info.settings)
      EXPECT_NE(backends.str().find(setting.name), std::string::npos) << setting.name;
  }
  std::ostringstream out, err;
  ASSERT_EQ(cli::describeCommand({kCliScenes + "falling_chain.json"}, out, err), 0);
  EXPECT_NE(out.str().find("rk4 (not on this scene)"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace articulab
