// Inequality auxiliary rows of the baraff back-end (Baraff 1996, section 8.3; sueda notes
// 1.10-1.11), each a scalar "gap" g(x) >= 0 whose rate is a row J of the body twists:
//   joint limit (revolute and prismatic joints): q - lower >= 0 and upper - q >= 0, with the
//     coordinate's rate row of engine/constraints/joint_limit_rows;
//   ground contact (plane z = 0): the height of a support point of a body shape, from
//     engine/contact/ground_contact; with a friction coefficient mu > 0 (friction_pyramid.hpp)
//     the contact also gets frictionAxes(directions) friction rows d_j^T R Gamma(x) (the
//     velocity of the point along axis d_j, eq 1.12) whose target is zero tangential velocity at
//     the end of the step, J (phi + h a) = 0, for staggered projections.
// A row is active when its gap could close within the step; the step enforces it at the
// velocity level, J phi' >= -g / h (a contact may approach until it touches but not pass).
#pragma once

#include <vector>

#include "engine/constraints/joint_limit_rows.hpp"
#include "engine/contact/contact_point.hpp"
#include "engine/multibody/model.hpp"
#include "engine/solvers/baraff/constraint_system.hpp"

namespace articulab::baraff {

using contact::ContactPoint;
using constraints::limitsEnforced;

// Most inequality rows the model can have at once (two per limited joint, the support points
// of every shape when the model has ground contact).
int inequalityCapacity(const Model& model);
// Most friction rows: frictionAxes(directions) per support point when the model has friction.
int frictionCapacity(const Model& model, int directions);

// Fills the active rows (system.unilateral, unilateralCount), their contact points and, with
// frictionDirections > 0, the friction rows of the contacts with mu > 0 (system.friction,
// frictionContacts) at the poses, twists and recovered joint coordinates q, for a step of h s.
void assembleInequalityRows(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                            const VectorX& q, double h, int frictionDirections, ConstraintSystem& system,
                            std::vector<ContactPoint>& contacts, std::vector<int>& contactRow);

}  // namespace articulab::baraff
