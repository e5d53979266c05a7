// A number in messages and reprs: six significant digits, as the CLI's "%g".
#pragma once

#include <cstdio>
#include <string>

namespace articulab::python {

inline std::string numberText(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

}  // namespace articulab::python
