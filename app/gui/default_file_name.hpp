// Default names of the files the app writes: the scene's name made file-safe and the local time.
#pragma once

#include <string>

namespace articulab::gui {

// SCENE_YYYYMMDD-HHMMSS followed by extension (".mp4", or "" for a base path): letters, digits and
// '-' of the scene name kept, every other character '_'; "articulab" for an empty name.
std::string timestampedFileName(const std::string& sceneName, const std::string& extension);
// SCENE_edited.json for File > Save scene as (SCENE made file-safe as above; a name that already
// ends in _edited is kept as it is).
std::string editedSceneFileName(const std::string& sceneName);

}  // namespace articulab::gui
