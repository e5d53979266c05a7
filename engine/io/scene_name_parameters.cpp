#include "engine/io/scene_name_parameters.hpp"

#include <cctype>
#include <cmath>

namespace articulab::scene_io {

namespace {

const char* const kForms = "expected {$parameter}, {$parameter+k} or {$parameter-k} with k a whole number";

bool isNameCharacter(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The integer value of a declared parameter.
long parameterValue(const Node& node, const std::string& name, const std::string& text) {
  if (node.context().parametersPending) throw ParametersPending{};
  const auto& parameters = node.context().parameters;
  const auto found = parameters.find(name);
  if (found == parameters.end()) {
    std::vector<std::string> declared;
    for (const auto& entry : parameters) declared.push_back(entry.first);
    node.fail("unknown parameter " + inQuotes(name) + " in body name " + inQuotes(text) + "; " +
              (declared.empty() ? "this scene declares no \"parameters\"" : "declared parameters: " + listNames(declared)));
  }
  const double value = found->second;
  if (!std::isfinite(value) || value != std::floor(value) || std::fabs(value) > 1e9)
    node.fail("parameter " + inQuotes(name) + " is " + formatNumber(value) + " in body name " + inQuotes(text) +
              "; a name can use only a whole number");
  return static_cast<long>(value);
}

// The integer of one "$p", "$p+k" or "$p-k" (the text between the braces).
long evaluate(const Node& node, const std::string& inner, const std::string& text) {
  std::size_t end = 1;
  while (end < inner.size() && isNameCharacter(inner[end])) ++end;
  if (inner.empty() || inner[0] != '$' || end == 1)
    node.fail("\"{" + inner + "}\" in body name " + inQuotes(text) + ": " + kForms);
  const long base = parameterValue(node, inner.substr(1, end - 1), text);
  if (end == inner.size()) return base;
  const std::string offset = inner.substr(end + 1);
  const bool digits = !offset.empty() && offset.size() <= 9 &&
                      offset.find_first_not_of("0123456789") == std::string::npos;
  if ((inner[end] != '+' && inner[end] != '-') || !digits)
    node.fail("\"{" + inner + "}\" in body name " + inQuotes(text) + ": " + kForms);
  const long k = std::stol(offset);
  return inner[end] == '+' ? base + k : base - k;
}

}  // namespace

std::string expandNameParameters(const Node& node, const std::string& name) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t open = name.find("{$"); open != std::string::npos; open = name.find("{$", at)) {
    const std::size_t close = name.find('}', open);
    if (close == std::string::npos) node.fail("unclosed \"{\" in body name " + inQuotes(name) + "; " + kForms);
    out += name.substr(at, open - at);
    out += std::to_string(evaluate(node, name.substr(open + 1, close - open - 1), name));
    at = close + 1;
  }
  return out + name.substr(at);
}

}  // namespace articulab::scene_io
