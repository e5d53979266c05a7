// A problem in a scene: the file, the JSON pointer of the offending field ("/joints/2/type")
// and what was expected. Thrown by the loader and by the checks of a scene's choices where a
// run is created (validateSceneChoices, engine/solvers/registry.hpp).
#pragma once

#include <stdexcept>
#include <string>

namespace articulab {

// what() is "FILE: POINTER: MESSAGE".
class SceneError : public std::runtime_error {
 public:
  SceneError(std::string file, std::string pointer, std::string message);
  const std::string& file() const { return file_; }
  const std::string& pointer() const { return pointer_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_, pointer_, message_;
};

}  // namespace articulab
