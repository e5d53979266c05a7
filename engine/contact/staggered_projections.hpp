// Staggered projections (Kaufman et al. 2008; sueda notes 2.11, Alg 7, eq 2.113-2.114) on a
// dense Delassus matrix, shared by the back-ends that hold frictional contact. The rows are
//   [ normal rows: `equalities` free rows (loop closures), then unilateral rows >= 0 (joint
//     limits, contact normals) | friction rows: frictionAxes(directions) per frictional contact ],
// A = J M^-1 J^T over all of them (M^-1 anticipating the back-end's own constraints, e.g. the
// baraff tree joints) and b the right-hand side, so that a force x on the rows leaves the
// residual w = A x - b (w >= 0 on a unilateral row, w = 0 on a free row, and on a friction row
// w is the tangential velocity at the end of the step over h). Alternately:
//   contact QP (2.113):  min 1/2 a^T A_nn a - a^T (b_n - A_nt beta),  a >= 0 on unilateral rows;
//   friction QP (2.114): min 1/2 beta^T A_tt beta - beta^T (b_t - A_tn a),
//                        |beta_j| <= s mu_c a_c on the axes of contact c (friction_pyramid.hpp),
// the friction QP being maximal dissipation: it minimises the kinetic energy at the end of the
// step over the friction forces. Each QP by the box QP of box_qp.hpp. Stops when the contact
// force, normal and friction, J^T [a; beta], stops changing in the M^-1 norm (Alg 7 line 14):
//   ||f - f^0||_{M^-1} = sqrt(d^T A d) <= tolerance ||f||_{M^-1},  d = [a - a^0; beta - beta^0],
// beta the friction forces the contact QP saw and f^0 the previous iteration's pair (relative,
// so that it does not depend on units or load), or at the iteration cap. Why both parts: with
// redundant contacts (the corners of a link) the forces are not unique, and on the falling chain
// with friction the normal forces alone drift by the same step every iteration (weight passing
// between corners, the friction forces following; still after 1000 iterations) while the
// velocity they give, A f, stops changing within 6 iterations (docs/performance.md). Converged
// with a settled too (its own change below the tolerance): beta is clamped into the pyramids of
// the final a (it was bounded by the previous iterate's a; the clamp moves it by at most the
// tolerance). Converged while a still moves, or at the cap: the friction QP is solved once more
// with the final a, so that friction is maximally dissipative at the velocity
// the step ends with (never adds energy). SP is not proven to converge: on the falling chain with
// mu = 0.5, 0.1 to 1.9 % of the steps still end at the cap (impacts, stick-slip; docs/performance.md
// gives the counts). From the fifth iteration on, once neither QP's active set changes, the
// active-set step (sp_active_set_step.hpp) jumps to the fixed point of the then affine SP map and
// SP goes on from it (the change of line 14 measured from that point) and ends with the friction
// QP at the final a. Optional semismooth-Newton reading (activeSetStep 2): the step on every
// iteration from the first friction QP on, with a ratio test, and SP may stop on the iteration
// after a step only when that iteration reproduced the step's active sets (docs/performance.md:
// fewer slow steps on the rough chain, but other end points than plain SP on its stalls).
// Allocates nothing after construction.
//
// Regularisation: both QPs are solved with A + eps I, eps = regularisation times the largest
// diagonal of their matrix (default 1e-10), a proximal term like the eps I of eq 2.118. Without
// it the QPs' solutions are not unique where A is singular (four corners of a box on the
// ground: rank 3; n > 4 pyramid axes), the active-set method picks one depending on its start,
// the friction bounds mu a_c follow that pick, and the iterations wander between equivalent
// contact forces instead of converging (measured on the falling chain: a third of the steps at
// the cap of 50 with the change stalled near 1e-5). With it each QP has one solution, the least
// in the eps-weighted norm, which depends continuously on the other QP's forces. Its cost: a
// sticking contact keeps a tangential speed h eps |beta| (w = -eps beta on the friction rows),
// and a resting one a normal speed h eps a, about 1e-12 m/s for a 1 kg box at 1 ms.
#pragma once

#include <vector>

#include "engine/contact/box_qp.hpp"
#include "engine/contact/sp_active_set_step.hpp"

namespace articulab::contact {

// A frictional contact: its normal row (index among the normal rows), its first friction row
// (index among the friction rows; frictionAxes(directions) rows) and the bound scale s mu.
struct FrictionRows {
  int normal = 0;
  int firstAxis = 0;
  double bound = 0.0;  // s mu: |beta_j| <= bound * a_normal
};

constexpr int kSpActiveSetOff = 0, kSpActiveSetSettled = 1, kSpActiveSetNewton = 2;

struct StaggeredProjectionSettings {
  double tolerance = 1e-8;  // relative change of the contact force, M^-1 norm
  int maxIterations = 50;   // contact QP solves
  double regularisation = 1e-10;  // eps / largest diagonal of each QP's matrix
  // sp_active_set_step.hpp: 0 plain SP; 1 the fixed point of settled active sets; 2 the
  // semismooth-Newton reading (every iteration, ratio test, consistency check)
  int activeSetStep = kSpActiveSetSettled;
  bool islands = true;  // back-ends: SP per contact island (island_staggered_projections.hpp); false: whole problem
  BoxQpSettings qp;
};

struct StaggeredProjectionResult {
  bool ok = true;              // both QPs met their KKT conditions (else failure says which)
  const char* failure = "";    // "contact QP" or "friction QP", unbounded or not converged
  int iterations = 0;          // contact QP solves
  double change = 0.0;         // last relative change
  bool converged = false;      // the change met the tolerance before the cap
};

class StaggeredProjections {
 public:
  StaggeredProjections(int normalCapacity = 0, int frictionCapacity = 0);
  // A and b cover normals + frictionRowCount rows; alpha (normals) receives the normal-row
  // forces; beta (frictionRowCount) holds the warm start and receives the friction forces.
  StaggeredProjectionResult solve(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b, int normals,
                                  int equalities, const std::vector<FrictionRows>& contacts, int contactCount,
                                  int axes, Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta,
                                  const StaggeredProjectionSettings& settings = {});

 private:
  void setFrictionBounds(const std::vector<FrictionRows>& contacts, int contactCount, int axes,
                         const Eigen::Ref<const VectorX>& alpha);
  bool solveFriction(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b, int nn,
                     const std::vector<FrictionRows>& contacts, int contactCount, int axes,
                     const Eigen::Ref<const VectorX>& alpha, Eigen::Ref<VectorX> beta, const BoxQpSettings& settings,
                     StaggeredProjectionResult& result);
  BoxQp qp_;
  // The relative change of f = [a; beta] in the M^-1 norm since the last iterate (stored);
  // normalSettled: whether a alone changed less than the tolerance.
  double forceChange(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& alpha,
                     const Eigen::Ref<const VectorX>& beta, int iteration, double tolerance, bool& normalSettled);
  bool activeSetStep(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b, int equalities,
                     const std::vector<FrictionRows>& contacts, int contactCount, int axes, double shiftN,
                     double shiftT, Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta);
  // The Newton reading's step from the iterate's own active sets (true: SP goes on from its
  // point).
  bool newtonStep(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b, int equalities,
                  const std::vector<FrictionRows>& contacts, int contactCount, int axes, double shiftN, double shiftT,
                  Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta);
  VectorX lowerN_, upperN_, lowerT_, upperT_, rhsN_, rhsT_, previous_, change_, product_;
  SpActiveSetStep activeSet_;
};

}  // namespace articulab::contact
