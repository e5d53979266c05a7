// "for_each" in scene entries (forces, muscles): {"from": a, "to": b} repeats the entry for
// i = a, ..., b - 1, and {i}, {i-1} and {i+1} in its names are replaced by the index.
#pragma once

#include <string>
#include <vector>

#include "engine/io/json_reader.hpp"

namespace articulab::scene_io {

// The index of a repeated entry. Without "for_each" the entry stands for itself and its names
// are taken literally.
struct Repetition {
  bool active = false;
  int i = 0;
};

// The most repetitions of one entry (the model as a whole is capped by scene_size.hpp).
constexpr int kMaxRepetitions = 100000;

std::string expand(const std::string& text, const Repetition& r);

// The repetitions of an entry (one inactive one without "for_each"); `kind` names the entry in
// errors ("force", "muscle").
std::vector<Repetition> readRepetitions(const Node& node, const std::string& kind);

}  // namespace articulab::scene_io
