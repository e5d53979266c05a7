// Position residual of a loop closure (sueda notes 2.8, eq 2.93-2.95) between bodies A and B
// (-1: the world) with constraint frames E_aA on A and E_bB on B:
//   point: the anchor gap x_A - x_B in world axes (3 rows); its rate is the point rows of
//          loop_rows, R Gamma(x) phi (eq 1.12), at any poses;
//   hinge: the gap plus (n_w . b, -n_u . b), b = B's hinge axis in world and n_u, n_w normal
//          to A's axis a, carried by A (n_u from a.unitOrthogonal() in A's constraint frame).
//          With omega in world axes, d/dt (n . b) = (n x b) . (omega_A - omega_B), which at
//          b = a is (omega_A - omega_B) . (u, w): the span of the hinge rows of loop_rows.
//   weld:  the gap plus the skew part of a^T b, a and b the constraint frames' axes in world
//          (weldMisalignment, 6 rows); d/dt (p . q) = (p x q) . (omega_A - omega_B) for p on A and
//          q on B, so the rate is (omega_A - omega_B) . c_r, c_r = e_r where the frames agree:
//          the span of the weld rows of loop_rows.
#pragma once

#include "engine/constraints/pose_residual.hpp"
#include "engine/multibody/constraint.hpp"

namespace articulab::constraints {

// g, JA and JB of loop closure `loop` at the world poses of A and B (identity for the world).
void loopResidual(const LoopConstraint& loop, const Matrix4& E_0A, const Matrix4& E_0B, PoseResidual& out);

// The orientation residual of a weld between frames a and b (columns: their axes in world):
// g_r = 1/2 (a_s . b_t - a_t . b_s), (r, s, t) cyclic; zero when they agree, about the rotation
// vector of a relative to b, in a's axes, for small misalignments.
Vector3 weldMisalignment(const Matrix3& a, const Matrix3& b);

}  // namespace articulab::constraints
