#include "engine/multibody/primitive_transform.hpp"

#include <stdexcept>

namespace articulab {

std::shared_ptr<const ScleronomicJoint> primitiveJointByJets(const Joint& joint) {
  switch (joint.nq) {
    case 1: return std::make_shared<PrimitiveJointByJets<1>>(joint.parts);
    case 2: return std::make_shared<PrimitiveJointByJets<2>>(joint.parts);
    case 3: return std::make_shared<PrimitiveJointByJets<3>>(joint.parts);
    case 4: return std::make_shared<PrimitiveJointByJets<4>>(joint.parts);
    case 5: return std::make_shared<PrimitiveJointByJets<5>>(joint.parts);
    case 6: return std::make_shared<PrimitiveJointByJets<6>>(joint.parts);
    default: throw std::invalid_argument("joint '" + joint.name + "' has no coordinates to differentiate");
  }
}

}  // namespace articulab
