// JSON text for people: a value stays on one line when it fits, otherwise its members go one
// per line, indented. Numbers are written with the fewest digits that read back to the same
// double (15, 16 or 17 significant digits), so a written scene round-trips exactly.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace articulab::scene_io {

using OrderedJson = nlohmann::ordered_json;

// The shortest of %.15g, %.16g and %.17g that strtod reads back to `value` (finite values).
std::string exactNumber(double value);
// The whole document, ending with a newline.
std::string layoutJson(const OrderedJson& value);

}  // namespace articulab::scene_io
