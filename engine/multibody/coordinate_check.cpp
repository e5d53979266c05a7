#include "engine/multibody/coordinate_check.hpp"

#include "engine/multibody/scleronomic_joint.hpp"

namespace articulab {

std::string checkGeneralJointCoordinates(const Model& model, const VectorX& q) {
  for (const Joint& joint : model.joints) {
    if (!joint.general) continue;
    const double* qj = q.data() + joint.qIndex;
    const std::string where = "joint '" + joint.name + "' (" + joint.general->typeName() + ")";
    if (std::string problem = joint.general->checkCoordinates(qj); !problem.empty()) return where + ": " + problem;
    if (!joint.general->transform(qj).allFinite()) return where + ": its transform Q(q) is not finite";
  }
  return {};
}

}  // namespace articulab
