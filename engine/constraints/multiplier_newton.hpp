// The position part of a RATTLE step (Hairer, Lubich and Wanner, Geometric Numerical
// Integration, VII.1.4, eq 1.26), shared by the back-ends that offer semi-implicit-rattle
// (baraff: every joint a row; redmax: the loop closures):
//   v+  = v + (h/2) M(q)^-1 (f(q, v) - G(q)^T Lambda)    the first half-kick
//   q'  = q + h v+                                      (on SE(3): E' = E exp(h phi+))
//   0   = g(q')                                         solved for Lambda with the step
// Lambda by Newton on the multipliers with the chord matrix h^2 G(q) M(q)^-1 G(q)^T (the
// step's start): each iterate solves G(q) M(q)^-1 G(q)^T y = g(q') / h and sets
// v+ -= M(q)^-1 G(q)^T y, so that every correction stays in the range of M(q)^-1 G(q)^T as
// eq 1.26 requires (a projection after the step moves along G(q')^T instead). The contraction
// per iterate is |I - G(q') M^-1 G(q)^T (G(q) M^-1 G(q)^T)^-1| = O(h |v|).
#pragma once

namespace articulab {

// The last half-kick of RATTLE (eq 1.27) is implicit in the velocities through the Coriolis or
// gyroscopic forces: its fixed point stops at this relative change, or after this many iterates
// (the contraction per iterate is O(h |v|)).
inline constexpr double kHalfKickTolerance = 1e-13;
inline constexpr int kMostHalfKickIterations = 12;

struct MultiplierNewtonResult {
  int iterations = 0;
  double violation = 0.0;  // max |g(q')| when the iteration stopped
  bool solved = true;      // false: a correction's linear solve failed
};

// The Newton on the multipliers: `violation()` moves q' = q + h v' for the current v' and
// returns max |g(q')|; `correct()` applies one chord correction of v' (false when its solve
// fails). Stops below `tolerance` or after `maxIterations` corrections.
template <class Violation, class Correct>
MultiplierNewtonResult solveStepMultipliers(Violation&& violation, Correct&& correct, double tolerance,
                                            int maxIterations) {
  MultiplierNewtonResult result;
  result.violation = violation();
  while (result.violation >= tolerance && result.iterations < maxIterations) {
    ++result.iterations;
    if (!correct()) {
      result.solved = false;
      return result;
    }
    result.violation = violation();
  }
  return result;
}

}  // namespace articulab
