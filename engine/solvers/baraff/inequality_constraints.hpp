// Inequality rows of the baraff back-end (Baraff 1996, section 8, eq 10-12; sueda notes
// 1.10-1.11), each a scalar "gap" g(x) >= 0 whose rate is a row J of the body twists, stepped by
// the one rule of engine/constraints/unilateral_step.hpp (J phi' >= -g / h, a penetration
// recovered a fifth per step), at the acceleration level of the anticipation solve:
// J (phi + h a) >= stepBound, rhs = (stepBound - J phi) / h.
//   joint limit (revolute and prismatic joints): q - lower >= 0 and upper - q >= 0, with the
//     coordinate's rate row of engine/constraints/joint_limit_rows, within kLimitMargin;
//   contact (ground and body-body, with their friction rows): the rows of
//     engine/contact/contact_rows.hpp, copied after the limit rows; a friction row's target
//     J (phi + h a) = 0 (no sliding at the end of the step), rhs = -J phi / h, for staggered
//     projections.
#pragma once

#include <vector>

#include "engine/constraints/joint_limit_rows.hpp"
#include "engine/contact/contact_rows.hpp"
#include "engine/multibody/model.hpp"
#include "engine/solvers/baraff/constraint_system.hpp"

namespace articulab::baraff {

using contact::ContactPoint;
using constraints::limitsEnforced;

// Most inequality rows the model can have at once (two per limited joint and
// contact::contactRowCapacity).
int inequalityCapacity(const Model& model);
// Most frictional contacts when the model has friction, and their friction rows,
// frictionAxes(directions) each.
int frictionContactCapacity(const Model& model);
int frictionCapacity(const Model& model, int directions);

// Fills the active rows (system.unilateral, unilateralCount) at the poses, twists and recovered
// joint coordinates q for a step of h: the joint limits, then the contacts' normal rows
// (contacts.build at the same poses; contact c is unilateral row first + c), and the friction
// rows of the contacts with mu > 0 (system.friction, frictionContacts). Returns first, the
// number of limit rows.
int assembleInequalityRows(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                           const VectorX& q, double h, contact::ContactRows& contacts, ConstraintSystem& system);

}  // namespace articulab::baraff
