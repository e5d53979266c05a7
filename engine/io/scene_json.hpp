// Text to JSON for scene files: comments allowed; syntax errors, numbers beyond the range of a
// double, keys repeated inside one object and documents too large for memory reported as
// SceneError with their position. Linear in the length of the text.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/io/scene_size.hpp"

namespace articulab::scene_io {

using Json = nlohmann::json;

// A key as one JSON pointer token: "~" becomes "~0" and "/" becomes "~1" (RFC 6901).
std::string pointerToken(const std::string& key);

// Reads the whole file; throws SceneError naming the file and the reason (the system's) when it
// is missing, not a regular file, unreadable, or larger than the limits' memory.
std::string readSceneText(const std::string& path, const SceneLimits& limits);
// Parses scene text; throws SceneError on a syntax error (with line and column), on a number
// that overflows or underflows a double, on a key repeated inside one object, on nesting
// deeper than 64 levels and on a document that needs more than the limits' memory.
Json parseSceneJson(const std::string& text, const std::string& file, const SceneLimits& limits);

}  // namespace articulab::scene_io
