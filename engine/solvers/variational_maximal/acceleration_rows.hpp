// Acceleration-level constraint rows of forwardDynamics (the limit h -> 0 of eq 26, 33), exact:
// the velocity rows of every joint (sueda eq 1.69) and loop closure (eq 2.94-2.97) with their
// curvature terms in closed form, in this back-end's coordinates (omega in body axes, v of the
// centre of mass in world axes). For a joint with constraint basis P, relative twist
// delta = Ad(E_jc)(phi_c - Ad_cp phi_p) = S qdot and Jc = P^T Ad(E_jc), Jp = -Jc Ad_cp:
//   Jc phidot_c + Jp phidot_p = P^T Sdot qdot - Jc ad(phi_c) Ad_cp phi_p.
// A row J on a body twist becomes G = [J_w + J_v [c], J_v R^T] on u (constraint_blocks.hpp), and
// phidot = (omegadot; R^T vdot - omega x R^T v + c x omegadot) moves J_v (omega x R^T v) to the
// right-hand side. (A central difference of G u along the motion had an error delta^2 |omega|^3,
// 5e-7 relative on the 200-link chain, where the tip turns at 100 rad/s.)
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/solvers/variational_maximal/constraint_blocks.hpp"

namespace articulab::variational {

// Joint i's rows at the poses E and twists phi (q, qd: the state's joint coordinates): GA, GB on
// (omegadot; vdot) of the child (A) and parent (B), and the right-hand side in `g`.
void jointAccelerationRows(const Model& model, int i, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi,
                           const VectorX& q, const VectorX& qd, ConstraintBlock& out);
// The rate row of joint i's rotor coordinate (revolute, prismatic; rotorBlock's Q) the same way,
// from qddot = s^T (Ad(E_jc)(phidot_c - Ad_cp phidot_p + ad(phi_c) Ad_cp phi_p)) with s = S / |S|^2
// (Sdot = 0 for these joints, joint_state.hpp): G (omegadot; vdot) = qddot + g(0).
void rotorAccelerationRow(const Model& model, int i, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi,
                          const VectorX& q, const VectorX& qd, ConstraintBlock& out);
// Loop closure k's rows, the same way.
void loopAccelerationRows(const Model& model, int k, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi,
                          ConstraintBlock& out);

}  // namespace articulab::variational
