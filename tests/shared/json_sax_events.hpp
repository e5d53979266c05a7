// The SAX events of a JSON text as nlohmann's sax_parse and the scene loader's JsonScanner
// (engine/io/json_scanner.hpp) send them, written out with their values (a double's bits and
// text), for the differential checks of the scanner against nlohmann: the unit tests
// (tests/engine/io/json_scanner_test.cpp) and the loader's libFuzzer target.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/io/json_scanner.hpp"
#include "engine/io/scene_error.hpp"

namespace articulab::testing {

// Writes each event down; stops (returns false) after `stopAfter` events, and at a parse error.
class SaxEventRecorder {
 public:
  using Json = nlohmann::json;
  using number_integer_t = Json::number_integer_t;
  using number_unsigned_t = Json::number_unsigned_t;
  using number_float_t = Json::number_float_t;
  using string_t = Json::string_t;
  using binary_t = Json::binary_t;

  explicit SaxEventRecorder(std::size_t stopAfter = std::numeric_limits<std::size_t>::max()) : stopAfter_(stopAfter) {}

  bool null() { return record("null"); }
  bool boolean(bool value) { return record(value ? "true" : "false"); }
  bool number_integer(number_integer_t value) { return record("integer " + std::to_string(value)); }
  bool number_unsigned(number_unsigned_t value) { return record("unsigned " + std::to_string(value)); }
  bool number_float(number_float_t value, const string_t& text) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return record("float " + std::to_string(bits) + " " + text);
  }
  bool string(string_t& value) { return record("string " + value); }
  bool binary(binary_t&) { return record("binary"); }
  bool key(string_t& value) { return record("key " + value); }
  bool start_object(std::size_t size) { return record("start_object " + std::to_string(size)); }
  bool end_object() { return record("end_object"); }
  bool start_array(std::size_t size) { return record("start_array " + std::to_string(size)); }
  bool end_array() { return record("end_array"); }
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e) {
    events.push_back("parse_error " + std::to_string(position) + " " + token + " " + e.what());
    return false;
  }

  std::vector<std::string> events;

 private:
  bool record(std::string event) {
    events.push_back(std::move(event));
    return events.size() < stopAfter_;
  }
  std::size_t stopAfter_;
};

struct SaxRun {
  bool accepted = false;
  std::vector<std::string> events;
  bool operator==(const SaxRun&) const = default;
};

inline SaxRun nlohmannSaxRun(const std::string& text, bool strict,
                             std::size_t stopAfter = std::numeric_limits<std::size_t>::max()) {
  SaxEventRecorder recorder(stopAfter);
  const bool accepted = nlohmann::json::sax_parse(text, &recorder, nlohmann::json::input_format_t::json, strict,
                                                  /*ignore_comments=*/true);
  return {accepted, recorder.events};
}

// An error the scanner finds and nlohmann does not ends the events with the scanner's SceneError.
inline SaxRun scannerSaxRun(const std::string& text, bool strict,
                            std::size_t stopAfter = std::numeric_limits<std::size_t>::max()) {
  SaxEventRecorder recorder(stopAfter);
  try {
    const bool accepted = scene_io::scanJson(text, recorder, strict, "scanned.json");
    return {accepted, recorder.events};
  } catch (const SceneError& e) {
    recorder.events.push_back(std::string("SceneError ") + e.what());
    return {false, recorder.events};
  }
}

}  // namespace articulab::testing
