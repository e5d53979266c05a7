#include "app/gui/gui_app.hpp"

#include <spdlog/spdlog.h>

#include <iostream>

#include "app/gui/benchmark_mode.hpp"
#include "app/gui/script_runner.hpp"
#include "app/gui/workbench.hpp"

namespace articulab::gui {

namespace {

int runInteractive(Workbench& app) {
  std::string error;
  app.session().startThread();
  // A scene whose steps are estimated to be slow starts paused, its warning in view (Statistics).
  Snapshot start;
  app.session().snapshot(start);
  if (start.model && start.slowStepWarning.empty()) app.session().setRunning(true, error);
  while (!app.closeRequested()) app.renderFrame();
  app.stopSession();
  return 0;
}

int runScripted(Workbench& app, const std::vector<ScriptCommand>& commands, const std::string& path) {
  std::string error;
  ScriptRunner runner(app);
  if (!runner.run(commands, path, error)) {
    std::cerr << "articulab gui: " << error << std::endl;
    return 1;
  }
  std::cout << "script " << path << " completed" << std::endl;
  return 0;
}

// The window opens on the default scene when the one asked for does not load; the banner says why.
void openDefaultScene(Workbench& app, const GuiOptions& options, const std::string& error) {
  std::string defaultError;
  if (options.scenePath != options.defaultScenePath && app.openScene(options.defaultScenePath, {}, "", defaultError)) {
    app.showError("Could not open the scene; the app opened the default scene (" + options.defaultScenePath +
                  ") instead.\n" + error);
    return;
  }
  app.showError("Could not open the scene.\n" + error);
}

// Opened without a scene, the app shows what it is for: the default scene compared on two back-ends.
void showFirstLook(Workbench& app, const GuiOptions& options) {
  std::string error;
  if (!app.session().choices().addComparison(options.firstLookComparison, error)) {
    spdlog::warn("first look: could not add the comparison run {}: {}", options.firstLookComparison, error);
    return;
  }
  spdlog::info("first look: {} on its own back-end against {}; their energy and loop drift side by side "
               "(Compare in the controls to change, File > Open for another scene)",
               options.defaultScenePath, options.firstLookComparison);
}

}  // namespace

int runGui(const GuiOptions& options) {
  std::vector<ScriptCommand> commands;
  std::string error;
  if (!options.scriptPath.empty() && !loadScript(options.scriptPath, commands, error)) {
    std::cerr << "articulab gui: " << error << std::endl;
    return 1;
  }
  bool interactive = options.scriptPath.empty() && !options.benchmark;
  Workbench app(options);
  if (!app.init(interactive, error)) {
    std::cerr << "articulab gui: " << error << std::endl;
    return 1;
  }
  if (!options.scenePath.empty() && !app.openScene(options.scenePath, options.overrides, options.backend, error)) {
    if (!interactive) {
      std::cerr << "articulab gui: " << error << std::endl;
      return 1;
    }
    openDefaultScene(app, options, error);
  }
  if (interactive && !options.sceneNamed && error.empty()) showFirstLook(app, options);
  // With both, the script sets the session up (scene, overlays, panels) and the benchmark follows.
  if (!options.scriptPath.empty()) {
    int code = runScripted(app, commands, options.scriptPath);
    if (code != 0 || !options.benchmark) return code;
  }
  if (options.benchmark) return runBenchmark(app, options);
  return runInteractive(app);
}

}  // namespace articulab::gui
