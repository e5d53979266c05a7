// Scene parameters in body names: "link{$n-1}" names the last link of a chain of "$n" links.
#pragma once

#include <string>

#include "engine/io/json_reader.hpp"

namespace articulab::scene_io {

// name with every "{$p}", "{$p+k}" and "{$p-k}" (p a declared parameter with an integer value,
// k a whole number) replaced by the integer it gives; errors name node's field.
std::string expandNameParameters(const Node& node, const std::string& name);

}  // namespace articulab::scene_io
