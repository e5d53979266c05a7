// articulab: the interactive app and the command line in one executable.
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/commands.hpp"
#include "engine/io/scene_loader.hpp"
#ifdef ARTICULAB_HAS_GUI
#include "app/cli/arguments.hpp"
#include "app/gui/gui_app.hpp"
#endif

namespace {

#ifdef ARTICULAB_HAS_GUI
articulab::gui::GuiOptions parseGuiOptions(const std::vector<std::string>& args) {
  using namespace articulab::cli;
  articulab::gui::GuiOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--set") parseOverride(flagValue(args, i), o.overrides);
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
  if (o.scenePath.empty()) o.scenePath = std::string(ARTICULAB_SOURCE_DIR) + "/scenes/double_pendulum.json";
  return o;
}
#endif

int dispatch(const std::vector<std::string>& args) {
  using namespace articulab::cli;
  const std::string command = args.empty() ? "gui" : args[0];
  const std::vector<std::string> rest(args.begin() + (args.empty() ? 0 : 1), args.end());
  if (command == "run") return runCommand(rest, std::cout, std::cerr);
  if (command == "describe") return describeCommand(rest, std::cout, std::cerr);
  if (command == "backends") return backendsCommand(std::cout);
  if (command == "--help" || command == "-h" || command == "help") {
    printUsage(std::cout);
    return 0;
  }
  const bool gui = command == "gui" || command.rfind("--", 0) == 0 || command.ends_with(".json");
  if (!gui) throw UsageError("unknown command '" + command + "' (expected gui, run, describe or backends)");
#ifdef ARTICULAB_HAS_GUI
  return articulab::gui::runGui(parseGuiOptions(command == "gui" ? rest : args));
#else
  std::cerr << "this build has no GUI (configured with -DARTICULAB_GUI=OFF); use 'articulab run SCENE'\n";
  return 4;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return dispatch(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const articulab::SceneError& e) {
    std::cerr << "scene error: " << e.what() << '\n';
    return 1;
  } catch (const articulab::cli::UsageError& e) {
    std::cerr << "articulab: " << e.what() << "\n(run 'articulab --help' for usage)\n";
    return 2;
  }
}
