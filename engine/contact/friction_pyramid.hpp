// The friction pyramid of a ground contact as a box (staggered projections' friction QP, sueda
// eq 2.114), and the friction coefficient of a body on the ground.
//
// Choice: eq 2.114 bounds each tangential impulse by -mu alpha <= beta <= mu alpha, a box; with
// the two tangent axes that is a 4-sided pyramid (a square of half-side mu alpha). The
// direction-weight form of eq 1.85 (beta_k >= 0 along n directions, sum beta_k <= mu alpha)
// adds one linear row per contact and is not a box. We keep a pure box for every pyramid:
// n directions (4, 8 or 16) are n/2 axes d_j = cos(2 pi j / n) x + sin(2 pi j / n) y in the
// tangent plane, each with an impulse beta_j in [-s mu alpha, s mu alpha]. The friction
// impulse f = sum_j beta_j d_j then ranges over the Minkowski sum of n/2 segments of half-length
// s mu alpha at equal angles pi/(n/2): a zonotope, which for equal lengths and evenly spread
// axes is the regular n-gon whose edges are parallel to the axes. Its support function along
// an axis d_i (an edge normal, since n/2 is even the normal of every edge is an axis) is
//   h(d_i) = s mu alpha sum_j |cos(2 pi j / n)| = s mu alpha cot(pi / n)
// (the sum over j = 0 .. n/2 - 1 of |cos(2 pi j / n)| is cot(pi / n): 1, 1 + sqrt 2 and
// 5.027 for n = 4, 8, 16). With s = tan(pi / n) the apothem is mu alpha: the n-gon
// circumscribes the friction circle of radius mu alpha and touches it on every axis, so a
// contact sliding along an axis feels exactly mu alpha; for n = 4, s = 1 and the box is
// eq 2.114's. The membership test is |f . d_i| <= mu alpha for every axis d_i. The axes are
// redundant for n > 4 (T M^-1 T^T is singular, the beta_j are not unique, f is), which the
// box QP handles.
//
// Friction coefficient (Coulomb, no unit): the scene's ground_contact "friction" is the
// ground's coefficient and every body's default; a body's own "friction" replaces its default.
// A pair combines by the geometric mean mu = sqrt(mu_a mu_b) (as Box2D): equal materials keep
// their coefficient, and either side at 0 (ice) is frictionless.
#pragma once

#include "engine/multibody/model.hpp"

namespace articulab::contact {

constexpr int kDefaultFrictionDirections = 4;
constexpr int kMaxFrictionDirections = 16;

// 4, 8 or 16.
bool validFrictionDirections(int directions);
// Box variables per contact: directions / 2.
inline int frictionAxes(int directions) { return directions / 2; }
// Axis j (0 .. directions/2 - 1) of the pyramid in the ground plane (world).
Vector3 frictionAxis(int directions, int j);
// s = tan(pi / directions): |beta_j| <= s mu alpha.
double frictionBoxScale(int directions);
// sqrt(a b).
double combinedFriction(double a, double b);
// The coefficient between body i and the ground.
double groundFriction(const Model& model, int body);
// Whether any body has a positive coefficient against the ground (and the model has contact).
bool hasGroundFriction(const Model& model);
// A body's own coefficient, or the scene default (the ground's) when it has none.
double bodyFriction(const Model& model, int body);
// The coefficient between bodies a and b: sqrt(mu_a mu_b).
double pairFriction(const Model& model, int a, int b);
// Whether any contact of the model (ground, or between bodies with body contact on) has mu > 0.
bool hasContactFriction(const Model& model);
// Axis j of the pyramid in the tangent plane of a contact with unit normal n (world):
// cos(2 pi j / n) t1 + sin(2 pi j / n) t2, with t1 the unit projection of world x onto the plane
// (of world y when n is within 25 degrees of x) and t2 = n x t1. For n = +z it is
// frictionAxis(directions, j), the ground's.
Vector3 frictionAxis(int directions, int j, const Vector3& n);

}  // namespace articulab::contact
