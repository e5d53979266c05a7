// Text to JSON for scene files: comments allowed, duplicate keys and syntax errors reported
// as SceneError with their position.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace articulab::scene_io {

using Json = nlohmann::json;

// A key as one JSON pointer token: "~" becomes "~0" and "/" becomes "~1" (RFC 6901).
std::string pointerToken(const std::string& key);

// Reads the whole file; throws SceneError when it is missing or unreadable.
std::string readSceneText(const std::string& path);
// Parses scene text; throws SceneError on a syntax error (with line and column), on a number
// out of range and on a key repeated inside one object.
Json parseSceneJson(const std::string& text, const std::string& file);

}  // namespace articulab::scene_io
