#include "engine/io/scene_body_reference.hpp"

#include "engine/io/scene_name_parameters.hpp"

namespace articulab::scene_io {

int readBodyReference(const Node& node, const Model& model, const std::string& worldField) {
  return findBodyReference(node, readName(node), model, worldField);
}

int findBodyReference(const Node& node, const std::string& text, const Model& model, const std::string& worldField) {
  const std::string name = expandNameParameters(node, text);  // "link{$n-1}"
  const bool allowWorld = worldField.empty();
  if (name == "world") {
    if (allowWorld) return -1;
    node.fail("\"world\" is allowed only as " + inQuotes(worldField) + "; expected a body name here");
  }
  const auto& index = node.context().bodyIndex;  // built with the tree: a lookup in constant time
  if (const auto found = index.find(name); found != index.end()) return found->second;
  std::vector<std::string> names;
  for (const Body& body : model.bodies) names.push_back(body.name);
  node.fail("unknown body " + inQuotes(name) + suggestion(name, names) + "; expected " +
            (allowWorld ? "\"world\" or " : "") + "one of the bodies: " + listNames(names));
}

}  // namespace articulab::scene_io
