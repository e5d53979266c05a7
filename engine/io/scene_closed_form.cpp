#include "engine/io/scene_closed_form.hpp"

#include <algorithm>

#include "engine/diagnostics/closed_form.hpp"

namespace articulab {

namespace scene_io {

std::string readClosedForm(const Node& node, const Model& model) {
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
  return name;
}

bool closedFormHoldsFrom(const Model& model, const VectorX& q0, const VectorX& qd0) {
  if (model.closedForm.empty()) return false;
  try {
    const ClosedForm check(model, model.closedForm, q0, qd0);
    return true;
  } catch (const ClosedFormError&) {
    return false;
  }
}

}  // namespace scene_io

}  // namespace articulab
