#include "scene_mutator.hpp"

#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

namespace articulab::fuzz {

namespace {

using nlohmann::json;
using Pointer = json::json_pointer;

// Numbers that break careless code: zero and signed zero, the edges of double and int, counts
// just inside and outside the loader's range, values near pi for angles and ranges.
constexpr std::array kInterestingNumbers = {0.0,     -0.0,   1.0,       -1.0,        2.0,          3.0,    0.5,
                                            -0.5,    1e-300, 5e-324,    1e-9,        1e9,          1e300,  -1e300,
                                            1.7976931348623157e308, 100000.0, 100001.0, 99999.5, 2147483648.0,
                                            4294967297.0, -2147483649.0, 3.14159265358979, 1.5707963, 6.3,
                                            1e15,    7.0,    16.0,      17.0,        -3.0,         1e-12};

// Every key the scene format knows, so that additions and renames produce plausible scenes.
constexpr std::array kKnownKeys = {
    "name",         "description",  "parameters",     "gravity",        "simulation",     "bodies",
    "joints",       "chains",       "constraints",    "backend",        "integrator",     "dt",
    "duration",     "drift_control", "baumgarte",     "alpha",          "beta",           "mass",
    "density",      "shape",        "shapes",         "type",           "size",           "radius",
    "radii",        "length",       "major_radius",   "minor_radius",   "position",       "rotation",
    "parent",       "child",        "axis",           "parts",          "child_position", "child_rotation",
    "q0",           "qd0",          "stiffness",      "damping",        "rest",           "limits",
    "lower",        "upper",        "driven",         "control_frames", "control_values", "control_points",
    "up",           "parent_surface", "child_surface", "twist",         "major",          "minor",
    "count",        "spacing",      "body",           "joint",          "body_a",         "body_b",
    "position_a",   "position_b",   "rotation_a",     "rotation_b",     "ground_contact", "x",
    "z",            "rz",           "n"};

constexpr std::array kStrings = {"",       "$n",          "$undeclared", "world",   "revolute", "surface_surface",
                                 "torus",  "box",         "baraff",      "rk4",     "link0",    "1e3",
                                 "\u00e9", "post-stabilization"};

// Keys the scene format documents as optional (docs/scene-format.md), with a default.
constexpr std::array kOptionalKeys = {
    "name",          "description",   "parameters",     "gravity",         "simulation",       "backend",
    "integrator",    "dt",            "duration",       "drift_control",   "baumgarte",        "alpha",
    "beta",          "solver_settings", "ground_contact", "body_contact",  "friction",         "position",
    "rotation",      "child_position", "child_rotation", "q0",             "qd0",              "stiffness",
    "damping",       "rest",          "limits",         "driven",          "up",               "twist",
    "point",         "point_a",       "point_b",        "rest_length",     "tendon_slack_length",
    "max_contraction_velocity", "activation_time", "deactivation_time", "excitation", "initial_activation",
    "phase",         "phase_step",    "rotation_a",     "rotation_b",      "position_a",       "position_b"};

// Numbers at and beyond the edges of a double, as JSON text (nlohmann cannot write them).
constexpr std::array kExtremeNumberTexts = {"1e308",     "-1e308",   "1.7976931348623157e308", "1e-999", "-1e-999",
                                            "1e999",     "-1e999",   "5e-324",                 "2.2250738585072014e-308",
                                            "1e-320",    "0e-999",   "-0.0",                   "123456789012345678901234567890",
                                            "-123456789012345678901234567890", "1e-300", "4.9e-324"};

// Counts and repetition ranges beyond and at the limits (kMaxChainLinks, for_each, the model).
constexpr std::array kHugeCounts = {1000.0, 10000.0, 99999.0, 100000.0, 100001.0, 200000.0, 1000000.0, 1e9, 2147483648.0};

void eraseKeyEverywhere(json& node, const std::string& key) {
  if (node.is_object()) {
    node.erase(key);
    for (auto& [name, value] : node.items()) eraseKeyEverywhere(value, key);
  } else if (node.is_array()) {
    for (json& value : node) eraseKeyEverywhere(value, key);
  }
}

void collect(const json& node, const Pointer& at, std::vector<Pointer>& out) {
  out.push_back(at);
  if (node.is_object())
    for (auto it = node.begin(); it != node.end(); ++it) collect(*it, at / it.key(), out);
  else if (node.is_array())
    for (std::size_t i = 0; i < node.size(); ++i) collect(node[i], at / i, out);
}

}  // namespace

const char* mutationKindName(MutationKind kind) {
  switch (kind) {
    case MutationKind::Value: return "value";
    case MutationKind::Key: return "key";
    case MutationKind::Type: return "type";
    case MutationKind::Structure: return "structure";
    case MutationKind::RawBytes: return "raw bytes";
  }
  return "?";
}

const char* hostileClassName(HostileClass kind) {
  switch (kind) {
    case HostileClass::MissingOptional: return "missing optional fields";
    case HostileClass::HugeArray: return "huge array";
    case HostileClass::HugeCount: return "huge count";
    case HostileClass::ExtremeNumber: return "extreme number";
  }
  return "?";
}

std::string SceneMutator::mutateHostile(const std::string& text, HostileClass& kind) {
  kind = static_cast<HostileClass>(below(4));
  json root = json::parse(text, nullptr, /*allow_exceptions=*/false, /*ignore_comments=*/true);
  if (root.is_discarded()) return text;
  std::vector<Pointer> nodes;
  collect(root, Pointer(), nodes);
  auto matching = [&](auto predicate) {
    std::vector<Pointer> out;
    for (const Pointer& p : nodes)
      if (predicate(p, root.at(p))) out.push_back(p);
    return out;
  };
  switch (kind) {
    case HostileClass::MissingOptional: break;
    case HostileClass::HugeArray: {
      const auto arrays = matching([](const Pointer&, const json& j) { return j.is_array(); });
      if (arrays.empty()) break;
      growArray(root[arrays[below(arrays.size())]]);
      return root.dump();  // compact, as a tool writes a large file
    }
    case HostileClass::HugeCount: {
      const auto counts = matching([](const Pointer& p, const json&) {
        const std::string key = p.empty() ? "" : p.back();
        const std::string parent = p.empty() || p.parent_pointer().empty() ? "" : p.parent_pointer().back();
        return key == "count" || (parent == "for_each" && key == "to") || parent == "parameters";
      });
      if (counts.empty()) break;
      root[counts[below(counts.size())]] = kHugeCounts[below(kHugeCounts.size())];
      return root.dump(1);
    }
    case HostileClass::ExtremeNumber: {
      const auto numbers = matching([](const Pointer&, const json& j) { return j.is_number(); });
      if (numbers.empty()) break;
      const std::string marker = "\"@extreme@\"";
      root[numbers[below(numbers.size())]] = "@extreme@";
      std::string out = root.dump(1);
      out.replace(out.find(marker), marker.size(), kExtremeNumberTexts[below(kExtremeNumberTexts.size())]);
      return out;
    }
  }
  // Missing optional fields (also where a scene has nothing of another class to change).
  for (std::size_t k = 0, n = 1 + below(3); k < n; ++k) eraseKeyEverywhere(root, kOptionalKeys[below(kOptionalKeys.size())]);
  return root.dump(1);
}

// The array grown to 1e3 to 2e5 elements (log-uniform): copies of one of its elements, empty
// objects or zeros.
void SceneMutator::growArray(json& array) {
  const auto length = static_cast<std::size_t>(std::pow(10.0, 3.0 + std::uniform_real_distribution<double>(0.0, 2.3)(rng_)));
  const std::size_t fill = below(3);
  const json element = fill == 0 && !array.empty() ? array[below(array.size())] : fill == 1 ? json::object() : json(0);
  while (array.size() < length) array.push_back(element);
}

std::string SceneMutator::mutate(const std::string& text, MutationKind& kind) {
  std::string result = text;
  const std::size_t count = chance(0.6) ? 1 : 2 + below(2);
  for (std::size_t m = 0; m < count; ++m) {
    const auto next = static_cast<MutationKind>(below(5));
    if (m == 0) kind = next;
    result = next == MutationKind::RawBytes ? mutateBytes(result) : mutateJson(result, next);
  }
  return result;
}

std::string SceneMutator::mutateJson(const std::string& text, MutationKind kind) {
  json root = json::parse(text, nullptr, /*allow_exceptions=*/false, /*ignore_comments=*/true);
  if (root.is_discarded()) return mutateBytes(text);  // an earlier raw mutation broke the syntax
  std::vector<Pointer> nodes;
  collect(root, Pointer(), nodes);
  auto pick = [&](auto predicate) -> Pointer {
    std::vector<Pointer> matching;
    for (const Pointer& p : nodes)
      if (predicate(root.at(p))) matching.push_back(p);
    return matching.empty() ? nodes[below(nodes.size())] : matching[below(matching.size())];
  };
  auto randomValue = [&]() -> json {
    switch (below(6)) {
      case 0: return kInterestingNumbers[below(kInterestingNumbers.size())];
      case 1: return kStrings[below(kStrings.size())];
      case 2: return json::array({kInterestingNumbers[below(kInterestingNumbers.size())], 0.0, 1.0});
      case 3: return root.at(nodes[below(nodes.size())]);  // a copy of another subtree
      case 4: return nullptr;
      default: return json::object();
    }
  };

  switch (kind) {
    case MutationKind::Value: {
      json& node = root[pick([](const json& j) { return j.is_number(); })];
      const double old = node.is_number() ? node.get<double>() : 1.0;
      switch (below(4)) {
        case 0: node = kInterestingNumbers[below(kInterestingNumbers.size())]; break;
        case 1: node = old * std::pow(10.0, static_cast<double>(below(13)) - 6.0); break;
        case 2: node = -old; break;
        default: node = old + (chance(0.5) ? 1.0 : 0.37); break;
      }
      break;
    }
    case MutationKind::Key: {
      json& object = root[pick([](const json& j) { return j.is_object() && !j.empty(); })];
      if (!object.is_object()) break;
      if (object.empty() || chance(0.3)) {
        object[kKnownKeys[below(kKnownKeys.size())]] = randomValue();
        break;
      }
      auto it = object.begin();
      std::advance(it, static_cast<long>(below(object.size())));
      const std::string key = it.key();
      json value = *it;
      object.erase(key);
      if (chance(0.4)) break;  // removed
      std::string renamed = key;
      if (chance(0.5) || renamed.empty()) renamed = kKnownKeys[below(kKnownKeys.size())];
      else if (chance(0.5)) renamed.erase(below(renamed.size()), 1);  // a typo
      else renamed.insert(below(renamed.size() + 1), 1, static_cast<char>('a' + below(26)));
      object[renamed] = std::move(value);
      break;
    }
    case MutationKind::Type: {
      if (nodes.size() < 2) break;
      root[nodes[1 + below(nodes.size() - 1)]] = randomValue();
      break;
    }
    case MutationKind::Structure: {
      json& array = root[pick([](const json& j) { return j.is_array() && !j.empty(); })];
      if (!array.is_array() || array.empty()) {
        root[nodes[below(nodes.size())]] = json::array({randomValue()});
        break;
      }
      const std::size_t i = below(array.size()), j = below(array.size());
      switch (below(5)) {
        case 0: array.push_back(array[i]); break;                  // duplicate (names clash)
        case 1: array.erase(i); break;                             // drop
        case 2: std::swap(array[i], array[j]); break;              // reorder
        case 3: array[i] = json::array({array[i], array[i]}); break;  // nest
        default: array.clear(); break;
      }
      break;
    }
    case MutationKind::RawBytes: break;
  }
  return root.dump(chance(0.5) ? 1 : -1);
}

std::string SceneMutator::mutateBytes(std::string text) {
  static constexpr std::array kTokens = {"{", "}", "[", "]", ",", ":", "\"", "//", "/*", "*/", "\\u0000", "\\",
                                         "1e999", "-", "null", "\xff", "\xc3", "\n", "0x10", "NaN"};
  if (text.empty()) return std::string(kTokens[below(kTokens.size())]);
  const std::size_t at = below(text.size());
  switch (below(6)) {
    case 0: text[at] = static_cast<char>(text[at] ^ (1 << below(8))); break;  // flip a bit
    case 1: text.insert(at, kTokens[below(kTokens.size())]); break;
    case 2: text.erase(at, 1 + below(16)); break;
    case 3: text.resize(at); break;  // truncated file
    case 4: text.insert(at, text.substr(below(text.size()), 1 + below(64))); break;
    default: text[at] = static_cast<char>(below(256)); break;
  }
  return text;
}

}  // namespace articulab::fuzz
