#include "engine/io/scene_closed_form.hpp"

#include <algorithm>

#include "engine/diagnostics/closed_form.hpp"
#include "engine/io/model_loader.hpp"
#include "engine/io/scene_json.hpp"

namespace articulab {

namespace scene_io {

void checkClosedForm(const Node& node, const Model& model) {
  expectObject(node, {"solution"});
  const Node solution = node["solution"];
  const std::string name = readName(solution);
  const std::vector<std::string>& names = closedFormNames();
  if (std::find(names.begin(), names.end(), name) == names.end())
    solution.fail("unknown closed form " + inQuotes(name) + "; expected one of " + listNames(names) +
                  suggestion(name, names));
  try {
    const ClosedForm check(model, name);
  } catch (const ClosedFormError& e) {
    solution.fail(name + " does not hold for this scene: " + e.what());
  }
}

}  // namespace scene_io

std::string declaredClosedForm(const std::string& scenePath) {
  if (modelFormatOf(scenePath) != ModelFormat::Scene) return "";
  const SceneLimits limits = scene_io::resolveLimits(SceneLimits{});
  const scene_io::Json json = scene_io::parseSceneJson(scene_io::readSceneText(scenePath, limits), scenePath, limits);
  if (!json.is_object() || !json.contains("closed_form")) return "";
  const scene_io::Json& closedForm = json["closed_form"];
  if (!closedForm.is_object() || !closedForm.contains("solution") || !closedForm["solution"].is_string()) return "";
  return closedForm["solution"].get<std::string>();
}

}  // namespace articulab
