// Convex quadratic program with bounds (box QP), the solver of the contact and friction QPs of
// staggered projections (sueda notes 2.11, eq 2.113-2.114; Kaufman et al. 2008):
//   minimise 1/2 x^T A x - b^T x   subject to   l <= x <= u,
// A symmetric positive semidefinite (a Delassus matrix J M^-1 J^T, often singular: four corners
// of a box on the ground give rank 3), l_i in [-inf, +inf), u_i in (-inf, +inf], l <= u.
//
// Method: primal active-set method (Nocedal and Wright, Numerical Optimization, Alg 16.3,
// specialised to bounds), warm-started by a few projected Gauss-Seidel sweeps. Why: it keeps x
// feasible, decreases the objective at every step and ends exactly on the KKT conditions of a
// face (no penalty, no interior point), and it handles a singular A: on each face the free block
// A_FF is factored by Cholesky with diagonal pivoting; when A_FF p = -g_F has no solution the
// face is searched along a zero-curvature descent direction d (A_FF d = 0, g_F^T d < 0) to the
// next bound (no bound on that ray: the QP is unbounded below, reported). The warm start makes
// the working set nearly right, so the method usually needs a few faces. Projected Gauss-Seidel
// alone converges only linearly and has no exact stopping test; it is the warm start only.
//
// Termination: when every variable of the working set has a multiplier of the right sign
// (gradient g = A x - b >= -tol at a lower bound, <= tol at an upper bound) after the face
// minimiser was reached, with tol = tolerance * max(|b|_inf, max_i (|A| |x|)_i) (relative,
// default 1e-12). The scale is the size of the terms summed in g, so of its rounding (Higham,
// Accuracy and Stability, sec 3.5): with a singular A, |A x| can be far below |A| |x|. A
// resting contact's friction QP (zero demand: b is rounding, 1e-12; proximal shift eps I) has a
// minimiser (A + eps I)^-1 b that carries b's null-space part enlarged by 1/eps; measured against
// max(|b|, |A x|), as before, its KKT residual stalled at 1e-9 and the step failed (the four-bar
// at rest of redmax_loop_contact_test.cpp, box_qp_test.cpp's zero-demand problems). The
// reported KKT residual is the infinity norm of the projected gradient (g_i on free variables,
// min(g_i, 0) at a lower bound, max(g_i, 0) at an upper one) over the same scale.
// Iterative refinement (Higham sec 12.1): when a face step reaches the face minimiser but the
// free gradient is still above the tolerance, the step is repeated on the same factor (at most
// 4 times). Why: x = x^0 + p carries the rounding of the start, u |A| |x^0|, which the scale
// |A| |x| does not cover when the start is far larger than the minimiser: a box coming to rest
// at sp-regularisation 1e-8 starts from the last step's friction forces, b's null-space part
// over eps (about 1e-8), ends near 1e-15, and its free gradient stalled at 2.2e-9 of the scale
// (limit 1e-9: "friction QP not converged"). Each repetition cuts that error by about
// cond(A_FF + shift I) u. Guarantee: converged means the projected gradient is below 1e3
// tolerance of the scale, for any shift >= 0. With shift > 0 the minimiser is unique, but its
// components in A's null space are fixed by the gradient only to residual / shift. With
// shift = 0 (A merely semidefinite) the method returns a minimiser, one of many (which one
// depends on the start); the objective value is unique, and the QP is bounded when every
// null-space direction meets a finite bound (the friction QP's boxes).
// Anti-cycling: the bound released is the one whose gradient pulls hardest inwards, except after
// a degenerate step (blocked at once, alpha = 0), when it is the lowest-index one that pulls
// inwards (Bland's rule; Nocedal and Wright sec 13.5). Iteration cap: iterationsPerVariable * n
// + 20 faces (default 10 n + 20).
//
// No allocation per solve: every workspace is sized for `capacity` variables at construction.
#pragma once

#include <vector>

#include "engine/spatial/types.hpp"

namespace articulab::contact {

struct BoxQpSettings {
  double tolerance = 1e-12;        // KKT tolerance, relative to max(|b|_inf, (|A| |x|)_inf)
  int iterationsPerVariable = 10;  // cap: iterationsPerVariable * n + 20 faces
  int warmStartSweeps = 8;         // projected Gauss-Seidel sweeps before the active-set phase
  double negligiblePivot = 1e-13;  // pivot / largest diagonal below this: a singular direction
  double diagonalShift = 0.0;      // solves with A + shift I (a proximal term; 0: A as given)
};

struct BoxQpResult {
  bool converged = false;  // KKT met to the tolerance
  bool unbounded = false;  // a zero-curvature descent ray meets no bound
  int iterations = 0;      // face steps of the active-set phase (refinement steps included)
  double kktResidual = 0;  // projected gradient, inf norm, relative (see above)
};

// max(|b|_inf, max_i sum_j |A_ij| |x_j| + |shift x_i|): the size of the terms summed in the
// gradient A x - b, hence of its rounding error (Higham, Accuracy and Stability, sec 3.5).
double boxQpRoundingScale(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                          const Eigen::Ref<const VectorX>& x, double shift);

// Relative KKT residual of x (feasible) for the QP over the leading n entries.
double boxQpKktResidual(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                        const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper,
                        const Eigen::Ref<const VectorX>& x, double diagonalShift = 0.0);

class BoxQp {
 public:
  explicit BoxQp(int capacity = 0);
  int capacity() const { return capacity_; }
  // Solves the QP of size n = b.size() (at most capacity); x holds the start (projected onto the
  // bounds) and receives the solution. A, b, lower, upper may be blocks of larger objects.
  BoxQpResult solve(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                    const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper,
                    Eigen::Ref<VectorX> x, const BoxQpSettings& settings = {});

 private:
  enum class Bound : signed char { Free, Lower, Upper };
  void sweep(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
             const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper, Eigen::Ref<VectorX> x,
             double shift) const;
  // Factors A_FF of the free set (pivoted Cholesky); returns its rank.
  int factorFree(const Eigen::Ref<const MatrixX>& A, int f, double negligiblePivot, double shift);
  // The face step p (A_FF p = -g_F) into step_, or a zero-curvature descent direction when that
  // system has no solution (returns false then).
  bool faceStep(int f, int rank, double tol);
  double freeGradient(const Eigen::Ref<const VectorX>& g, int f) const;
  int boundToRelease(const Eigen::Ref<const VectorX>& g, const Eigen::Ref<const VectorX>& lower,
                     const Eigen::Ref<const VectorX>& upper, int n, double tol, bool smallestIndex) const;

  int capacity_ = 0;
  MatrixX L_;                 // pivoted Cholesky of A_FF, lower triangle
  VectorX g_, step_, work_;   // gradient A x - b, step over all variables, solve workspace
  std::vector<int> free_, perm_;
  std::vector<Bound> bound_;
};

}  // namespace articulab::contact
