// Loads the JSON scene format documented in README.md ("Scene format") into a Model.
// Units: metres, kilograms, seconds, radians.
#pragma once

#include <map>
#include <string>

#include "engine/io/scene_error.hpp"
#include "engine/io/scene_size.hpp"
#include "engine/multibody/model.hpp"

namespace articulab {

using ParameterOverrides = std::map<std::string, double>;

// Reads and validates a scene file; throws SceneError for every problem (an unreadable file, a
// model beyond the limits included), never crashes. Loading takes time linear in the size of
// the file and of the model.
Model loadScene(const std::string& path, const ParameterOverrides& overrides = {}, const SceneLimits& limits = {});
// Same for scene text already in memory; fileName is used in messages.
Model loadSceneFromString(const std::string& text, const std::string& fileName,
                          const ParameterOverrides& overrides = {}, const SceneLimits& limits = {});

}  // namespace articulab
