// Script commands of the plot panes: they act as the channel picker, the pane's remove button,
// scale chooser and export button, and the "panes CSV" button do.
#include "app/gui/channel_panes_ui.hpp"
#include "app/gui/script_runner.hpp"

namespace articulab::gui {

bool ScriptRunner::plotAdd(const ScriptCommand& c, std::string& error) {
  if (c.args.size() == 2 || (c.args.size() == 3 && c.args[1] != "vs")) {
    error = "plot-add takes CHANNEL or CHANNEL vs XCHANNEL";
    return false;
  }
  Snapshot current;
  app_.session().snapshot(current);
  if (!current.model) {
    error = "no scene is open";
    return false;
  }
  ChannelPanes& panes = app_.channelPanes();
  error = panes.add(panes.catalog(*current.model, current.modelVersion), c.args[0], c.args.size() == 3 ? c.args[2] : "");
  if (!error.empty()) return false;
  makeRoomForPanes(app_);
  return true;
}

namespace {

bool paneNumber(const ScriptCommand& c, long& number, std::string& error) {
  if (parseScriptInteger(c.args[0], number)) return true;
  error = c.name + ": expected a pane number, got '" + c.args[0] + "'";
  return false;
}

}  // namespace

bool ScriptRunner::plotRemove(const ScriptCommand& c, std::string& error) {
  long number = 0;
  if (!paneNumber(c, number, error)) return false;
  error = app_.channelPanes().remove(number);
  return error.empty();
}

bool ScriptRunner::plotScale(const ScriptCommand& c, std::string& error) {
  long number = 0;
  if (!paneNumber(c, number, error)) return false;
  error = app_.channelPanes().setScale(number, c.args[1]);
  return error.empty();
}

bool ScriptRunner::plotExport(const ScriptCommand& c, std::string& error) {
  long number = 0;
  return paneNumber(c, number, error) && exportPaneFigures(app_, number, c.args[1], error);
}

bool ScriptRunner::exportChannels(const ScriptCommand& c, std::string& error) {
  return exportPaneChannels(app_, c.args[0], error);
}

}  // namespace articulab::gui
