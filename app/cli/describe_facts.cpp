#include "app/cli/describe_facts.hpp"

#include "engine/run/run_plan.hpp"

namespace articulab::cli {

std::vector<BackendVerdict> backendVerdicts(const Model& model) {
  std::vector<BackendVerdict> verdicts;
  for (const BackendInfo& info : backends()) {
    BackendVerdict verdict;
    verdict.name = info.name;
    RunRequest request;
    request.backend = info.name;
    RunPlan plan;
    try {
      plan = resolveRun(model, request);
    } catch (const RunRefusal& refused) {
      verdict.refusal = refused.reason();
      verdicts.push_back(std::move(verdict));
      continue;
    }
    verdict.runs = true;
    for (const IntegratorInfo& offered : info.integrators) {
      request.requireIntegrator(offered.integrator.name());
      verdict.integrators.push_back({offered.integrator.name(), resolves(model, request)});
    }
    verdict.warnings = plan.support.warnings;
    verdict.notes = plan.support.notes;
    verdicts.push_back(std::move(verdict));
  }
  return verdicts;
}

std::map<std::string, int> jointTypeCounts(const Model& model) {
  std::map<std::string, int> counts;
  for (const Joint& joint : model.joints) ++counts[jointTypeName(joint)];
  return counts;
}

std::map<std::string, int> shapeTypeCounts(const Model& model) {
  std::map<std::string, int> counts;
  for (const Body& body : model.bodies)
    for (const BodyShape& shape : body.shapes) ++counts[shapeTypeName(shape.dims.type)];
  return counts;
}

const char* shapeTypeName(ShapeType type) {
  switch (type) {
    case ShapeType::Box: return "box";
    case ShapeType::Sphere: return "sphere";
    case ShapeType::Ellipsoid: return "ellipsoid";
    case ShapeType::Cylinder: return "cylinder";
    case ShapeType::Capsule: return "capsule";
    case ShapeType::Torus: return "torus";
    case ShapeType::Mesh: return "mesh";
  }
  return "?";
}

std::string capabilityText(const BackendCapabilities& c) {
  std::string text;
  const auto add = [&text](bool has, const std::string& what) {
    if (has) text += (text.empty() ? "" : ", ") + what;
  };
  std::string contactIntegrators;
  for (Integrator integrator : c.contactIntegrators)
    contactIntegrators += (contactIntegrators.empty() ? "" : ", ") + std::string(integrator.name());
  add(c.loops, "loop closures");
  add(c.groundContact, "ground contact");
  add(c.bodyContact, "body contact");
  if (c.groundContact || c.bodyContact) text += " (on " + contactIntegrators + ")";
  add(c.jointFriction, "joint friction");
  return text.empty() ? "trees without contact or joint friction" : text;
}

}  // namespace articulab::cli
