// The constraint part of a SHAKE/RATTLE step (Hairer, Lubich and Wanner, Geometric Numerical
// Integration, VII.1, eq 1.22-1.26), shared by the back-ends that offer semi-implicit-rattle
// (baraff: every joint a row; redmax: the loop closures). In the first-order (symplectic Euler)
// member of the family, whose composition with its adjoint is RATTLE:
//   v'  = v + h M(q)^-1 (f(q, v) - G(q)^T Lambda)       the kick, with the step's multipliers
//   q'  = q + h v'                                      (on SE(3): E' = E exp(h phi'))
//   0   = g(q')                                         solved for Lambda with the step
//   v'' = v' - M(q')^-1 G(q')^T mu,  0 = G(q') v''      velocities onto the tangent space
// Lambda by Newton on the multipliers with the chord matrix h^2 G(q) M(q)^-1 G(q)^T (the
// step's start): each iterate solves G(q) M(q)^-1 G(q)^T y = g(q') / h and sets
// v' -= M(q)^-1 G(q)^T y, so that every correction stays in the range of M(q)^-1 G(q)^T as
// eq 1.22 requires (a projection after the step moves along G(q')^T instead). The contraction
// per iterate is |I - G(q') M^-1 G(q)^T (G(q) M^-1 G(q)^T)^-1| = O(h |v|).
#pragma once

namespace articulab {

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
