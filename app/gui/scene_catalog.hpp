// The scene files of a directory with their names, for the scene panel.
#pragma once

#include <string>
#include <vector>

#include "app/gui/ui_state.hpp"

namespace articulab::gui {

// Every *.json file of dir, sorted by file name; each is loaded to read its name and to tell
// whether it loads at all (the loader's message is kept as the description when it does not).
std::vector<SceneEntry> listScenes(const std::string& dir);

}  // namespace articulab::gui
