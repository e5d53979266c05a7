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
  const int index = model.findBody(name);
  if (index >= 0) return index;
  std::vector<std::string> names;
  for (const Body& body : model.bodies) names.push_back(body.name);
  node.fail("unknown body " + inQuotes(name) + suggestion(name, names) + "; expected " +
            (allowWorld ? "\"world\" or " : "") + "one of the bodies: " + listNames(names));
}

}  // namespace articulab::scene_io
