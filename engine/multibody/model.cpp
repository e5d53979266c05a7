#include "engine/multibody/model.hpp"

namespace articulab {

int Model::findBody(const std::string& bodyName) const {
  for (int i = 0; i < bodyCount(); ++i)
    if (bodies[i].name == bodyName) return i;
  return -1;
}

std::string finalizeModel(Model& model) {
  if (model.joints.size() != model.bodies.size()) return "every body needs exactly one parent joint";
  int nq = 0;
  for (int i = 0; i < model.bodyCount(); ++i) {
    Joint& joint = model.joints[i];
    if (joint.child != i) return "joint '" + joint.name + "' is not stored at its child's index";
    if (joint.parent >= i) return "joint '" + joint.name + "' appears before its parent body";
    joint.nq = 0;
    for (const JointPart& part : joint.parts) joint.nq += part.nq;
    joint.qIndex = nq;
    nq += joint.nq;
    if (joint.rest.size() != joint.nq) joint.rest = VectorX::Zero(joint.nq);
  }
  model.nq = nq;
  if (model.q0.size() != nq) model.q0 = VectorX::Zero(nq);
  if (model.qd0.size() != nq) model.qd0 = VectorX::Zero(nq);
  return {};
}

const char* loopTypeName(LoopType type) {
  switch (type) {
    case LoopType::Point: return "point";
    case LoopType::Hinge: return "hinge";
    case LoopType::Weld: return "weld";
  }
  return "point";
}

}  // namespace articulab
