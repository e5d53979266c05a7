// The constrained maximal-coordinate system at one instant (Baraff 1996, sections 4 and 8):
// body forces F_i, primary constraint rows per tree joint, auxiliary equality rows (loop
// closures) and auxiliary inequality rows (joint limits, ground contact).
// Every row states G a = rhs for the body accelerations a (body twists' derivatives, body axes).
#pragma once

#include <vector>

#include "engine/constraints/constraint_row.hpp"
#include "engine/contact/staggered_projections.hpp"
#include "engine/spatial/types.hpp"

namespace articulab::baraff {

// At most six rows per joint: blocks and vectors of a primary constraint live on the stack.
using RowBlock = Eigen::Matrix<double, Eigen::Dynamic, 6, Eigen::RowMajor, 6, 6>;
using RowVector = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, 6, 1>;
using constraints::ConstraintRow;
using constraints::Row6;

// Rows of tree joint i between child body i and parent body p (sueda eq 1.69):
//   Gc a_i + Gp a_p = rhs,   Gc = P^T Ad(E_jc),   Gp = -Gc Ad_cp.
// Vectors hold `rows` entries and zeros after them. The O(n) factor works with the columns of
// Gc^T (GcPadded^T), a right inverse of Gc (embed) and a basis of the free directions, the
// twists that the rows do not constrain (freeAxes, body frame); all three stay constant unless
// the joint is universal.
struct PrimaryConstraint {
  int rows = 0;
  int free = 6;                        // 6 - rows: columns of freeAxes
  Matrix6 GcPadded = Matrix6::Zero();  // Gc in its first `rows` rows
  Matrix6 embed = Matrix6::Zero();     // Gc^T (Gc Gc^T)^-1 in its first `rows` columns
  Matrix6 freeAxes = Matrix6::Zero();  // Ad(E_jc)^-1 times a basis of the span of S, first `free` columns
  Vector6 bias = Vector6::Zero();      // acceleration-level right-hand side, -Gdot phi
  Vector6 velocity = Vector6::Zero();  // G phi, the velocity violation
  Vector6 error = Vector6::Zero();     // g, the position violation in the joint frame
  Vector6 rhs = Vector6::Zero();       // what the solve enforces (bias, stabilised bias or a projection target)
  Matrix6 Ad_cp = Matrix6::Identity();  // Ad(E_pc^-1) at the assembled poses
  // Rotor (Joint::armature a, revolute and prismatic joints): a 1 x 1 node of mass a hanging off
  // the joint node, velocity v_r = qdot = rotorRow . delta_c (delta_c = phi_c - Ad_cp phi_p), with
  // one more row of the joint, v_r_dot - rotorRow . (a_c - Ad_cp a_p) = rotorRhs. freeAxes' column
  // is then the free twist per unit qdot (rotorRow . freeAxes = 1) and embed the right inverse of
  // Gc orthogonal to rotorRow (block_tree_ldlt.hpp). No state: v_r follows from the twists.
  double armature = 0.0;
  Vector6 rotorRow = Vector6::Zero();
  double rotorBias = 0.0;  // rotorRow . ad(phi_c) Ad_cp phi_p: qddot = rotorRow . (a_c - Ad_cp a_p) + rotorBias
  double rotorRhs = 0.0;   // what the solve enforces: rotorBias (setAccelerationRhs), 0 in the projections
};

// Gc and Gp of a primary constraint as rows x 6 blocks (for inspection and the dense reference).
inline RowBlock childRows(const PrimaryConstraint& c) { return c.GcPadded.topRows(c.rows); }
inline RowBlock parentRows(const PrimaryConstraint& c) { return -c.GcPadded.topRows(c.rows) * c.Ad_cp; }

struct ConstraintSystem {
  std::vector<Vector6> force;              // F_i per body, body coordinates
  std::vector<PrimaryConstraint> primary;  // per joint, indexed like the joints
  std::vector<ConstraintRow> auxiliary;     // sized once for every auxiliary row of the model
  // Inequality rows jA a_A + jB a_B >= rhs with multipliers >= 0 (Baraff section 8.3); the
  // first unilateralCount entries of a list sized once for the most rows the model can have.
  std::vector<ConstraintRow> unilateral;
  int unilateralCount = 0;
  // Friction rows of the frictional contacts (staggered projections): frictionAxes rows per
  // contact, rhs the tangential velocity target -J phi / h; frictionContacts name each contact's
  // normal (index into unilateral), first friction row and pyramid bound. Sized once.
  std::vector<ConstraintRow> friction;
  int frictionCount = 0;
  std::vector<contact::FrictionRows> frictionContacts;
  int frictionContactCount = 0;
  int frictionAxes = 0;
  int auxiliaryCount() const { return static_cast<int>(auxiliary.size()); }
};

}  // namespace articulab::baraff
