#include "app/gui/body_inspection.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>

#include "engine/forces/force_drawing.hpp"
#include "engine/forces/muscle_readings.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab::gui {

namespace {

void addForces(const Model& model, const State& state, int b, BodyInspection& out) {
  out.forces.push_back({"gravity", "gravity", model.bodies[b].mass * model.gravity.norm()});
  std::vector<ForceElementDrawing> drawings;
  forceElementDrawings(model, state, drawings);
  for (std::size_t e = 0; e < model.forces.size(); ++e) {
    const ForceElement& element = model.forces[e];
    if (element.a.body == b || element.b.body == b)
      out.forces.push_back({element.name, forceElementTypeName(element.type), drawings[e].tension});
  }
  for (std::size_t m = 0; m < model.muscles.size(); ++m)
    for (const Attachment& point : model.muscles[m].path)
      if (point.body == b) {
        out.forces.push_back({model.muscles[m].name, "muscle", readMuscle(model, state, m).force});
        break;
      }
}

// The contacts of the last step that act on body b: as reported on `body`, or opposite on `other`.
void addContacts(const Model& model, const State& state, int b, BodyInspection& out) {
  const StepOutputs& outputs = state.outputs;
  const int count = std::min<int>(outputs.contactCount, static_cast<int>(outputs.contacts.size()));
  for (int c = 0; c < count; ++c) {
    const ContactOutput& contact = outputs.contacts[c];
    if (contact.body != b && contact.other != b) continue;
    const bool reported = contact.body == b;
    const int with = reported ? contact.other : contact.body;
    const double sign = reported ? 1.0 : -1.0;
    out.contacts.push_back({contact.point, contact.normalForce, sign * contact.normal, sign * contact.friction,
                            with < 0 ? std::string("ground") : model.bodies[with].name});
    out.contactSum += sign * (contact.normalForce * contact.normal + contact.friction);
  }
}

// The wrench joint b transmits, from the state's (q, qdot), the step's qddot and contacts.
void addJointWrench(const Model& model, const State& state, int b, BodyInspection& out) {
  if (state.qdd.size() != model.nq || !state.qdd.allFinite()) return;
  TreeKinematics kin(model);
  computeKinematics(model, state.q, state.qd, kin);
  InverseDynamicsWorkspace ws(model);
  jointWrenches(model, kin, state.qdd, forceInputs(state), state.outputs, ws);
  out.jointWrench = worldJointWrench(model, kin, ws, b);
  out.hasJointWrench = true;
  out.loopOnSubtree = subtreeHasLoop(model, b);
}

}  // namespace

BodyInspection inspectBody(const Model& model, const State& state, int b) {
  BodyInspection out;
  const Body& body = model.bodies[b];
  out.name = body.name;
  out.mass = body.mass;
  out.centreOfMass = body.com;
  const Matrix3 skew = so3::skew(body.com);
  const Matrix3 inertiaAtCentre = body.M.topLeftCorner<3, 3>() + body.mass * skew * skew;  // parallel axes back
  out.principalMoments = Eigen::SelfAdjointEigenSolver<Matrix3>(inertiaAtCentre, Eigen::EigenvaluesOnly).eigenvalues();
  const Matrix3 R = state.E_0i[b].topLeftCorner<3, 3>();
  out.position = state.E_0i[b].topRightCorner<3, 1>();
  out.rotation = so3::log(R);
  const Vector6& phi = state.phi[b];  // (omega; v) in body coordinates
  out.angularVelocity = R * phi.head<3>();
  out.centreVelocity = R * (phi.tail<3>() + phi.head<3>().cross(body.com));
  out.kinetic = 0.5 * phi.dot(body.M * phi);
  const Joint& joint = model.joints[b];
  out.joint = joint.name;
  out.jointType = jointTypeName(joint);
  out.parent = joint.parent < 0 ? "world" : model.bodies[joint.parent].name;
  out.q = state.q.segment(joint.qIndex, joint.nq);
  out.coordinateKinds.assign(joint.nq, CoordinateKind::Unknown);
  int k = 0;
  for (const JointPart& part : joint.parts)
    for (int c = 0; c < part.nq && k < joint.nq; ++c, ++k)
      out.coordinateKinds[k] = isTranslationCoordinate(part, c) ? CoordinateKind::Length : CoordinateKind::Angle;
  out.qd = state.qd.segment(joint.qIndex, joint.nq);
  out.qdd = state.qdd.size() == state.q.size() ? VectorX(state.qdd.segment(joint.qIndex, joint.nq)) : VectorX();
  out.hasLimits = joint.hasLimits;
  out.lower = joint.lower;
  out.upper = joint.upper;
  out.stiffness = joint.stiffness;
  out.damping = joint.damping;
  addForces(model, state, b, out);
  addContacts(model, state, b, out);
  addJointWrench(model, state, b, out);
  return out;
}

}  // namespace articulab::gui
