#include "engine/io/scene_json.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <vector>

#include "engine/io/json_scanner.hpp"
#include "engine/io/huge_pages.hpp"
#include "engine/io/number_text.hpp"
#include "engine/io/scene_json_lists.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/io/scene_size.hpp"

namespace articulab::scene_io {

namespace {

// Deeper than any scene needs (a rotation matrix inside a shape inside a body: 6 levels); it
// keeps every recursive consumer of the document (copies, dumps) far from the stack's end.
constexpr std::size_t kMaxNesting = 64;

// A node of an object's std::map (links and colour) around its key and value.
constexpr double kMapNodeBytes = 64.0;

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

// The value types nlohmann's SAX interface asks of an event handler.
struct SaxTypes {
  using number_integer_t = Json::number_integer_t;
  using number_unsigned_t = Json::number_unsigned_t;
  using number_float_t = Json::number_float_t;
  using string_t = Json::string_t;
  using binary_t = Json::binary_t;
};

// Builds the document from the parser's events in one pass (nlohmann's callback parser rescans
// an array each time one of its objects ends: quadratic time), and reports what plain parsing
// lets through: a key repeated in one object (plain parsing keeps the last), a number that
// underflows to zero, nesting deeper than kMaxNesting. Errors carry the JSON pointer. The
// entries of the streamed lists (root arrays such as "bodies") are checked the same way and
// leave a null in their list: each is built, handed to the hook as it closes and freed, or,
// once the hook declines (or without one), not built, for forEachEntry to read later.
class SceneDocumentBuilder : public SaxTypes {
 public:
  SceneDocumentBuilder(Json& root, const std::string& text, const std::string& file, const SceneLimits& limits,
                       std::initializer_list<std::string_view> streamedLists, const EntryHook* hook)
      : root_(root), text_(text), file_(file), limits_(limits), streamedLists_(streamedLists), hook_(hook),
        building_(hook && *hook) {}

  bool null() { return add(nullptr); }
  bool boolean(bool value) { return add(value); }
  bool number_integer(number_integer_t value) { return add(value); }
  bool number_unsigned(number_unsigned_t value) { return add(value); }
  bool number_float(number_float_t value, const string_t& text) {
    if (value == 0.0 && nonZeroMantissa(text))
      fail(pointer(true), "the number " + text + " underflows to 0 (a non-zero number needs a magnitude of at "
                          "least 2.2e-308, the smallest normal double); write 0 or a larger number");
    return add(value);
  }
  bool string(string_t& value) {
    count(heapBlock(static_cast<double>(sizeof(string_t) + value.size())));
    return add(std::move(value));
  }
  bool binary(binary_t&) { return add(nullptr); }  // JSON text has no binary values

  bool start_object(std::size_t) { return open(Json::object()); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(string_t& key) {
    count(kMapNodeBytes + heapBlock(static_cast<double>(key.size())));
    Frame& frame = frames_.back();
    frame.key = std::move(key);
    bool repeated = false;
    if (frame.value) {  // the key's slot, which place() fills: one look-up per key
      const auto [slot, inserted] = frame.value->get_ref<Json::object_t&>().emplace(frame.key, nullptr);
      frame.slot = &slot->second;
      repeated = !inserted;
    } else {
      repeated = !frame.keys.insert(frame.key).second;
    }
    if (repeated) fail(pointer(false), "key \"" + frame.key + "\" appears twice in the same object");
    return true;
  }

  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) {
    if (dynamic_cast<const nlohmann::detail::parse_error*>(&e)) fail("", syntaxMessage(e.what()));
    // A number beyond the largest double ("number overflow parsing '1e999'") has no position.
    fail("", "JSON error at " + lineAndColumn(text_, position) + ": " + withoutExceptionId(e.what()) +
                 " (a number's magnitude must be at most 1.8e308, the largest double)");
  }

 private:
  struct Frame {
    Json* value;                // nullptr inside an entry of a streamed list (not built)
    bool array = false;
    bool streamed = false;      // a streamed list: its entries are not built
    std::size_t elements = 0;   // arrays: the elements so far
    std::string key;            // objects: the key of the value being read
    Json* slot = nullptr;       // objects built: the value of that key
    std::set<std::string> keys;  // objects not built: their keys so far
  };

  // Places a value where the parser is: the root, the next array element or the current key;
  // nullptr for a value that is not built (an entry of a streamed list and what it holds).
  Json* place(Json&& value) {
    if (frames_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    Frame& frame = frames_.back();
    if (frame.array) ++frame.elements;
    if (!frame.value) return nullptr;
    if (frame.array && frame.streamed) {
      frame.value->push_back(Json());
      if (!building_) return nullptr;
      entry_ = std::move(value);
      return &entry_;
    }
    if (frame.array) {
      frame.value->push_back(std::move(value));
      return &frame.value->back();
    }
    return &(*frame.slot = std::move(value));
  }

  // Whether an array opened now is a streamed list: a root array under one of streamedLists_.
  bool opensStreamedList(const Json& container) const {
    if (!container.is_array() || frames_.size() != 1 || frames_[0].array) return false;
    const std::string& key = frames_[0].key;
    return std::find(streamedLists_.begin(), streamedLists_.end(), key) != streamedLists_.end();
  }

  bool add(Json&& value) {
    count(2.0 * sizeof(Json));  // an array's element, with the array's spare capacity
    if (place(std::move(value)) == &entry_) handOver();  // a scalar entry of a streamed list
    return true;
  }

  // Hands the entry just closed to the hook and frees it; the list is the last frame.
  void handOver() {
    building_ = (*hook_)(frames_[0].key, frames_.back().elements - 1, entry_, root_);
    entry_ = nullptr;
  }

  // Adds to the estimated memory of the document and refuses a document beyond the limits.
  void count(double bytes) {
    bytes_ += bytes;
    if (bytes_ > limits_.memoryBytes) fail(pointer(true), documentTooLarge(limits_));
  }

  bool open(Json&& container) {
    count(2.0 * sizeof(Json) + heapBlock(48.0));  // its slot and its own block (a std::map or std::vector)
    if (frames_.size() >= kMaxNesting)
      fail(pointer(true), "the JSON nests deeper than " + std::to_string(kMaxNesting) +
                              " levels of arrays and objects; a scene needs fewer than 10");
    const bool array = container.is_array(), streamed = opensStreamedList(container);
    Json* placed = place(std::move(container));
    frames_.push_back({placed, array, streamed, 0, {}, nullptr, {}});
    return true;
  }

  bool close() {
    const bool entryEnds = frames_.back().value == &entry_;
    frames_.pop_back();
    if (entryEnds) handOver();
    return true;
  }

  // The pointer of the current container's key (or, with `next`, of the array element being
  // read: the array's size so far).
  std::string pointer(bool next) const {
    std::string out;
    for (std::size_t k = 0; k < frames_.size(); ++k) {
      const Frame& frame = frames_[k];
      const bool last = k + 1 == frames_.size();
      if (frame.array)
        out += "/" + std::to_string(frame.elements - (last && next ? 0 : 1));
      else
        out += "/" + pointerToken(frame.key);
    }
    return out;
  }

  [[noreturn]] void fail(const std::string& pointer, const std::string& message) const {
    throw SceneError(file_, pointer, message);
  }

  Json& root_;
  const std::string& text_;
  const std::string& file_;
  const SceneLimits& limits_;
  std::initializer_list<std::string_view> streamedLists_;
  const EntryHook* hook_;
  bool building_;  // the entries of the streamed lists are built and handed to the hook
  Json entry_;     // the entry of a streamed list being built
  std::vector<Frame> frames_;
  double bytes_ = 0.0;
};

// Reads the root array `list` of a document again, one entry at a time: each entry is built,
// handed to the reader and freed. The text was checked by parseSceneJson, which kept an empty
// object in place of each entry of the streamed lists: only the reader of an entry may throw.
class EntryStreamer : public SaxTypes {
 public:
  EntryStreamer(const std::string& file, std::string_view list, const EntryReader& read, std::size_t first)
      : file_(file), list_(list), read_(read), first_(first) {}

  bool null() { return add(nullptr); }
  bool boolean(bool value) { return add(value); }
  bool number_integer(number_integer_t value) { return add(value); }
  bool number_unsigned(number_unsigned_t value) { return add(value); }
  bool number_float(number_float_t value, const string_t&) { return add(value); }
  bool string(string_t& value) { return add(std::move(value)); }
  bool binary(binary_t&) { return add(nullptr); }

  bool start_object(std::size_t) { return open(Json::object()); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(string_t& key) {
    if (depth_ == 1) rootKey_ = std::move(key);
    else if (!frames_.empty()) frames_.back().key = std::move(key);
    return true;
  }

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    throw SceneError(file_, "", "JSON error while reading the entries again: " + withoutExceptionId(e.what()));
  }

 private:
  struct Frame {
    Json* value;
    std::string key;
  };

  bool inList() const { return inList_ && depth_ == 2; }

  // Reads an entry, unless it comes before `first` (read already).
  void deliver(const Json& entry) {
    if (index_ >= first_) read_(index_, entry);
    ++index_;
  }

  // Places a value inside the entry being built; returns where it went.
  Json* place(Json&& value) {
    Frame& frame = frames_.back();
    if (frame.value->is_array()) {
      frame.value->push_back(std::move(value));
      return &frame.value->back();
    }
    return &((*frame.value)[frame.key] = std::move(value));
  }

  bool add(Json&& value) {
    if (!frames_.empty()) place(std::move(value));
    else if (inList()) deliver(value);
    return true;
  }

  bool open(Json&& container) {
    if (!frames_.empty()) {
      Json* placed = place(std::move(container));
      frames_.push_back({placed, {}});
    } else if (inList()) {
      entry_ = std::move(container);
      frames_.push_back({&entry_, {}});
    } else if (depth_ == 1 && rootKey_ == list_ && container.is_array()) {
      inList_ = true;
    }
    ++depth_;
    return true;
  }

  bool close() {
    --depth_;
    if (!frames_.empty()) {
      frames_.pop_back();
      if (frames_.empty()) {
        deliver(entry_);
        entry_ = nullptr;
      }
      return true;
    }
    return !(inList_ && depth_ == 1);  // the list is read: stop
  }

  const std::string& file_;
  std::string_view list_;
  const EntryReader& read_;
  std::size_t first_;
  std::string rootKey_;
  bool inList_ = false;
  int depth_ = 0;
  std::size_t index_ = 0;
  Json entry_;
  std::vector<Frame> frames_;
};

std::string systemError(int error) { return std::strerror(error); }

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

// POSIX reads, so that every failure has its reason (errno): a file that cannot be read is a
// scene error naming the file and why, never an exception of the stream library.
std::string readSceneText(const std::string& path, const SceneLimits& limits) {
  if (path.empty()) throw SceneError(path, "", "no file name (an empty path)");
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    if (errno == ENOENT) throw SceneError(path, "", "file not found");
    throw SceneError(path, "", "cannot read the file: " + systemError(errno));
  }
  if (!S_ISREG(info.st_mode)) throw SceneError(path, "", "not a regular file (expected a JSON scene file)");
  checkSceneTextSize(path, static_cast<double>(info.st_size), limits);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw SceneError(path, "", "cannot open the file for reading: " + systemError(errno));
  std::string text;
  text.reserve(static_cast<std::size_t>(info.st_size));  // one block, not a doubling series of copies
  adviseHugePages(text.data(), text.capacity());
  char buffer[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int error = errno;
      ::close(fd);
      throw SceneError(path, "", "cannot read the file: " + systemError(error));
    }
    if (got == 0) break;
    text.append(buffer, static_cast<std::size_t>(got));
    // A file that grows while it is read (or a device that reports size 0) is held to the same bound.
    if (text.size() > static_cast<std::size_t>(info.st_size)) checkSceneTextSize(path, static_cast<double>(text.size()), limits);
  }
  ::close(fd);
  return text;
}

Json parseSceneJson(const std::string& text, const std::string& file, const SceneLimits& limits) {
  return parseSceneJson(text, file, limits, {});
}

Json parseSceneJson(const std::string& text, const std::string& file, const SceneLimits& limits,
                    std::initializer_list<std::string_view> streamedLists) {
  return parseSceneJson(text, file, limits, streamedLists, EntryHook());
}

Json parseSceneJson(const std::string& text, const std::string& file, const SceneLimits& limits,
                    std::initializer_list<std::string_view> streamedLists, const EntryHook& hook) {
  const SceneLimits resolved = resolveLimits(limits);
  checkSceneTextSize(file, static_cast<double>(text.size()), resolved);
  Json document;
  SceneDocumentBuilder builder(document, text, file, resolved, streamedLists, &hook);
  try {
    scanJson(text, builder, /*strict=*/true, file);
  } catch (const Json::exception& e) {  // from the library itself, outside the parser's error path
    throw SceneError(file, "", "invalid JSON: " + withoutExceptionId(e.what()));
  }
  return document;
}

}  // namespace articulab::scene_io

namespace articulab::scene_io {

void forEachEntry(const std::string& text, const std::string& file, std::string_view list, const EntryReader& read,
                  std::size_t first) {
  EntryStreamer streamer(file, list, read, first);
  scanJson(text, streamer, /*strict=*/false, file);
}

}  // namespace articulab::scene_io
