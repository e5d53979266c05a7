// Velocity rows of the loop closures (sueda eq 2.94-2.97), auxiliary rows of the baraff
// back-end (Baraff section 8) and, through the Jacobian, the closure rows of redmax (eq 2.98):
//   point: the anchor points of A and B move together, 3 rows in world axes,
//          R_A Gamma(x_A) phi_A - R_B Gamma(x_B) phi_B = 0 (eq 1.12);
//   hinge: the point rows plus two rows v_k^T (omega_A - omega_B) = 0 in world axes, with
//          v_1, v_2 perpendicular to A's hinge axis (eq 2.94-2.95);
//   weld:  the point rows plus three rows e_r^T (omega_A - omega_B) = 0 in world axes (exact at
//          any poses; their bias is zero: e_r is fixed and R [omega] omega = 0), with the
//          orientation error weldMisalignment of loop_residual.hpp.
// The point rows are the exact Jacobian of the anchor gap everywhere; the hinge rows are that
// of the misalignment only where the axes agree. loop_residual.hpp gives a position residual
// with its exact Jacobian at any poses (for integrators that solve g(x) = 0).
#pragma once

#include <vector>

#include "engine/constraints/constraint_row.hpp"
#include "engine/forces/rigid_motion.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::constraints {

// Rows a loop contributes: 3 for a point, 5 for a hinge, 6 for a weld.
int loopRowCount(const LoopConstraint& loop);
int totalLoopRows(const Model& model);
// Fills rows[first ...] for loop k: Jacobian blocks, bias -Gdot phi (eq 2.97), velocity and
// position violations; A and B are the motions of the loop's bodies (identity for the world).
void assembleLoopRows(const Model& model, int k, const RigidMotion& A, const RigidMotion& B, ConstraintRow* rows);

// The same with the bodies read from a motion view (engine/forces/rigid_motion.hpp).
template <class Motion>
void assembleLoopRows(const Model& model, int k, const Motion& motion, ConstraintRow* rows) {
  const LoopConstraint& loop = model.loops[k];
  assembleLoopRows(model, k, bodyMotion(motion, loop.bodyA), bodyMotion(motion, loop.bodyB), rows);
}

}  // namespace articulab::constraints
