// The active-set step of staggered projections (staggered_projections.hpp; sueda notes 2.11,
// Alg 7; Kaufman et al. 2008): a shortcut through the linear tail of SP's fixed-point iteration.
// Once neither QP's active set changes between two iterations (which normal rows are at a = 0;
// which friction rows are free, at +s mu a_c or at -s mu a_c), the SP map is affine in [a; beta]
// and its fixed point solves one linear system, both QPs' stationarity on their free rows
// (eq 2.113-2.114 with the regularisation eps I of each QP) with the bound rows as equalities,
// beta_j = +-s mu a_c coupling the friction bounds to the normal forces:
//   (A_nn + eps_n I)_F a + A_Fn,t beta = b_F       (free normal rows F),
//   A_G,n a + (A_tt + eps_t I)_G,t beta = b_G       (free friction rows G),
//   a_i = 0 (normal rows at their bound),   beta_j = +-s mu a_c (friction rows at a bound).
// The step is accepted only when its point is feasible (a >= 0 on the unilateral rows, every
// free beta within its pyramid bounds); SP then continues from it, so SP's stopping test
// (Alg 7 line 14) and its fixed point are unchanged: the step only replaces the iterations that
// would contract towards that fixed point at a rate of 0.87-0.92 (docs/performance.md).
// The semismooth-Newton reading (sp-active-set 2): SP's map is piecewise affine, so the step is
// tried on every iteration from the first friction QP on, with the active sets read from the
// current iterate; an infeasible fixed point is approached by the ratio test of an active-set
// method (Nocedal and Wright sec 16.5): move towards it as far as stays feasible, fix the
// blocking row at its bound, solve again, until a fixed point is feasible. SP then checks that
// one iteration from that point reproduces its active sets (consistent: the point is SP's fixed
// point up to rounding); the classifications whose points were not are remembered and not tried
// again within the solve (cycles between two pieces); when SP's iterate comes back to such a
// classification, the rows whose class changed since the iteration before are freed and that
// set's fixed point tried instead (freeCycleRows; docs/performance.md has the figures).
// Dense LU with partial pivoting on the free rows (engine/algorithm/dense_lu.hpp); no
// allocation after construction.
#pragma once

#include <vector>

#include "engine/spatial/types.hpp"

namespace articulab::contact {

struct FrictionRows;  // staggered_projections.hpp

class SpActiveSetStep {
 public:
  SpActiveSetStep(int normalCapacity = 0, int frictionCapacity = 0);

  // Forgets the active sets of the iterations before (a new SP solve).
  void reset() {
    haveLast_ = false;
    tried_ = false;
    rejectedCount_ = nextRejected_ = 0;
  }

  // Records the active sets of the iterate (alpha after the contact QP, beta after the friction
  // QP with the bounds lower/upper); true when both equal those of the iteration before and no
  // step was tried since they last changed.
  bool settled(const Eigen::Ref<const VectorX>& alpha, const Eigen::Ref<const VectorX>& beta,
               const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper, int equalities);

  // The fixed point of the affine SP map of the recorded active sets into alpha and beta when it
  // is feasible (true); else alpha and beta are left as they are (false). A and b as for
  // StaggeredProjections::solve; shiftN and shiftT the two QPs' eps.
  // ratioTest: an infeasible fixed point is approached as above (the Newton reading).
  bool step(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b, int equalities,
            const std::vector<FrictionRows>& contacts, int contactCount, int axes, double shiftN, double shiftT,
            Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta, bool ratioTest = false);

  // The Newton reading: records the active sets of the iterate (no comparison with the last).
  void classify(const Eigen::Ref<const VectorX>& alpha, const Eigen::Ref<const VectorX>& beta,
                const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper, int equalities);
  // Whether alpha (after the contact QP) / beta (after the friction QP with the bounds lower and
  // upper) have the active sets of the last step's point.
  bool sameNormalRows(const Eigen::Ref<const VectorX>& alpha, int equalities) const;
  bool sameFrictionRows(const Eigen::Ref<const VectorX>& beta, const Eigen::Ref<const VectorX>& lower,
                        const Eigen::Ref<const VectorX>& upper) const;
  // The last classification led to an inconsistent point; knownInconsistent: the classification
  // just recorded is one of the last kRememberedInconsistent such (forgotten by reset()).
  void rejectClassified();
  bool knownInconsistent() const;
  // Frees the rows whose class differs between this classification and the one before (a cycle
  // of SP between two active sets); false when none differs.
  bool freeCycleRows();
  static constexpr int kRememberedInconsistent = 4;

 private:
  enum class Row : signed char { Free, Lower, Upper };
  void mapRows(const std::vector<FrictionRows>& contacts, int contactCount, int axes, int nn, int nt);
  void assemble(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b, int nn, double shiftN,
                double shiftT);
  bool feasible(int nn, int equalities) const;
  // rows_ (and rowCount_) from the iterate's alpha and beta.
  void readRows(const Eigen::Ref<const VectorX>& alpha, const Eigen::Ref<const VectorX>& beta,
                const Eigen::Ref<const VectorX>& lower, const Eigen::Ref<const VectorX>& upper, int equalities);
  bool solveTarget(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                   const std::vector<FrictionRows>& contacts, int contactCount, int axes, double shiftN, double shiftT,
                   int nn, int nt);
  double feasibleFraction(const Eigen::Ref<const VectorX>& x, int nn, int equalities, int& blocking) const;
  void block(int constraint, int nn, int nt);
  static Row normalRow(int i, double value, int equalities) {
    return i >= equalities && value <= 0.0 ? Row::Lower : Row::Free;
  }
  // A zero bound (a_c = 0) fixes beta_j = 0 = -s mu a_c: at the lower bound.
  static Row frictionRow(double value, double lower, double upper) {
    return value <= lower ? Row::Lower : value >= upper ? Row::Upper : Row::Free;
  }
  bool solveRefined(Eigen::Ref<VectorX> x);

  std::vector<Row> rows_, lastRows_;  // normal rows then friction rows
  std::vector<Row> classified_;       // the Newton reading's classification of the iterate
  std::vector<Row> lastClassified_;   // the one of the iteration before
  std::vector<Row> rejected_[kRememberedInconsistent];
  std::vector<int> unknown_;          // row -> index in the unknowns, or -1
  std::vector<int> freeRows_;         // the unknowns' rows
  std::vector<int> contactNormal_;    // friction row -> its contact's normal row
  std::vector<double> contactBound_;  // friction row -> s mu
  MatrixX system_;
  VectorX solution_;
  MatrixX factors_;
  Eigen::VectorXi pivots_;  // factorPartialPivoting's (engine/algorithm/dense_lu.hpp)
  VectorX rhs_, residual_;
  VectorX target_, current_;  // the fixed point over all rows; the ratio test's point
  int rowCount_ = 0, unknowns_ = 0, rejectedCount_ = 0, nextRejected_ = 0;
  bool haveLast_ = false, tried_ = false;
};

}  // namespace articulab::contact
