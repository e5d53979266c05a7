// The reduced force f_r(q, qdot) of eq 2.73 in O(n) on the recursive kinematics: minus the
// recursive Newton-Euler inverse dynamics at qddot = 0 (sueda 2.10: J^T (f_m - M_m Jdot qdot)
// with the products of Alg 5-6), plus joint springs and dampers (eq 2.72, 2.74).
#pragma once

#include "engine/multibody/state.hpp"
#include "engine/solvers/recursive/jacobian_products.hpp"

namespace articulab {

// ad(phi)^T M phi plus gravity at the centre of mass on body i, body coordinates (eq 1.21-1.22);
// the same wrench as bodyWrench, from the recursive kinematics.
Vector6 coriolisAndGravity(const Model& model, int i, const BodyKinematics& k);

struct NewtonEulerWorkspace {
  BodyVectors accel;   // body accelerations at qddot = 0 (Jdot qdot)
  BodyVectors wrench;  // subtree wrenches
  explicit NewtonEulerWorkspace(const Model& model = Model{});
};

// f = f_r at the (q, qdot) of kin (computeRecursiveKinematics); q is read for the joint springs.
void recursiveGeneralizedForce(const Model& model, const RecursiveKinematics& kin, const VectorX& q,
                               const VectorX& qd, const Perturbation& pert, NewtonEulerWorkspace& ws, VectorX& f);

}  // namespace articulab
