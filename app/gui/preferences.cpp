#include "app/gui/preferences.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "app/gui/panel_geometry.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace fs = std::filesystem;

namespace {

struct PreferenceKey {
  const char* name;
  float Preferences::*field;
  float lo, hi;         // the accepted range
  const char* expected;  // for the warning
};

constexpr PreferenceKey kPreferenceKeys[] = {
    {"column_share", &Preferences::columnShare, 0.05f, kMaxColumnShare, "a share of the window's width in [0.05, 0.45]"},
    {"plots_share", &Preferences::plotsShare, 0.05f, 0.95f, "a share of the window's height in [0.05, 0.95]"},
    {"ui_scale", &Preferences::uiScale, 0.0f, kMaxUiScale, "0 (the monitor's) or a scale in [0.5, 3]"},
};

// One "key value" line into `into`; false when it is not one of kPreferenceKeys with a value in range.
bool readPreferenceLine(const std::string& line, Preferences& into, std::string& problem) {
  std::istringstream words(line);
  std::string key;
  float value = 0.0f;
  words >> key;
  for (const PreferenceKey& known : kPreferenceKeys) {
    if (key != known.name) continue;
    std::string rest;
    const bool valid = (words >> value) && !(words >> rest) && value >= known.lo && value <= known.hi &&
                       !(known.field == &Preferences::uiScale && value > 0.0f && value < kMinUiScale);
    if (valid) into.*known.field = value;
    else problem = std::string(known.name) + ": expected " + known.expected;
    return valid;
  }
  problem = "unknown key '" + key + "' (expected column_share, plots_share or ui_scale)";
  return false;
}

}  // namespace

std::string configFilePath(const std::string& name) {
  const char* config = std::getenv("XDG_CONFIG_HOME");
  if (config && *config) return (fs::path(config) / "articulab" / name).string();
  const char* home = std::getenv("HOME");
  if (home && *home) return (fs::path(home) / ".config" / "articulab" / name).string();
  return "";
}

Preferences readPreferences(const std::string& path, std::string& warning) {
  Preferences preferences;
  warning.clear();
  if (path.empty()) return preferences;
  std::ifstream in(path);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    std::string problem;
    if (!readPreferenceLine(line, preferences, problem) && warning.empty())
      warning = path + ":" + std::to_string(number) + ": " + problem + "; the default is kept";
  }
  return preferences;
}

bool writePreferences(const std::string& path, const Preferences& preferences, std::string& error) {
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  std::ofstream out(path, std::ios::trunc);
  out.precision(9);  // a float's every digit: the shares read back as written
  out << "# articulab preferences (View menu, the panels' drag handles)\n";
  for (const PreferenceKey& key : kPreferenceKeys) out << key.name << ' ' << preferences.*key.field << '\n';
  out.close();
  if (out) return true;
  error = "the preferences could not be written to " + path;
  return false;
}

Preferences preferencesOf(const UiState& ui) { return {ui.layout.columnShare, ui.layout.plotsShare, ui.uiScale}; }

void applyPreferences(const Preferences& preferences, UiState& ui) {
  ui.layout.columnShare = preferences.columnShare;
  ui.layout.plotsShare = preferences.plotsShare;
  ui.layout.columnWidth = ui.layout.fittedColumnWidth = -1.0f;  // the next fit takes the shares
  ui.layout.plotsHeight = ui.layout.fittedPlotsHeight = -1.0f;
  ui.uiScale = preferences.uiScale;
}

}  // namespace articulab::gui
