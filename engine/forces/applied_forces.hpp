// Every force the model applies, assembled in one place for every back-end (sueda 1.9, 2.72-2.74):
//   body[i]: the right-hand side of body i's Newton-Euler equation M phidot = f without
//            constraint forces (eq 1.21-1.22): the Coriolis term ad(phi)^T M phi, gravity at the
//            centre of mass, the mouse spring, the force elements and the muscles, in body
//            coordinates;
//   joint:   the joint springs and dampers, -K (q - rest) - D qdot (eq 2.72, 2.74).
// Joint springs stay in joint space because they act on coordinates: the reduced back-ends add
// them to f_r as they are and baraff turns them into a wrench pair on child and parent.
#pragma once

#include <vector>

#include "engine/forces/element_wrenches.hpp"
#include "engine/forces/muscle_tension.hpp"
#include "engine/forces/muscle_wrenches.hpp"
#include "engine/multibody/state.hpp"

namespace articulab {

struct AppliedForces {
  std::vector<Vector6> body;
  VectorX joint;
  explicit AppliedForces(const Model& model = Model{});
};

// ad(phi)^T M phi + Gamma(com)^T R^T m g in body coordinates (eq 1.21-1.22), with
// ad(phi)^T (n; f) = (-w x n - v x f; -w x f).
Vector6 coriolisAndGravity(const Body& body, const Vector3& gravity, const Matrix3& R_0i, const Vector6& phi);

// The mouse spring as a linear spring from its world target to the body point (sueda 1.9.3).
ForceElement perturbationElement(const Perturbation& pert);

// Adds -K (q - rest) - D qdot of every joint into f (eq 2.72, 2.74).
void addJointForces(const Model& model, const VectorX& q, const VectorX& qd, VectorX& f);

// Adds the wrenches of the mouse spring, the force elements and the muscles (at the inputs'
// activations) to body[], for bodies stored as `motion` (rigid_motion.hpp).
template <class Motion>
void addActuatedWrenches(const Model& model, const Motion& motion, const ForceInputs& inputs, std::vector<Vector6>& body) {
  const Perturbation& pert = inputs.perturbation;
  if (pert.body >= 0) addElementWrenches(perturbationElement(pert), RigidMotion{}, motion.rigid(pert.body), body);
  for (const ForceElement& element : model.forces)
    addElementWrenches(element, attachmentMotion(motion, element.a), attachmentMotion(motion, element.b), body);
  MusclePath path;
  for (std::size_t m = 0; m < model.muscles.size(); ++m) {
    const Muscle& muscle = model.muscles[m];
    musclePath(muscle, motion, path);
    const double activation = activationOf(inputs.activations, m);
    addMuscleWrenches(muscle, path, muscleTension(muscle, path.length, path.lengthRate, activation).force, body);
  }
}

// body[] of AppliedForces for bodies stored as `motion`.
template <class Motion>
void computeBodyForces(const Model& model, const Motion& motion, const ForceInputs& inputs, std::vector<Vector6>& body) {
  for (int i = 0; i < model.bodyCount(); ++i)
    body[i] = coriolisAndGravity(model.bodies[i], model.gravity, motion.rotation(i), motion.twist(i));
  addActuatedWrenches(model, motion, inputs, body);
}

template <class Motion>
void computeAppliedForces(const Model& model, const Motion& motion, const VectorX& q, const VectorX& qd,
                          const ForceInputs& inputs, AppliedForces& out) {
  computeBodyForces(model, motion, inputs, out.body);
  out.joint.setZero();
  addJointForces(model, q, qd, out.joint);
}

}  // namespace articulab
