// What every contact test checks on each step, for baraff's contact points and the reduced
// back-ends' alike (engine/contact/contact_point.hpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/contact/contact_point.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/multibody/state.hpp"

namespace articulab::test {

// World velocity of the body origin (phi = [omega; v] in body axes).
inline Vector3 worldVelocity(const State& state, int body) {
  return state.E_0i[body].topLeftCorner<3, 3>() * state.phi[body].tail<3>();
}

// Per step: contact forces push, friction forces lie in their pyramids (|f . d_j| <= mu N on
// every axis d_j, the edge normals of the polygon), and the SP iterations stay at most a cap.
struct ContactChecks {
  double mostNegativeNormal = 0.0;
  double worstPyramidExcess = 0.0;  // max (|f . d_j| - mu N) / max(mu N, 1e-12)
  int mostIterations = 0;
  double largestChange = 0.0;
  bool slid = false, frictional = false;

  // The contact points of a step taken with `directions` pyramid directions (0: frictionless).
  void check(const std::vector<contact::ContactPoint>& points, int directions, const State& state) {
    for (const contact::ContactPoint& c : points) {
      mostNegativeNormal = std::min(mostNegativeNormal, c.force);
      if (directions == 0 || c.friction <= 0.0) continue;
      frictional |= c.frictionForce.norm() > 0.0;
      const double limit = c.friction * c.force;
      for (int j = 0; j < contact::frictionAxes(directions); ++j) {
        const Vector3 axis =
            c.other < 0 ? contact::frictionAxis(directions, j) : contact::frictionAxis(directions, j, c.normal);
        const double along = std::abs(c.frictionForce.dot(axis));
        worstPyramidExcess = std::max(worstPyramidExcess, (along - limit) / std::max(limit, 1e-12));
        slid |= limit > 0.0 && along > (1.0 - 1e-9) * limit;
      }
    }
    mostIterations = std::max(mostIterations, state.outputs.contactIterations);
    largestChange = std::max(largestChange, state.outputs.contactChange);
  }
};

}  // namespace articulab::test
