#include "engine/io/json_layout.hpp"

#include <cstdio>
#include <cstdlib>

namespace articulab::scene_io {

namespace {

constexpr std::size_t kLineWidth = 110;
constexpr int kIndent = 2;

std::string scalarText(const OrderedJson& value) {
  if (value.is_number_float()) return exactNumber(value.get<double>());
  return value.dump();
}

std::string oneLine(const OrderedJson& value) {
  if (value.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < value.size(); ++i) out += (i ? ", " : "") + oneLine(value[i]);
    return out + "]";
  }
  if (value.is_object()) {
    std::string out = "{";
    bool first = true;
    for (const auto& item : value.items()) {
      out += (first ? "" : ", ") + OrderedJson(item.key()).dump() + ": " + oneLine(item.value());
      first = false;
    }
    return out + "}";
  }
  return scalarText(value);
}

void append(const OrderedJson& value, int indent, std::size_t used, std::string& out) {
  const std::string line = oneLine(value);
  const bool container = value.is_array() || value.is_object();
  if (!container || value.empty() || used + line.size() <= kLineWidth) {
    out += line;
    return;
  }
  const std::string inner(indent + kIndent, ' ');
  out += value.is_array() ? "[\n" : "{\n";
  std::size_t index = 0;
  for (const auto& item : value.items()) {
    out += inner;
    std::size_t width = inner.size();
    if (value.is_object()) {
      const std::string key = OrderedJson(item.key()).dump() + ": ";
      out += key;
      width += key.size();
    }
    append(item.value(), indent + kIndent, width, out);
    out += ++index < value.size() ? ",\n" : "\n";
  }
  out += std::string(indent, ' ') + (value.is_array() ? "]" : "}");
}

}  // namespace

std::string exactNumber(double value) {
  char text[40];
  for (int digits = 15; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  return text;
}

std::string layoutJson(const OrderedJson& value) {
  std::string out;
  append(value, 0, 0, out);
  return out + "\n";
}

}  // namespace articulab::scene_io
