#include "engine/io/json_scanner.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <cstring>

#include "engine/io/scene_error.hpp"

namespace articulab::scene_io {

namespace {

// The bytes a string holds as they are: printable ASCII but the quote and the backslash.
constexpr std::array<bool, 256> kPlainStringBytes = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x80; ++c) plain[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
  return plain;
}();

bool isDigit(char c) { return c >= '0' && c <= '9'; }

bool isWhitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A code point as UTF-8 (RFC 3629, section 3).
void appendCodepoint(std::string& out, unsigned codepoint) {
  if (codepoint < 0x80) {
    out += static_cast<char>(codepoint);
  } else if (codepoint <= 0x7FF) {
    out += static_cast<char>(0xC0 | (codepoint >> 6));
    out += static_cast<char>(0x80 | (codepoint & 0x3F));
  } else if (codepoint <= 0xFFFF) {
    out += static_cast<char>(0xE0 | (codepoint >> 12));
    out += static_cast<char>(0x80 | ((codepoint >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (codepoint & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (codepoint >> 18));
    out += static_cast<char>(0x80 | ((codepoint >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((codepoint >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (codepoint & 0x3F));
  }
}

}  // namespace

JsonToken JsonLexer::scan() {
  if (!started_) {  // a byte order mark, if any, must be whole
    started_ = true;
    if (p_ < end_ && static_cast<unsigned char>(*p_) == 0xEF) {
      if (end_ - p_ < 3 || static_cast<unsigned char>(p_[1]) != 0xBB || static_cast<unsigned char>(p_[2]) != 0xBF)
        return JsonToken::Error;
      p_ += 3;
    }
  }
  for (;;) {
    while (p_ < end_ && isWhitespace(*p_)) ++p_;
    if (p_ == end_ || *p_ != '/') break;
    ++p_;
    if (!skipComment()) return JsonToken::Error;
  }
  if (p_ == end_) return JsonToken::EndOfInput;
  const char c = *p_++;
  switch (c) {
    case '[': return JsonToken::BeginArray;
    case ']': return JsonToken::EndArray;
    case '{': return JsonToken::BeginObject;
    case '}': return JsonToken::EndObject;
    case ':': return JsonToken::NameSeparator;
    case ',': return JsonToken::ValueSeparator;
    case 't': return scanLiteral("rue", JsonToken::True);
    case 'f': return scanLiteral("alse", JsonToken::False);
    case 'n': return scanLiteral("ull", JsonToken::Null);
    case '"': return scanString();
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      return scanNumber(p_ - 1);
    case '\0': return JsonToken::EndOfInput;  // as nlohmann, for text from C strings
    default: return JsonToken::Error;
  }
}

// After the '/': a line comment ends at a line break, a NUL byte or the end; a block comment
// needs its "*/".
bool JsonLexer::skipComment() {
  if (p_ == end_) return false;
  const char kind = *p_++;
  if (kind == '/') {
    while (p_ < end_) {
      const char c = *p_++;
      if (c == '\n' || c == '\r' || c == '\0') return true;
    }
    return true;
  }
  if (kind != '*') return false;
  while (p_ < end_) {
    const char c = *p_++;
    if (c == '\0') return false;
    if (c == '*' && p_ < end_ && *p_ == '/') {
      ++p_;
      return true;
    }
  }
  return false;
}

JsonToken JsonLexer::scanLiteral(std::string_view rest, JsonToken token) {
  if (static_cast<std::size_t>(end_ - p_) < rest.size() || std::memcmp(p_, rest.data(), rest.size()) != 0)
    return JsonToken::Error;
  p_ += rest.size();
  return token;
}

// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? (RFC 8259, section 6).
JsonToken JsonLexer::scanNumber(const char* start) {
  const char* p = start;
  const bool negative = *p == '-';
  if (negative) ++p;
  if (p == end_ || !isDigit(*p)) return JsonToken::Error;
  if (*p++ != '0')
    while (p < end_ && isDigit(*p)) ++p;
  bool integral = true;
  if (p < end_ && *p == '.') {
    integral = false;
    if (++p == end_ || !isDigit(*p)) return JsonToken::Error;
    while (p < end_ && isDigit(*p)) ++p;
  }
  if (p < end_ && (*p == 'e' || *p == 'E')) {
    integral = false;
    if (++p < end_ && (*p == '+' || *p == '-')) ++p;
    if (p == end_ || !isDigit(*p)) return JsonToken::Error;
    while (p < end_ && isDigit(*p)) ++p;
  }
  p_ = p;
  if (integral && !negative && std::from_chars(start, p, unsigned_).ec == std::errc()) return JsonToken::Unsigned;
  if (integral && negative && std::from_chars(start, p, integer_).ec == std::errc()) return JsonToken::Integer;
  text_.assign(start, p);
  // from_chars rounds correctly; beyond a double's normal range strtod gives what nlohmann's does
  // (infinity, 0 or a subnormal).
  if (std::from_chars(start, p, float_).ec != std::errc()) float_ = std::strtod(text_.c_str(), nullptr);
  return JsonToken::Float;
}

JsonToken JsonLexer::scanString() {
  text_.clear();
  for (;;) {
    const char* run = p_;
    while (p_ < end_ && kPlainStringBytes[static_cast<unsigned char>(*p_)]) ++p_;
    text_.append(run, p_);
    if (p_ == end_) return JsonToken::Error;
    const auto c = static_cast<unsigned char>(*p_++);
    if (c == '"') return JsonToken::String;
    if (c == '\\') {
      if (!appendEscape()) return JsonToken::Error;
    } else if (c < 0x20 || !appendUtf8(c)) {
      return JsonToken::Error;
    }
  }
}

// After the backslash.
bool JsonLexer::appendEscape() {
  if (p_ == end_) return false;
  switch (*p_++) {
    case '"': text_ += '"'; return true;
    case '\\': text_ += '\\'; return true;
    case '/': text_ += '/'; return true;
    case 'b': text_ += '\b'; return true;
    case 'f': text_ += '\f'; return true;
    case 'n': text_ += '\n'; return true;
    case 'r': text_ += '\r'; return true;
    case 't': text_ += '\t'; return true;
    case 'u': break;
    default: return false;
  }
  const int first = hexCodepoint();
  if (first < 0 || (first >= 0xDC00 && first <= 0xDFFF)) return false;  // a low surrogate alone
  int codepoint = first;
  if (first >= 0xD800 && first <= 0xDBFF) {  // a high surrogate: its low one must follow (RFC 8259, section 7)
    if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u') return false;
    p_ += 2;
    const int second = hexCodepoint();
    if (second < 0xDC00 || second > 0xDFFF) return false;
    codepoint = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
  }
  appendCodepoint(text_, static_cast<unsigned>(codepoint));
  return true;
}

int JsonLexer::hexCodepoint() {
  if (end_ - p_ < 4) return -1;
  int codepoint = 0;
  for (int k = 0; k < 4; ++k) {
    const int digit = hexDigit(*p_++);
    if (digit < 0) return -1;
    codepoint = codepoint * 16 + digit;
  }
  return codepoint;
}

// A multi-byte UTF-8 sequence after its lead byte, with the ranges of RFC 3629's section 4 (and
// nlohmann's): no overlong form, no surrogate, nothing beyond U+10FFFF.
bool JsonLexer::appendUtf8(unsigned char lead) {
  const char* start = p_ - 1;
  const auto next = [this](unsigned char low, unsigned char high) {
    if (p_ == end_) return false;
    const auto c = static_cast<unsigned char>(*p_);
    if (c < low || c > high) return false;
    ++p_;
    return true;
  };
  bool whole = false;
  if (lead >= 0xC2 && lead <= 0xDF)
    whole = next(0x80, 0xBF);
  else if (lead == 0xE0)
    whole = next(0xA0, 0xBF) && next(0x80, 0xBF);
  else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF)
    whole = next(0x80, 0xBF) && next(0x80, 0xBF);
  else if (lead == 0xED)
    whole = next(0x80, 0x9F) && next(0x80, 0xBF);
  else if (lead == 0xF0)
    whole = next(0x90, 0xBF) && next(0x80, 0xBF) && next(0x80, 0xBF);
  else if (lead >= 0xF1 && lead <= 0xF3)
    whole = next(0x80, 0xBF) && next(0x80, 0xBF) && next(0x80, 0xBF);
  else if (lead == 0xF4)
    whole = next(0x80, 0x8F) && next(0x80, 0xBF) && next(0x80, 0xBF);
  if (whole) text_.append(start, p_);
  return whole;
}

std::string lineAndColumn(std::string_view text, std::size_t position) {
  const std::size_t end = std::min(position, text.size());
  std::size_t line = 1, lineStart = 0;
  for (std::size_t k = 0; k < end; ++k)
    if (text[k] == '\n') {
      ++line;
      lineStart = k + 1;
    }
  return "line " + std::to_string(line) + ", column " + std::to_string(end - lineStart);
}

void throwScannerDisagreement(const std::string& file, std::string_view text, std::size_t offset) {
  throw SceneError(file, "", "the JSON scanner finds an error at " + lineAndColumn(text, offset) +
                                 " that nlohmann's parser does not (a bug of engine/io/json_scanner.cpp)");
}

}  // namespace articulab::scene_io
