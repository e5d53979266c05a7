#include "engine/io/number_text.hpp"

#include <cctype>
#include <cstdio>

namespace articulab::scene_io {

bool isDecimalNumber(const std::string& text) {
  std::size_t k = 0;
  auto digits = [&] {
    const std::size_t start = k;
    while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) ++k;
    return k > start;
  };
  if (k < text.size() && (text[k] == '+' || text[k] == '-')) ++k;
  const bool whole = digits();
  bool fraction = false;
  if (k < text.size() && text[k] == '.') {
    ++k;
    fraction = digits();
  }
  if (!whole && !fraction) return false;
  if (k < text.size() && (text[k] == 'e' || text[k] == 'E')) {
    ++k;
    if (k < text.size() && (text[k] == '+' || text[k] == '-')) ++k;
    if (!digits()) return false;
  }
  return k == text.size();
}

bool nonZeroMantissa(const std::string& text) {
  for (char c : text) {
    if (c == 'e' || c == 'E') break;
    if (c >= '1' && c <= '9') return true;
  }
  return false;
}

std::string shortNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

}  // namespace articulab::scene_io
