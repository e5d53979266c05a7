#include "engine/io/scene_repetition.hpp"

#include <cmath>

namespace articulab::scene_io {

namespace {

constexpr double kLargestIndex = 1e6;

int readRepetitionIndex(const Node& node) {
  const double value = readNumber(node);
  if (value != std::floor(value)) node.fail("expected a whole number, got " + formatNumber(value));
  if (std::abs(value) > kLargestIndex)
    node.fail("expected a whole number from -1000000 to 1000000, got " + formatNumber(value));
  return static_cast<int>(value);
}

}  // namespace

std::string expand(const std::string& text, const Repetition& r) {
  if (!r.active) return text;
  std::string out = text;
  const std::pair<const char*, int> tokens[] = {{"{i}", r.i}, {"{i-1}", r.i - 1}, {"{i+1}", r.i + 1}};
  for (const auto& [token, value] : tokens)
    for (std::size_t at = out.find(token); at != std::string::npos; at = out.find(token))
      out.replace(at, std::string(token).size(), std::to_string(value));
  return out;
}

std::vector<Repetition> readRepetitions(const Node& node, const std::string& kind) {
  if (!node.has("for_each")) return {Repetition{}};
  const Node range = node["for_each"];
  expectObject(range, {"from", "to"});
  const int from = readRepetitionIndex(range["from"]), to = readRepetitionIndex(range["to"]);
  if (to - from > kMaxRepetitions)
    range.fail("at most " + std::to_string(kMaxRepetitions) + " repetitions (to - from), got " + std::to_string(to - from));
  if (readName(node["name"]).find("{i}") == std::string::npos)
    node.failField("name", "a repeated " + kind + " needs {i} in its name so that the names differ");
  std::vector<Repetition> list;
  for (int i = from; i < to; ++i) list.push_back({true, i});
  return list;
}

}  // namespace articulab::scene_io
