// The scene files of a directory with their names, for the scene browser.
#pragma once

#include <string>
#include <vector>

#include "app/gui/ui_state.hpp"

namespace articulab::gui {

// Every *.json file of dir, sorted by file name; each is loaded to read its name and to tell
// whether it loads at all (the loader's message is kept as the description when it does not).
std::vector<SceneEntry> listScenes(const std::string& dir);
// The scene browser's search: whether every word of `query` (any case) is in the scene's name,
// description or file name. An empty query matches every scene.
bool sceneMatches(const SceneEntry& scene, const std::string& query);

}  // namespace articulab::gui
