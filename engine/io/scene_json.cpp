#include "engine/io/scene_json.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <vector>

#include "engine/io/scene_loader.hpp"

namespace articulab::scene_io {

namespace {

// Follows the parser's events to know the JSON pointer of each key, so that a key repeated
// in one object (which plain JSON parsing silently keeps the last of) is reported.
class DuplicateKeyCheck {
 public:
  explicit DuplicateKeyCheck(const std::string& file) : file_(file) {}

  void onEvent(Json::parse_event_t event, const Json& parsed) {
    switch (event) {
      case Json::parse_event_t::object_start: frames_.push_back({false, 0, {}, {}}); break;
      case Json::parse_event_t::array_start: frames_.push_back({true, 0, {}, {}}); break;
      case Json::parse_event_t::key: onKey(parsed.get<std::string>()); break;
      case Json::parse_event_t::object_end:
      case Json::parse_event_t::array_end:
        frames_.pop_back();
        advanceArray();
        break;
      case Json::parse_event_t::value: advanceArray(); break;
    }
  }

 private:
  struct Frame {
    bool isArray;
    std::size_t index;
    std::set<std::string> keys;
    std::string key;
  };

  void onKey(const std::string& key) {
    Frame& frame = frames_.back();
    frame.key = key;
    if (!frame.keys.insert(key).second)
      throw SceneError(file_, pointer(), "key \"" + key + "\" appears twice in the same object");
  }

  void advanceArray() {
    if (!frames_.empty() && frames_.back().isArray) ++frames_.back().index;
  }

  std::string pointer() const {
    std::string out;
    for (const Frame& frame : frames_)
      out += "/" + (frame.isArray ? std::to_string(frame.index) : pointerToken(frame.key));
    return out;
  }

  const std::string& file_;
  std::vector<Frame> frames_;
};

// nlohmann's messages start with "[json.exception.NAME.ID] ".
std::string withoutExceptionId(const std::string& what) {
  const std::size_t end = what.find("] ");
  return end == std::string::npos ? what : what.substr(end + 2);
}

// "parse error at line L, column C: ..." becomes "JSON syntax error at line L, column C: ...".
std::string syntaxMessage(const std::string& what) {
  const std::string detail = withoutExceptionId(what);
  const std::string marker = "parse error ";
  if (detail.rfind(marker, 0) == 0) return "JSON syntax error " + detail.substr(marker.size());
  return "JSON syntax error: " + detail;
}

}  // namespace

std::string pointerToken(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

std::string readSceneText(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw SceneError(path, "", "file not found");
  if (!std::filesystem::is_regular_file(path, ec))
    throw SceneError(path, "", "not a regular file (expected a JSON scene file)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SceneError(path, "", "cannot open the file for reading");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw SceneError(path, "", "cannot read the file");
  return text;
}

Json parseSceneJson(const std::string& text, const std::string& file) {
  DuplicateKeyCheck duplicates(file);
  const Json::parser_callback_t callback = [&duplicates](int, Json::parse_event_t event, Json& parsed) {
    duplicates.onEvent(event, parsed);
    return true;
  };
  try {
    return Json::parse(text, callback, /*allow_exceptions=*/true, /*ignore_comments=*/true);
  } catch (const Json::parse_error& e) {
    throw SceneError(file, "", syntaxMessage(e.what()));
  } catch (const Json::exception& e) {
    throw SceneError(file, "", "invalid JSON: " + withoutExceptionId(e.what()));
  }
}

}  // namespace articulab::scene_io
