// Anderson acceleration of RIQN (lee-liu-park-srinivasa Alg 3 is the fixed-point iteration
// v <- v + r(v), r = M(q_m)^-1 f(v)). Anderson mixing in the form of Walker and Ni (SIAM J Numer
// Anal 49, 2011, section 2): with the last m differences of iterates dX and of steps dR,
//   gamma = argmin |r_k - dR gamma|_2,    v_{k+1} = v_k + r_k - (dX + dR) gamma.
// It is a multisecant quasi-Newton method whose inverse-Jacobian estimate starts from RIQN's
// -M^-1 and is corrected on the span of the last m steps: the part of the DEL Jacobian RIQN
// leaves out (h/2 times the Coriolis and damping terms, h^2/4 times the gravity and spring
// stiffness) is what makes plain RIQN slow on long chains, and it is captured there. Cost per
// iteration O(n m^2) beyond RIQN's O(n); gamma from the m x m normal equations with a relative
// Tikhonov term 1e-12 (dR's columns become nearly dependent as the iteration converges).
// The pairs are kept from one time step to the next (beginNewProblem), where the Jacobian moves
// by O(h): the first iterate of a step is then already a multisecant step (over 10 s of RC100,
// 8.15 -> 7.05 iterates per step at 1e-10, docs/performance.md). save / load put them in the
// State history.
#pragma once

#include <Eigen/Cholesky>

#include "engine/spatial/types.hpp"

namespace articulab::variational_minimal {

class AndersonAcceleration {
 public:
  static constexpr int kMaxMemory = 8;
  // Sizes the history for vectors of `size` and `memory` (0 to kMaxMemory) differences; allocates.
  void resize(int size, int memory);
  // Forgets the history (the next iterate is plain RIQN).
  void restart() { filled_ = 0, newest_ = -1, newProblem_ = false; }
  // Keeps the differences but forms none between the last iterate and the next one: the next
  // call belongs to a new problem (the next time step), whose inverse Jacobian differs from the
  // last one's by O(h), so the old secant pairs still correct -M^-1 there.
  void beginNewProblem() { newProblem_ = newest_ != -1; }
  // The differences as numbers (State history, so a recreated solver continues bitwise):
  // filled, newest, then the memory columns of dX and dR.
  int savedSize() const { return 2 + 2 * static_cast<int>(dX_.size()); }
  void save(double* out) const;
  void load(const double* in);
  // From the iterate x and its RIQN step r, the next iterate; x and r enter the history.
  void next(const VectorX& x, const VectorX& r, VectorX& xNext);
  bool enabled() const { return memory_ > 0; }

 private:
  using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxMemory, kMaxMemory>;
  using SmallVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxMemory, 1>;
  int memory_ = 0, filled_ = 0, newest_ = -1;
  bool newProblem_ = false;  // the next call forms no difference with the last iterate
  MatrixX dX_, dR_;        // columns: differences of successive iterates and steps (a ring)
  VectorX xLast_, rLast_;  // the previous iterate and its step
  Small normal_;
  SmallVector rhs_, gamma_;
  Eigen::LDLT<Small> ldlt_;
};

}  // namespace articulab::variational_minimal
