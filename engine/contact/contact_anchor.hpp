// The material points of a step's contacts, carried by their bodies over the step: the normal
// row's gap and rate row at later poses, for the contact post-stabilisation at the end of a step
// (sueda notes 1.12 with unilateral rows; reduced_contact.hpp and the baraff back-end).
// A contact found at the step's start poses with gap g at the world point x along the unit
// normal n (from `other`, or the ground, to `body`; contact_point.hpp) keeps x in the
// coordinates of each body, x_b and x_a. At poses E its gap is, to first order in the motion,
//   g' = g + n^T (x_b(E) - x_a(E))   (x_a = x on the ground),
// and its rate is the normal row n^T (v_b(x) - v_a(x)), v_i(x) = R_i Gamma(x_i) phi_i (eq 1.12).
#pragma once

#include <vector>

#include "engine/constraints/constraint_row.hpp"
#include "engine/contact/contact_point.hpp"
#include "engine/spatial/types.hpp"

namespace articulab::contact {

// Penetration at the end of a step that the contact projection leaves to the next step's
// recovery (m): a resting contact's regularised normal speed (h eps a, staggered_projections.hpp)
// sinks it by up to 7e-9 m at sp-regularisation 1e-4, which the recovery's target cancels in the
// velocity; a projection would hide that speed instead (the box of RestingFriction.* kept
// 1.4e-6 m/s).
constexpr double kContactProjectionSlop = 1e-8;
// Gauss-Newton iterates of the contact projection at most (one usually reaches the slop).
constexpr int kContactProjectionIterates = 4;

using Matrix36 = Eigen::Matrix<double, 3, 6>;

// The velocity of the material point of the body at pose E at world x, as a map of its twist
// (body axes; eq 1.12): R Gamma(R^T (x - p)).
Matrix36 pointVelocityMap(const Matrix4& E, const Vector3& x);
// World point x in the coordinates of the body at pose E.
Vector3 pointInBody(const Matrix4& E, const Vector3& x);

struct ContactAnchor {
  Vector3 onBody = Vector3::Zero();   // the contact point in `body` coordinates
  Vector3 onOther = Vector3::Zero();  // in `other` coordinates (unused on the ground)
};

// The anchor of a contact at the poses it was found at.
ContactAnchor anchorContact(const ContactPoint& point, const std::vector<Matrix4>& E_0i);
// Its gap g' at the poses E_0i (m; negative: penetration).
double anchoredGap(const ContactPoint& point, const ContactAnchor& anchor, const std::vector<Matrix4>& E_0i);
// Its normal row at the poses E_0i: n^T v_b(x) = jBody phi_body, -n^T v_a(x) = jOther phi_other.
void anchoredNormalRow(const ContactPoint& point, const ContactAnchor& anchor, const std::vector<Matrix4>& E_0i,
                       constraints::Row6& jBody, constraints::Row6& jOther);

}  // namespace articulab::contact
