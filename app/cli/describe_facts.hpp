// What `articulab describe` and `articulab backends` report, computed once for both of their
// forms (text and --json): each back-end's verdict on a scene and the model's counts by type.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab::cli {

struct IntegratorVerdict {
  std::string name;
  bool onThisScene = false;  // the back-end runs the scene with it
};

// Whether a back-end runs the scene: the run plan the scene's request gives on it (run_plan.hpp),
// so that describe says what run does.
struct BackendVerdict {
  std::string name;
  bool runs = false;
  std::string refusal;  // why not, when !runs
  std::vector<IntegratorVerdict> integrators;
  std::vector<std::string> warnings, notes;
};

std::vector<BackendVerdict> backendVerdicts(const Model& model);

// Joints by scene-format type name ("revolute": 500), shapes by type ("box": 500).
std::map<std::string, int> jointTypeCounts(const Model& model);
std::map<std::string, int> shapeTypeCounts(const Model& model);
const char* shapeTypeName(ShapeType type);

// "loops, ground contact and body contact (on implicit, semi-implicit), joint friction".
std::string capabilityText(const BackendCapabilities& capabilities);

}  // namespace articulab::cli
