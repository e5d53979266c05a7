// Constraint drift: how far the body poses are from satisfying the joints and loop closures.
// Reduced back-ends compute poses from q, so their joint drift is zero up to rounding; loop
// closures and maximal-coordinate back-ends make it non-zero.
#pragma once

#include "engine/multibody/state.hpp"

namespace articulab {

struct ConstraintDrift {
  double position = 0.0;  // m, translational violation
  double rotation = 0.0;  // rad, rotational violation
};

struct DriftReport {
  ConstraintDrift total;      // root of the sum of squares over joints and loops
  ConstraintDrift worst;      // largest single joint or loop
};

// Violation of joint i: child pose against parent pose * E_pj Q(q) E_jc.
ConstraintDrift jointDrift(const Model& model, const State& state, int joint);
// Violation of loop constraint k (anchor points apart; hinge axes not parallel).
ConstraintDrift loopDrift(const Model& model, const State& state, int loop);
DriftReport computeDrift(const Model& model, const State& state);

}  // namespace articulab
