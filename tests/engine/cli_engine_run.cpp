#include "tests/engine/cli_engine_run.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>

#include "app/cli/commands.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab::test {

CliEngineRun fourBarCliAgainstEngine(const char* backend, Integrator integrator) {
  const std::string scene = kScenes + "four_bar.json";
  const std::string csv =
      (std::filesystem::temp_directory_path() / ("articulab_" + std::string(integrator.name()) + "_cli.csv")).string();
  std::ostringstream out, err;
  CliEngineRun run;
  const int code = cli::runCommand(
      {scene, "--integrator", integrator.name(), "--duration", "0.05", "--csv", csv}, out, err);
  EXPECT_EQ(code, 0) << err.str();
  run.printout = out.str();
  const Model model = loadScene(scene);
  const State state = stepFromStart(model, backend, SolverOptions{integrator}, 0.05, 50);
  run.energyGap = std::abs(lastCsvEnergyRow(csv).total - computeEnergy(model, state).total());
  return run;
}

}  // namespace articulab::test
