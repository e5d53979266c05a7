// Numbers as text, one rule for scene files and the command line: decimal as JSON writes them.
#pragma once

#include <string>

namespace articulab::scene_io {

// [+-] digits [. digits] [e|E [+-] digits], or with digits after the point only (".5"): no
// hexadecimal, no "inf" or "nan", no spaces. (JSON itself has no "+" and no bare point; the
// command line accepts them.)
bool isDecimalNumber(const std::string& text);

// Whether the mantissa of a decimal number has a non-zero digit: "1e-999" has (so reading it
// as 0 is an underflow), "0.0e5" has not.
bool nonZeroMantissa(const std::string& text);

// A number in messages and reprs: six significant digits, as printf's "%g" (and a stream by
// default) writes it.
std::string shortNumber(double value);

}  // namespace articulab::scene_io
