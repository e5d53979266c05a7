// Recursive hybrid dynamics in O(n) (sueda notes 2.12, Alg 9; Kim 2012): the articulated-body
// algorithm with the applied forces of engine/forces/ (Coriolis, gravity, mouse spring, force
// elements, joint springs and dampers), in
// which driven joints (Joint::driven) follow a prescribed acceleration and report the force it
// takes. With no driven joint it is forward dynamics, qddot = M_r^-1 f_r (eq 2.18, 2.73).
#pragma once

#include "engine/multibody/state.hpp"
#include "engine/solvers/recursive/articulated_body.hpp"
#include "engine/solvers/recursive/jacobian_products.hpp"

namespace articulab {

struct HybridDynamicsWorkspace {
  TreeKinematics kin;
  ArticulatedBodyWorkspace articulated;
  VectorX jointForce;  // joint springs and dampers, nq
  BodyVectors bodyForce;  // applied body forces (engine/forces/applied_forces.hpp)
  explicit HybridDynamicsWorkspace(const Model& model = Model{});
};

// qdd receives every joint's acceleration: computed for free joints, copied from prescribed
// for driven ones. drivenForce receives, for driven joints, the generalized force an actuator
// must add to the joint's own spring and damper; zero for free joints. prescribed is read only
// at driven joints. If the articulated inertia is singular, qdd is filled with NaN.
void hybridDynamics(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                    const VectorX& prescribed, HybridDynamicsWorkspace& ws, VectorX& qdd, VectorX& drivenForce);
// The same with ws.kin already filled by computeKinematics at (q, qdot): Alg 9 lines
// 6-28 only, as loadHybridDynamics followed by solveHybridDynamics without joint blocks.
void hybridDynamicsAtKinematics(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                                const VectorX& prescribed, HybridDynamicsWorkspace& ws, VectorX& qdd,
                                VectorX& drivenForce);

// The inputs of Alg 9 at ws.kin: joint springs and dampers in ws.jointForce, and per body
// M^_i = M_i, B^_i = -(ad(phi)^T M phi + f_ext) (lines 7-8). A caller may change them before
// solveHybridDynamics (e.g. the linearly implicit step, spring_implicit_velocity.hpp).
void loadHybridDynamics(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                        HybridDynamicsWorkspace& ws);
// Alg 9 lines 6-28 on the loaded inputs, with blocks (may be null) added to the free joints'
// pivots (Alg 10 line 10) and cross (may be null) to their U (JointCrossBlocks): qdd and
// drivenForce as for hybridDynamics.
void solveHybridDynamics(const Model& model, const VectorX& prescribed, const JointBlocks* blocks,
                         HybridDynamicsWorkspace& ws, VectorX& qdd, VectorX& drivenForce,
                         const JointCrossBlocks* cross = nullptr);

}  // namespace articulab
