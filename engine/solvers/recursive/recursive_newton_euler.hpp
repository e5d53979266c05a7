// The reduced force f_r(q, qdot) of eq 2.73 in O(n) on the recursive kinematics: minus the
// recursive Newton-Euler inverse dynamics at qddot = 0 (sueda 2.10: J^T (f_m - M_m Jdot qdot)
// with the products of Alg 5-6), plus joint springs and dampers (eq 2.72, 2.74); the applied forces of engine/forces/.
#pragma once

#include "engine/multibody/state.hpp"
#include "engine/solvers/recursive/jacobian_products.hpp"

namespace articulab {

struct NewtonEulerWorkspace {
  BodyVectors accel;   // body accelerations at qddot = 0 (Jdot qdot)
  BodyVectors wrench;  // subtree wrenches
  BodyVectors bodyForce;  // applied body forces (engine/forces/applied_forces.hpp)
  explicit NewtonEulerWorkspace(const Model& model = Model{});
};

// f = f_r at the (q, qdot) of kin (computeRecursiveKinematics); q is read for the joint springs.
void recursiveGeneralizedForce(const Model& model, const RecursiveKinematics& kin, const VectorX& q,
                               const VectorX& qd, const Perturbation& pert, NewtonEulerWorkspace& ws, VectorX& f);

}  // namespace articulab
