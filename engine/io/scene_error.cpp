#include "engine/io/scene_error.hpp"

namespace articulab {

SceneError::SceneError(std::string file, std::string pointer, std::string message)
    : std::runtime_error(file + ": " + (pointer.empty() ? "" : pointer + ": ") + message),
      file_(std::move(file)),
      pointer_(std::move(pointer)),
      message_(std::move(message)) {}

}  // namespace articulab
