// Closes the loops of a model in joint coordinates after a coordinate was set by hand (the app's
// joint sliders): Gauss-Newton on the loop residual g(q) = 0 (loop_residual.hpp, sueda eq
// 2.93-2.95) over the coordinates not held, each step the minimum-norm one,
//   dq_free = -G_free^+ g,   G_free = dg/dq_free  (central differences, one column per free coordinate),
// so the set coordinates stay where the user put them and the others move as little as they must.
// The pseudo-inverse (complete orthogonal decomposition) takes the redundant rows of a planar loop.
// Not for a time step: it allocates and costs O(nq k n); for edits of a paused run.
#pragma once

#include <string>
#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab::constraints {

// The gap to which a pose set by hand closes the loops (m, rad for hinge rows).
inline constexpr double kLoopClosingTolerance = 1e-12;

// The largest |g| of every loop closure at q (m, or rad for hinge rows); 0 without loops.
double loopGap(const Model& model, const VectorX& q);

// Moves the coordinates of q with held[i] false until the loops close to `tolerance`; true then.
// False, with q unchanged, when no iterate reaches it (the loop cannot close with the held
// coordinates where they are): reason names the loop with the largest gap and the gap.
bool closeLoops(const Model& model, const std::vector<bool>& held, double tolerance, VectorX& q, std::string& reason);

}  // namespace articulab::constraints
