// What the app remembers between interactive sessions besides the recent scenes: the panel
// layout's shares and the UI scale, as "key value" lines in the user's configuration directory
// ($XDG_CONFIG_HOME/articulab/preferences.txt, or ~/.config/articulab/preferences.txt). Scripted
// sessions neither read nor write it, so that what they draw does not depend on the user.
#pragma once

#include <string>

#include "app/gui/ui_state.hpp"

namespace articulab::gui {

// $XDG_CONFIG_HOME/articulab/NAME, or ~/.config/articulab/NAME; empty when neither variable is set.
std::string configFilePath(const std::string& name);

struct Preferences {
  float columnShare = PanelLayout{}.columnShare;  // column_share: of the window's width
  float plotsShare = PanelLayout{}.plotsShare;    // plots_share: of the height below the menu bar
  float uiScale = 0.0f;                           // ui_scale: 0 is the monitor's content scale
  bool operator==(const Preferences&) const = default;
};

// The preferences in `path`; a missing file gives the defaults. A line that does not parse, an
// unknown key or a value out of range keeps that default, and `warning` names the file, line,
// key and the values expected (empty when all was read).
Preferences readPreferences(const std::string& path, std::string& warning);
// False with the reason when the file cannot be written (its directory is made first).
bool writePreferences(const std::string& path, const Preferences& preferences, std::string& error);

// From and into the panels' state.
Preferences preferencesOf(const UiState& ui);
void applyPreferences(const Preferences& preferences, UiState& ui);

}  // namespace articulab::gui
