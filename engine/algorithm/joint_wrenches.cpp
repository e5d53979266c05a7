#include "engine/algorithm/joint_wrenches.hpp"

#include <algorithm>

#include "engine/forces/applied_forces.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab {

namespace {

// A world force F at world point x on body b as a body wrench: Gamma(x_b)^T R^T F (sueda eq 1.12).
Vector6 pointForceWrench(const BodyKinematics& body, const Vector3& x, const Vector3& F) {
  const Vector3 local = body.R_0i.transpose() * (x - body.p_0i);
  return se3::Gamma(local).transpose() * (body.R_0i.transpose() * F);
}

// Whether body `descendant` is body i or below it in the tree (parents come before children).
bool inSubtree(const Model& model, int i, int descendant) {
  while (descendant > i) descendant = model.joints[descendant].parent;
  return descendant == i;
}

}  // namespace

void addContactWrenches(const Model& model, const TreeKinematics& kin, const StepOutputs& outputs,
                        std::vector<Vector6>& wrench) {
  const int count = std::min<int>(outputs.contactCount, static_cast<int>(outputs.contacts.size()));
  for (int c = 0; c < count; ++c) {
    const ContactOutput& contact = outputs.contacts[c];
    const Vector3 F = contact.normalForce * contact.normal + contact.friction;
    if (contact.body >= 0 && contact.body < model.bodyCount())
      wrench[contact.body] += pointForceWrench(kin.bodies[contact.body], contact.point, F);
    if (contact.other >= 0 && contact.other < model.bodyCount())
      wrench[contact.other] -= pointForceWrench(kin.bodies[contact.other], contact.point, F);
  }
}

void jointWrenches(const Model& model, const TreeKinematics& kin, const VectorX& qdd, const ForceInputs& inputs,
                   const StepOutputs& outputs, InverseDynamicsWorkspace& ws) {
  computeBodyForces(model, TreeMotion{kin}, inputs, ws.bodyForce);
  addContactWrenches(model, kin, outputs, ws.bodyForce);
  netBodyWrenches(model, kin, &qdd, ws);
  for (int i = model.bodyCount() - 1; i >= 0; --i) {  // Alg 6 lines 3-6: children into their parent
    const int parent = model.joints[i].parent;
    if (parent >= 0) ws.wrench[parent] += kin.bodies[i].E_pi.wrenchToParent(ws.wrench[i]);
  }
}

JointWrench worldJointWrench(const Model& model, const TreeKinematics& kin, const InverseDynamicsWorkspace& ws, int i) {
  const BodyKinematics& body = kin.bodies[i];
  const Matrix4& E_jc = model.joints[i].E_jc;
  const Vector3 jointInBody = -E_jc.topLeftCorner<3, 3>().transpose() * E_jc.topRightCorner<3, 1>();  // E_jc^-1
  JointWrench out;
  out.point = body.R_0i * jointInBody + body.p_0i;
  out.force = body.R_0i * ws.wrench[i].tail<3>();
  // moment about the joint = moment about the body origin + (origin - joint) x force
  out.moment = body.R_0i * ws.wrench[i].head<3>() + (body.p_0i - out.point).cross(out.force);
  return out;
}

bool subtreeHasLoop(const Model& model, int i) {
  for (const LoopConstraint& loop : model.loops)
    if ((loop.bodyA >= 0 && inSubtree(model, i, loop.bodyA)) || (loop.bodyB >= 0 && inSubtree(model, i, loop.bodyB)))
      return true;
  return false;
}

}  // namespace articulab
