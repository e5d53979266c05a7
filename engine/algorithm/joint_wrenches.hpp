// The wrench each joint transmits to its child body (issue 16's inspector), from the motion alone
// and so the same for every back-end: the backward pass of Newton-Euler inverse dynamics
// (sueda notes eq 1.21 per body, Alg 6 for the sum over the subtree) without the projection on
// the joint's motion subspace,
//   w_i = M_i a_i - f_i - f_contact,i + sum over children c of Ad_ci^T w_c,
// with a_i the body accelerations of (q, qdot, qddot) (eq 2.17), f_i the applied body forces
// (gravity, Coriolis, force elements, muscles, the mouse spring; engine/forces/) and f_contact,i
// the contact forces of the state's last step (State::outputs). w_i is what the parent (or the
// world, for a root) exerts on body i through joint i, everything along and across the joint's
// axes: its actuation, spring, limit and friction forces as well as the constraint wrench.
//
// Exact on a tree when qddot is the acceleration the forces produced; with the discrete qddot of
// a step ((qdot' - qdot)/h) it is that of the step, to O(h). Loop closures are not in it: their
// forces act on the bodies they join, so for a joint whose subtree a closure touches (see
// subtreeHasLoop) w_i is the joint's wrench plus the closure forces on that subtree, moved to
// body i.
#pragma once

#include "engine/algorithm/inverse_dynamics.hpp"

namespace articulab {

// The wrench of joint i on body i in world axes, its moment about the joint's origin (the point
// of the joint frame fixed in the child, E_0i E_jc^-1).
struct JointWrench {
  Vector3 force = Vector3::Zero();   // N
  Vector3 moment = Vector3::Zero();  // N m, about `point`
  Vector3 point = Vector3::Zero();   // world, m
};

// Adds the contact forces of outputs (the first contactCount) as body wrenches (n; f), body
// coordinates about the body origin: +F on `body`, -F on `other`.
void addContactWrenches(const Model& model, const TreeKinematics& kin, const StepOutputs& outputs,
                        std::vector<Vector6>& wrench);

// ws.wrench[i] = w_i above, body i coordinates, moment about body i's origin, for every body, at
// the (q, qdot) of kin (computeKinematics) and the accelerations qdd.
void jointWrenches(const Model& model, const TreeKinematics& kin, const VectorX& qdd, const ForceInputs& inputs,
                   const StepOutputs& outputs, InverseDynamicsWorkspace& ws);

// Body i's w_i of jointWrenches in world axes about the joint's origin.
JointWrench worldJointWrench(const Model& model, const TreeKinematics& kin, const InverseDynamicsWorkspace& ws, int i);

// Whether a loop closure acts on body i or on a body of its subtree (then w_i leaves its force out).
bool subtreeHasLoop(const Model& model, int i);

}  // namespace articulab
