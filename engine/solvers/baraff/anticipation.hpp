// Primary plus auxiliary constraints by constraint anticipation (Baraff 1996, section 8.2):
//   1. factor H of the primary constraints once (sparsefactor);
//   2. solve for F: accelerations a0 without auxiliary forces;
//   3. for each auxiliary row j, solve for its unit force k_j = J_a,j^T with r = 0: the
//      response Mhat^-1 k_j anticipates the primary constraints; row i of J_a times it is
//      entry (i, j) of the k x k matrix A = J_a Mhat^-1 J_a^T, O(kn) in all;
//   4. A mu = rhs_a - J_a a0 (equalities; redundant rows carry no force);
//   5. solve once more for F + K mu: final accelerations and primary multipliers.
// With inequality rows (joint limits, contact) step 4 becomes the mixed linear complementarity
// problem  A mu - b = w,  mu_i free and w_i = 0 on equality rows,  mu_i >= 0, w_i >= 0,
// mu_i w_i = 0 on inequality rows (Baraff section 8.3), solved on the (k + u) x (k + u)
// matrix A by the shared projected Gauss-Seidel of engine/contact/projected_gauss_seidel.
// With friction rows (contacts with mu > 0) A covers them too, (k + u + t) x (k + u + t), and
// step 4 is staggered projections (engine/contact/staggered_projections: the contact and the
// friction QP in turn, each by the box QP), the friction forces warm-started from
// frictionMultipliers(); step 5 applies contact and friction forces. By default (setting
// sp-islands) step 3 and 4 go island by island (engine/contact/contact_islands.hpp): A has no
// block between rows on bodies that no joint, loop or contact connects, so only each island's
// block is filled (one tree solve per row, then m_s^2 entries) and solved by SP on its own.
#pragma once

#include <string>
#include <vector>

#include "engine/contact/contact_islands.hpp"
#include "engine/contact/island_staggered_projections.hpp"
#include "engine/contact/staggered_projections.hpp"
#include "engine/solvers/baraff/block_tree_ldlt.hpp"
#include "engine/solvers/baraff/semidefinite_solve.hpp"

namespace articulab::baraff {

// a: body accelerations (or, for projections, body displacements / velocity changes);
// lambda: multipliers of the primary rows per joint, mu of the auxiliary rows, with
// M a = F + G^T lambda + J_a^T mu.
struct ConstrainedSolution {
  std::vector<Vector6> a;
  std::vector<RowVector> lambda;
  VectorX mu;
  explicit ConstrainedSolution(const Model& model = Model{}, int auxiliaryRows = 0);
};

struct SolveReport {
  bool ok = true;
  std::string message;     // why not ok
  int redundantRows = 0;   // auxiliary rows dependent on the others
  double residual = 0.0;   // max violation of the auxiliary equations after the solve
};

class AnticipationSolver {
 public:
  AnticipationSolver(const Model& model, int auxiliaryRows, int unilateralRows = 0, int frictionRows = 0);
  // Factors H at the system's rows; then solve() as often as needed at that configuration.
  bool factor(const Model& model, const ConstraintSystem& system, SolveReport& report);
  // Solves with body forces F, primary right-hand sides system.primary[i].rhs and auxiliary
  // right-hand sides system.auxiliary[r].rhs; out.lambda is left unchanged unless multipliers.
  void solve(const ConstraintSystem& system, const std::vector<Vector6>& F, ConstrainedSolution& out,
             SolveReport& report, bool multipliers = true);
  // solve() with a factor of rows near the system's, then one correction with the residual of
  // the system's rows (iterative refinement; in refinement.cpp). Equality rows only. The rows'
  // right-hand sides are left holding the residuals. False when the solve fails or the
  // correction is too large for the result to be at rounding: then factor and solve.
  bool solveRefined(const Model& model, ConstraintSystem& system, const std::vector<Vector6>& F,
                    ConstrainedSolution& out, SolveReport& report);
  const MatrixX& auxiliaryMatrix() const { return A_; }
  // Multipliers of the system's inequality rows after the last solve (first unilateralCount).
  const VectorX& unilateralMultipliers() const { return unilateralMu_; }
  // Friction forces of the system's friction rows (first frictionCount): the warm start before
  // a solve, the result after.
  VectorX& frictionMultipliers() { return frictionMu_; }
  const VectorX& frictionMultipliers() const { return frictionMu_; }
  void setStaggeredSettings(const contact::StaggeredProjectionSettings& settings) { staggeredSettings_ = settings; }
  // Staggered projections of the last solve with friction rows.
  const contact::StaggeredProjectionResult& staggeredResult() const { return staggeredResult_; }

 private:
  double rowTimes(const ConstraintRow& row, const std::vector<Vector6>& a) const;
  const ConstraintRow& mixedRow(const ConstraintSystem& system, int i) const;
  // A over the first `rows` rows of the mixed list, or over the rows index[0..rows) of it.
  void fillMatrix(const ConstraintSystem& system, int rows, MatrixX& A, const int* index = nullptr);
  void solveEqualities(const ConstraintSystem& system, ConstrainedSolution& out, SolveReport& report);
  void solveComplementarity(const ConstraintSystem& system, ConstrainedSolution& out, SolveReport& report);
  void solveFrictional(const ConstraintSystem& system, ConstrainedSolution& out, SolveReport& report);
  void solveFrictionalIslands(const ConstraintSystem& system, ConstrainedSolution& out, SolveReport& report);
  void groupIslands(const ConstraintSystem& system);
  void reportStaggeredFailure(SolveReport& report) const;
  void addRowForce(const ConstraintRow& row, double scale, std::vector<Vector6>& F) const;

  BlockTreeLDLT tree_;
  SemidefiniteSolver small_;
  std::vector<Vector6> force_, response_, residual_;
  ConstrainedSolution correction_;
  MatrixX A_, mixedA_;
  VectorX b_, mixedB_, mixedMu_, unilateralMu_, frictionMu_;
  contact::StaggeredProjections staggered_;
  contact::ContactIslands islands_;
  contact::IslandStaggeredProjections islandStaggered_;
  contact::StaggeredProjectionSettings staggeredSettings_;
  contact::StaggeredProjectionResult staggeredResult_;
};

}  // namespace articulab::baraff
