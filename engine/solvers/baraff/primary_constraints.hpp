// Primary constraint rows of each tree joint at the current maximal state (sueda eq 1.69):
//   delta = Ad(E_jc) (phi_c - Ad_cp phi_p)  is the relative twist in the joint frame,
//   P^T delta = 0                           holds at the velocity level, and differentiating
//   Gc a_c + Gp a_p = P^T Sdot qdot - Gc ad(phi_c) Ad_cp phi_p   at the acceleration level,
// with Gc = P^T Ad(E_jc) and Gp = -Gc Ad_cp. The same accelerations follow from RedMax's
// phidot_c = Ad_cp phidot_p + dAd_cp phi_p + Ad_cJ (S qddot + Sdot qdot) (eq 2.15-2.17).
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/solvers/baraff/constraint_system.hpp"

namespace articulab::baraff {

// Recovers joint i's q and qdot (State layout) from the body poses and twists, then fills
// its rows, bias and velocity violation; the position violation g = P^T log(Q(q)^-1 Q) too
// when withError is set.
void assemblePrimaryConstraint(const Model& model, int i, const std::vector<Matrix4>& E_0i,
                               const std::vector<Vector6>& phi, bool withError, VectorX& q, VectorX& qd,
                               PrimaryConstraint& out);

}  // namespace articulab::baraff

namespace articulab::baraff {

// Joint accelerations qddot from body accelerations a: the least-squares solution of
// S qddot = Ad(E_jc) (a_c - Ad_cp a_p + ad(phi_c) Ad_cp phi_p) - Sdot qdot (eq 2.15-2.17).
void jointAccelerations(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                        const std::vector<Vector6>& a, const VectorX& q, const VectorX& qd, VectorX& qdd);

}  // namespace articulab::baraff
