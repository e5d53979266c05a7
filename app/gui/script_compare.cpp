// Script commands of the comparison runs (docs/app.md, "Scripted sessions").
#include <spdlog/spdlog.h>

#include <cmath>
#include <cstdlib>

#include "app/gui/script_runner.hpp"

namespace articulab::gui {

namespace {

// A whole number in [0, count) for a run's place; false with the reason.
bool runPlace(const std::string& text, std::size_t first, std::size_t count, std::size_t& place, std::string& error) {
  char* end = nullptr;
  const long value = std::strtol(text.c_str(), &end, 10);
  if (end == text.c_str() || *end != '\0' || value < static_cast<long>(first) || value >= static_cast<long>(count)) {
    error = "no run '" + text + "' (expected " +
            (count > first ? std::to_string(first) + "-" + std::to_string(count - 1) : std::string("none: no comparison runs")) +
            ")";
    return false;
  }
  place = static_cast<std::size_t>(value);
  return true;
}

}  // namespace

RunView* ScriptRunner::comparisonView(const std::string& text, bool main, std::string& error) {
  Snapshot current;
  app_.session().snapshot(current);
  std::size_t place = 0;
  if (!runPlace(text, main ? 0 : 1, current.comparisons.size() + 1, place, error)) return nullptr;
  return &app_.runView(place == 0 ? 0 : current.comparisons[place - 1].id, place);
}

bool ScriptRunner::compareAdd(const ScriptCommand& c, std::string& error) {
  return app_.session().choices().addComparison(c.args[0], error);
}

bool ScriptRunner::compareRemove(const ScriptCommand& c, std::string& error) {
  Snapshot current;
  app_.session().snapshot(current);
  std::size_t place = 0;
  return runPlace(c.args[0], 1, current.comparisons.size() + 1, place, error) &&
         app_.session().choices().removeComparison(place - 1, error);
}

bool ScriptRunner::compareMute(const ScriptCommand& c, std::string& error) {
  RunView* view = comparisonView(c.args[0], false, error);
  return view && onOff(c.args[1], view->muted, error);
}

bool ScriptRunner::compareGhost(const ScriptCommand& c, std::string& error) {
  RunView* view = comparisonView(c.args[0], false, error);
  return view && onOff(c.args[1], view->ghost, error);
}

bool ScriptRunner::compareColour(const ScriptCommand& c, std::string& error) {
  RunView* view = comparisonView(c.args[0], true, error);
  if (!view) return false;
  float rgb[3];
  for (int k = 0; k < 3; ++k) {
    char* end = nullptr;
    const double v = std::strtod(c.args[1 + k].c_str(), &end);
    if (end == c.args[1 + k].c_str() || *end != '\0' || !(v >= 0.0 && v <= 1.0)) {
      error = "colour component '" + c.args[1 + k] + "' is not a number in [0, 1]";
      return false;
    }
    rgb[k] = static_cast<float>(v);
  }
  view->colour = {rgb[0], rgb[1], rgb[2]};
  return true;
}

bool ScriptRunner::compareReference(const ScriptCommand& c, std::string& error) {
  Snapshot current;
  app_.session().snapshot(current);
  std::size_t place = 0;
  return runPlace(c.args[0], 0, current.comparisons.size() + 1, place, error) &&
         app_.session().choices().setReference(place, error);
}

bool ScriptRunner::energyView(const ScriptCommand& c, std::string& error) {
  UiState& ui = app_.ui();
  if (!parseEnergyView(c.args[0], ui.energyView)) {
    error = "unknown energy view '" + c.args[0] + "' (expected absolute, change or relative)";
    return false;
  }
  ui.energyViewChosen = true;
  return true;
}

bool ScriptRunner::exportComparison(const ScriptCommand& c, std::string& error) {
  return app_.exportComparisonCsv(c.args[0], error);
}

}  // namespace articulab::gui
