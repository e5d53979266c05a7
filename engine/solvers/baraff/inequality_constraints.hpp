// Inequality auxiliary rows of the baraff back-end (Baraff 1996, section 8.3; sueda notes
// 1.10-1.11), each a scalar "gap" g(x) >= 0 whose rate is a row J of the body twists:
//   joint limit (revolute and prismatic joints): q - lower >= 0 and upper - q >= 0, with the
//     coordinate's rate row of engine/constraints/joint_limit_rows;
//   ground contact (plane z = 0): the height of a support point of a body shape, from
//     engine/contact/ground_contact; with a friction coefficient mu > 0 (friction_pyramid.hpp)
//     the contact also gets frictionAxes(directions) friction rows d_j^T R Gamma(x) (the
//     velocity of the point along axis d_j, eq 1.12) whose target is zero tangential velocity at
//     the end of the step, J (phi + h a) = 0, for staggered projections;
//   body-body contact (engine/contact/body_contact, model.bodyContact): the gap g between the
//     shapes of bodies a and b at a point x with unit normal n from a to b, whose rate is
//     n^T (v_b(x) - v_a(x)); v_i(x) = R_i Gamma(x_i) phi_i with x_i = R_i^T (x - p_i) the point
//     in body i's coordinates (eq 1.12), so J = [-n^T R_a Gamma(x_a), n^T R_b Gamma(x_b)]. The
//     point is taken fixed in each body over the step, like the ground's support points. With
//     mu = sqrt(mu_a mu_b) > 0 the friction rows are d_j^T (v_b(x) - v_a(x)) along the pyramid
//     axes d_j of the tangent plane (friction_pyramid.hpp); a contact with the ground is the
//     case without body a.
// A row is active when its gap could close within the step; the step enforces it at the
// velocity level, J phi' >= -g / h (a contact may approach until it touches but not pass).
#pragma once

#include <vector>

#include "engine/constraints/joint_limit_rows.hpp"
#include "engine/contact/body_contact.hpp"
#include "engine/contact/contact_point.hpp"
#include "engine/multibody/model.hpp"
#include "engine/solvers/baraff/constraint_system.hpp"

namespace articulab::baraff {

using contact::ContactPoint;
using constraints::limitsEnforced;

// Most inequality rows the model can have at once (two per limited joint, the support points
// of every shape when the model has ground contact, contact::bodyContactCapacity).
int inequalityCapacity(const Model& model);
// Most frictional contacts (support points and body contact points) when the model has
// friction, and their friction rows, frictionAxes(directions) each.
int frictionContactCapacity(const Model& model);
int frictionCapacity(const Model& model, int directions);

// Fills the active rows (system.unilateral, unilateralCount), their contact points and, with
// frictionDirections > 0, the friction rows of the contacts with mu > 0 (system.friction,
// frictionContacts) at the poses, twists and recovered joint coordinates q, for a step of h s:
// joint limits, ground contacts, then the body contacts bodyPoints (found at the same poses).
// Returns the number of body contact points left out for want of capacity (0 unless more
// than contact::kMostBodyContactPoints touch at once).
int assembleInequalityRows(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                           const VectorX& q, double h, int frictionDirections,
                           const std::vector<contact::BodyContactPoint>& bodyPoints, ConstraintSystem& system,
                           std::vector<ContactPoint>& contacts, std::vector<int>& contactRow);

}  // namespace articulab::baraff
