// articulab: the interactive app and the command line in one executable.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/commands.hpp"
#include "app/cli/dispatch.hpp"
#include "app/cli/last_resort.hpp"
#include "engine/io/model_loader.hpp"
#ifdef ARTICULAB_HAS_GUI
#include <GLFW/glfw3.h>

#include "app/cli/arguments.hpp"
#include "app/gui/gui_app.hpp"
#include "app/gui/workbench.hpp"
#include "app/video/record_command.hpp"
#endif

namespace {

#ifdef ARTICULAB_HAS_GUI
articulab::gui::GuiOptions parseGuiOptions(const std::vector<std::string>& args) {
  using namespace articulab::cli;
  articulab::gui::GuiOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--set") parseOverride(flagValue(args, i), o.overrides);
    else if (a == "--max-bodies") o.sceneLimits.maxBodies = parseMaxBodies(flagValue(args, i));
    else if (a == "--backend") o.backend = flagValue(args, i);
    else if (a == "--script") o.scriptPath = flagValue(args, i);
    else if (a == "--benchmark-frames") {
      o.benchmark = true;
      o.benchmarkFrames = static_cast<int>(parseCount(a, flagValue(args, i)));
    } else if (a == "--benchmark-output") o.benchmarkOutput = flagValue(args, i);
    else if (a == "--size") {
      const std::string& size = flagValue(args, i);
      const std::size_t x = size.find('x');
      if (x == std::string::npos) throw UsageError("--size: expected WIDTHxHEIGHT, e.g. 1280x720, got '" + size + "'");
      o.width = static_cast<int>(parseCount(a, size.substr(0, x)));
      o.height = static_cast<int>(parseCount(a, size.substr(x + 1)));
    } else if (a.rfind("--", 0) == 0) throw UsageError("unknown flag '" + a + "' for 'gui' (see articulab --help)");
    else if (o.scenePath.empty()) o.scenePath = a;
    else throw UsageError("unexpected argument '" + a + "': the app opens one scene file");
  }
  if (o.scenePath.empty()) {
    o.scenePath = o.defaultScenePath;
    o.sceneNamed = false;
  }
  return o;
}

// The app's window, hidden, for articulab record to draw the session in.
std::unique_ptr<articulab::video::SessionWindow> hiddenWindow(int width, int height) {
  articulab::gui::GuiOptions options;
  options.width = width;
  options.height = height;
  options.hiddenWindow = true;
  return std::make_unique<articulab::gui::Workbench>(options);
}

// Whether a window can be opened: GLFW initialises only when it reaches a display.
bool displayAvailable() {
  glfwSetErrorCallback(nullptr);
  if (!glfwInit()) return false;
  glfwTerminate();
  return true;
}

// The app and record: each needs a display to draw on.
articulab::cli::WindowCommands windowCommands() {
  using namespace articulab::cli;
  WindowCommands window;
  window.record = [](const std::vector<std::string>& args) {
    if (!displayAvailable()) {
      std::cerr << "articulab record: no display to draw on (DISPLAY is unset or its X server cannot be reached); "
                   "run it under xvfb-run -a -s \"-screen 0 1920x1080x24\" articulab record ...\n";
      return static_cast<int>(kExitNoGui);
    }
    return articulab::video::recordCommand(args, std::cout, std::cerr, hiddenWindow);
  };
  window.gui = [](const std::vector<std::string>& args) {
    const articulab::gui::GuiOptions options = parseGuiOptions(args);
    if (!displayAvailable()) {
      std::cerr << "articulab: no display to open the window on (DISPLAY is unset or its X server cannot be reached); "
                   "run the app under xvfb-run, or run the scene headless with 'articulab run SCENE'\n";
      return static_cast<int>(kExitNoGui);
    }
    return articulab::gui::runGui(options);
  };
  return window;
}
#else
articulab::cli::WindowCommands windowCommands() { return {}; }
#endif

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  return articulab::cli::runGuarded(
      [&] { return articulab::cli::dispatchCommand(args, std::cout, std::cerr, windowCommands()); }, std::cerr);
}
