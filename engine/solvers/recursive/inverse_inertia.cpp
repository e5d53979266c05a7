#include "engine/solvers/recursive/inverse_inertia.hpp"

namespace articulab {

bool factorInverseInertia(const Model& model, const TreeKinematics& kin, const JointBlocks* blocks, bool hybrid,
                          ArticulatedBodyWorkspace& ws) {
  return eliminateArticulatedInertia(model, kin, blocks, hybrid, ws);
}

void applyInverseInertia(const Model& model, const TreeKinematics& kin, const VectorX& x, bool hybrid,
                         ArticulatedBodyWorkspace& ws, VectorX& y) {
  for (ArticulatedBody& body : ws.bodies) body.bias.setZero();  // no body forces: B^ = sum of children
  const ArticulatedInput in{&x, hybrid ? &x : nullptr, false};
  accumulateBiasForces(model, kin, in, ws);
  propagateAccelerations(model, kin, in, ws, y);
  if (!hybrid) return;
  for (const Joint& joint : model.joints)
    if (joint.driven) y.segment(joint.qIndex, joint.nq) = x.segment(joint.qIndex, joint.nq);
}

}  // namespace articulab
