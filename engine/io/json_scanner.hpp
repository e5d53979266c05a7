// A one-pass JSON scanner over the text in memory that drives a handler with nlohmann 3.11.2's
// SAX interface and event sequence, with its grammar and values for sax_parse with comments
// ignored: the text is read once, byte by byte, with no input adapter and no copy of each token
// (issue 31: nlohmann's lexer was a fifth of a 1e5-body load). The messages of syntax errors stay
// nlohmann's: on the first error the scanner finds, nlohmann's own sax_parse reads the same text
// with every event accepted and only its parse_error handed to the handler.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace articulab::scene_io {

// The tokens nlohmann's lexer tells apart.
enum class JsonToken : std::uint8_t {
  True, False, Null, String, Unsigned, Integer, Float,
  BeginArray, EndArray, BeginObject, EndObject, NameSeparator, ValueSeparator, EndOfInput, Error
};

// Splits JSON text into tokens as nlohmann's lexer does: whitespace, // and /* */ comments and a
// leading UTF-8 byte order mark skipped, a NUL byte between tokens ends the input, numbers
// classified as nlohmann does (unsigned or negative integers when they fit 64 bits, else
// doubles, correctly rounded, with their text), strings unescaped (\uXXXX and surrogate pairs)
// and checked (no control character, UTF-8 with nlohmann's ranges).
class JsonLexer {
 public:
  explicit JsonLexer(std::string_view text) : begin_(text.data()), p_(text.data()), end_(text.data() + text.size()) {}

  JsonToken scan();
  // A String token's value (the handler may move it away) or a Float token's text.
  std::string& text() { return text_; }
  std::uint64_t unsignedValue() const { return unsigned_; }
  std::int64_t integerValue() const { return integer_; }
  double floatValue() const { return float_; }
  // The bytes read so far.
  std::size_t offset() const { return static_cast<std::size_t>(p_ - begin_); }

 private:
  bool skipComment();
  JsonToken scanLiteral(std::string_view rest, JsonToken token);
  JsonToken scanNumber(const char* start);
  JsonToken scanString();
  bool appendEscape();
  bool appendUtf8(unsigned char lead);
  int hexCodepoint();

  const char* begin_;
  const char* p_;
  const char* end_;
  bool started_ = false;
  std::string text_;
  std::uint64_t unsigned_ = 0;
  std::int64_t integer_ = 0;
  double float_ = 0.0;
};

// "line L, column C" of the byte before `position` (nlohmann counts the characters read).
std::string lineAndColumn(std::string_view text, std::size_t position);

// A scanner's error that nlohmann's parser does not see in the same text (a bug of the scanner):
// throws a SceneError naming the file and the scanner's line and column.
[[noreturn]] void throwScannerDisagreement(const std::string& file, std::string_view text, std::size_t offset);

// Accepts every event and hands only nlohmann's parse_error to the handler.
template <class Handler>
struct JsonErrorForwarder {
  using number_integer_t = nlohmann::json::number_integer_t;
  using number_unsigned_t = nlohmann::json::number_unsigned_t;
  using number_float_t = nlohmann::json::number_float_t;
  using string_t = nlohmann::json::string_t;
  using binary_t = nlohmann::json::binary_t;

  Handler& handler;
  bool forwarded = false;

  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(number_integer_t) { return true; }
  bool number_unsigned(number_unsigned_t) { return true; }
  bool number_float(number_float_t, const string_t&) { return true; }
  bool string(string_t&) { return true; }
  bool binary(binary_t&) { return true; }
  bool start_object(std::size_t) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return true; }
  bool end_array() { return true; }
  bool key(string_t&) { return true; }
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e) {
    forwarded = true;
    return handler.parse_error(position, token, e);
  }
};

// nlohmann's parser (sax_parse_internal and sax_parse of 3.11.2) over JsonLexer's tokens: the
// same events in the same order, the same stop when the handler returns false.
template <class Handler>
class JsonScanner {
 public:
  JsonScanner(std::string_view text, Handler& handler, const std::string& file)
      : text_(text), lexer_(text), handler_(handler), file_(file) {}

  bool parse(bool strict) {
    const Outcome outcome = values();
    if (outcome == Outcome::Stopped) return false;
    if (outcome == Outcome::Error || (strict && lexer_.scan() != JsonToken::EndOfInput)) return nlohmannError(strict);
    return true;
  }

 private:
  enum class Outcome { Done, Stopped, Error };

  // One value and everything it holds; states_ holds, for each open container, whether it is an array.
  Outcome values() {
    JsonToken token = lexer_.scan();
    bool closed = false;  // a container has just closed: go on with the one around it
    for (;;) {
      if (!closed) {
        switch (token) {
          case JsonToken::BeginObject:
          case JsonToken::BeginArray: {
            const bool array = token == JsonToken::BeginArray;
            const auto unknownSize = static_cast<std::size_t>(-1);
            if (!(array ? handler_.start_array(unknownSize) : handler_.start_object(unknownSize))) return Outcome::Stopped;
            token = lexer_.scan();
            if (token == (array ? JsonToken::EndArray : JsonToken::EndObject)) {
              if (!end(array)) return Outcome::Stopped;
              break;
            }
            if (!array) {
              const Outcome outcome = member(token);
              if (outcome != Outcome::Done) return outcome;
            }
            states_.push_back(array);
            continue;
          }
          case JsonToken::Float:
            if (!std::isfinite(lexer_.floatValue())) return Outcome::Error;  // beyond the largest double
            if (!handler_.number_float(lexer_.floatValue(), lexer_.text())) return Outcome::Stopped;
            break;
          case JsonToken::False:
            if (!handler_.boolean(false)) return Outcome::Stopped;
            break;
          case JsonToken::True:
            if (!handler_.boolean(true)) return Outcome::Stopped;
            break;
          case JsonToken::Null:
            if (!handler_.null()) return Outcome::Stopped;
            break;
          case JsonToken::Integer:
            if (!handler_.number_integer(lexer_.integerValue())) return Outcome::Stopped;
            break;
          case JsonToken::Unsigned:
            if (!handler_.number_unsigned(lexer_.unsignedValue())) return Outcome::Stopped;
            break;
          case JsonToken::String:
            if (!handler_.string(lexer_.text())) return Outcome::Stopped;
            break;
          default:
            return Outcome::Error;
        }
      }
      closed = false;
      if (states_.empty()) return Outcome::Done;
      token = lexer_.scan();
      const bool array = states_.back();
      if (token == JsonToken::ValueSeparator) {  // the next element, or the next key and its value
        token = lexer_.scan();
        if (!array) {
          const Outcome outcome = member(token);
          if (outcome != Outcome::Done) return outcome;
        }
        continue;
      }
      if (token != (array ? JsonToken::EndArray : JsonToken::EndObject)) return Outcome::Error;
      if (!end(array)) return Outcome::Stopped;
      states_.pop_back();
      closed = true;
    }
  }

  bool end(bool array) { return array ? handler_.end_array() : handler_.end_object(); }

  // A key (`token`), its ':', and in `token` the first token of its value.
  Outcome member(JsonToken& token) {
    if (token != JsonToken::String) return Outcome::Error;
    if (!handler_.key(lexer_.text())) return Outcome::Stopped;
    if (lexer_.scan() != JsonToken::NameSeparator) return Outcome::Error;
    token = lexer_.scan();
    return Outcome::Done;
  }

  // nlohmann's parser reads the text again to the same error and reports it in its own words.
  bool nlohmannError(bool strict) {
    JsonErrorForwarder<Handler> forwarder{handler_};
    const bool result = nlohmann::json::sax_parse(text_.begin(), text_.end(), &forwarder,
                                                  nlohmann::json::input_format_t::json, strict, /*ignore_comments=*/true);
    if (!forwarder.forwarded) throwScannerDisagreement(file_, text_, lexer_.offset());
    return result;
  }

  std::string_view text_;
  JsonLexer lexer_;
  Handler& handler_;
  const std::string& file_;
  std::vector<bool> states_;
};

// Json::sax_parse(text, &handler, json, strict, /*ignore_comments=*/true), with JsonScanner:
// the same events, results and error messages. `file` names the text in the error of a
// disagreement with nlohmann.
template <class Handler>
bool scanJson(std::string_view text, Handler& handler, bool strict, const std::string& file) {
  return JsonScanner<Handler>(text, handler, file).parse(strict);
}

}  // namespace articulab::scene_io
