// Script commands of the file dialog and the recent scenes: they drive the same FileBrowser and
// Workbench::acceptBrowser as the dialog's buttons, with a frame drawn after each so that a
// screenshot shows the dialog.
#include <iostream>

#include "app/gui/script_runner.hpp"

namespace articulab::gui {

bool ScriptRunner::browse(const ScriptCommand& c, std::string& error) {
  FileBrowser& browser = app_.ui().browser;
  const std::string& action = c.args[0];
  const std::string argument = c.args.size() > 1 ? c.args[1] : "";
  bool ok = true;
  if (action == "open" || action == "export" || action == "save") {
    const BrowseMode mode =
        action == "open" ? BrowseMode::OpenScene : action == "save" ? BrowseMode::SaveScene : BrowseMode::ExportPlots;
    app_.openBrowser(mode, argument);
  } else if (!browser.isOpen()) {
    error = "the file dialog is not open (browse open|export first)";
    return false;
  } else if (action == "enter" && !argument.empty()) {
    ok = browser.enter(argument);
    error = browser.error();
  } else if (action == "name" && !argument.empty()) {
    browser.name = argument;
  } else if (action == "ok" && argument.empty()) {
    ok = app_.acceptBrowser(false, error);
  } else if (action == "cancel" && argument.empty()) {
    browser.close();
  } else {
    error = "expected open [DIR], export [DIR], save [DIR], enter NAME, name NAME, ok or cancel (got '" + action + "')";
    return false;
  }
  app_.ui().browserShown.clear();  // the dialog's fields show the model's state
  app_.renderFrame();
  if (ok && browser.isOpen()) std::cout << "browse: " << browser.directory() << " (" << browser.entries().size() << " entries)" << std::endl;
  return ok;
}

bool ScriptRunner::saveScene(const ScriptCommand& c, std::string& error) {
  if (c.args.size() > 1 && c.args[1] != "pose") {
    error = "expected FILE [pose] (got '" + c.args[1] + "')";
    return false;
  }
  if (!app_.saveSceneAs(c.args[0], c.args.size() > 1, error)) return false;
  app_.renderFrame();
  std::cout << "save-scene: " << app_.ui().exportStatus << std::endl;
  return true;
}

bool ScriptRunner::recent(const ScriptCommand&, std::string&) {
  const std::vector<std::string>& files = app_.recentFiles().files();
  std::cout << "recent scenes (" << files.size() << "):" << std::endl;
  for (std::size_t i = 0; i < files.size(); ++i) std::cout << "recent " << i + 1 << ": " << files[i] << std::endl;
  return true;
}

}  // namespace articulab::gui
