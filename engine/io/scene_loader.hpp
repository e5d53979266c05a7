// Loads the JSON scene format documented in README.md ("Scene format") into a Model.
// Units: metres, kilograms, seconds, radians.
#pragma once

#include <map>
#include <string>

#include "engine/io/scene_error.hpp"
#include "engine/multibody/model.hpp"

namespace articulab {

using ParameterOverrides = std::map<std::string, double>;

// Reads and validates a scene file; throws SceneError for every problem, never crashes.
Model loadScene(const std::string& path, const ParameterOverrides& overrides = {});
// Same for scene text already in memory; fileName is used in messages.
Model loadSceneFromString(const std::string& text, const std::string& fileName,
                          const ParameterOverrides& overrides = {});

}  // namespace articulab
