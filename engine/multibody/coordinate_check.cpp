#include "engine/multibody/coordinate_check.hpp"

#include "engine/multibody/scleronomic_joint.hpp"

namespace articulab {

std::string checkGeneralJointCoordinates(const Model& model, const VectorX& q) {
  for (const Joint& joint : model.joints) {
    if (!joint.general) continue;
    const double* qj = q.data() + joint.qIndex;
    std::string problem = joint.general->checkCoordinates(qj);  // empty strings do not allocate
    if (problem.empty() && !joint.general->transform(qj).allFinite()) problem = "its transform Q(q) is not finite";
    if (!problem.empty()) return "joint '" + joint.name + "' (" + joint.general->typeName() + "): " + problem;
  }
  return {};
}

}  // namespace articulab
