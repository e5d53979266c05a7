// The velocity-level step of a unilateral row, a gap g(x) >= 0 whose rate is a row J of the body
// twists (joint limits on baraff, contacts on every back-end: engine/contact/contact_rows.hpp;
// sueda notes 1.11-1.12, Baraff 1996 section 8). One rule for every such row:
//   candidate: a row enters a step of h when its gap could close within two steps at its rate,
//     g < margin + 2 h max(0, -J phi)   (margin: the row's reach, m or rad);
//   bound: the step enforces J phi' >= -g / h while g >= 0 (the gap may close, not pass: the
//     velocity-level stabilisation G qdot = -gamma g of sueda eq 1.82 with gamma = 1 / h), and
//     J phi' >= -kPenetrationRecovery g / h on a penetration g < 0 (a fifth of it removed per
//     step, the factor of Box2D's b2_baumgarte).
#pragma once

#include <algorithm>

namespace articulab::constraints {

constexpr double kPenetrationRecovery = 0.2;

// Whether a row of gap g and rate J phi = rate enters a step of h (NaN gaps do: they fail the step).
inline bool mayCloseWithinStep(double gap, double rate, double margin, double h) {
  return !(gap >= margin + 2.0 * h * std::max(0.0, -rate));
}

// The bound of J phi' over a step of h.
inline double stepBound(double gap, double h) { return -(gap >= 0.0 ? gap : kPenetrationRecovery * gap) / h; }

}  // namespace articulab::constraints
