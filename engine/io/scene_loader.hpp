// Loads the JSON scene format documented in README.md ("Scene format") into a Model.
// Units: metres, kilograms, seconds, radians.
#pragma once

#include <map>
#include <stdexcept>
#include <string>

#include "engine/io/scene_size.hpp"
#include "engine/multibody/model.hpp"

namespace articulab {

// A problem in a scene: the file, the JSON pointer of the offending field ("/joints/2/type")
// and what was expected. what() is "FILE: POINTER: MESSAGE".
class SceneError : public std::runtime_error {
 public:
  SceneError(std::string file, std::string pointer, std::string message);
  const std::string& file() const { return file_; }
  const std::string& pointer() const { return pointer_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_, pointer_, message_;
};

using ParameterOverrides = std::map<std::string, double>;

// Reads and validates a scene file; throws SceneError for every problem (an unreadable file, a
// model beyond the limits included), never crashes. Loading takes time linear in the size of
// the file and of the model.
Model loadScene(const std::string& path, const ParameterOverrides& overrides = {}, const SceneLimits& limits = {});
// Same for scene text already in memory; fileName is used in messages.
Model loadSceneFromString(const std::string& text, const std::string& fileName,
                          const ParameterOverrides& overrides = {}, const SceneLimits& limits = {});

}  // namespace articulab
