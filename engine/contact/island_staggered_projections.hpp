// Staggered projections island by island (issue 15): the whole problem's Delassus matrix is block
// diagonal over the contact islands (contact_islands.hpp), so SP runs on each island's block
// alone, with its own small contact and friction QPs (box_qp.hpp: O(m_s^3) each instead of
// O(m^3)) and its own convergence test (sueda Alg 7 line 14 on the island's contact force). The
// back-end fills each island's block and right-hand side (rows() says which rows of the whole
// problem, in local order) and calls solve(); the forces land in the whole problem's alpha and
// beta. Apart from the regularisation (eps relative to the island's largest diagonal, not the
// whole problem's) and the per-island stopping test, the result is the whole problem's.
// No allocation after construction.
#pragma once

#include <vector>

#include "engine/contact/contact_islands.hpp"
#include "engine/contact/staggered_projections.hpp"

namespace articulab::contact {

class IslandStaggeredProjections {
 public:
  IslandStaggeredProjections(int normalCapacity = 0, int frictionContactCapacity = 0, int frictionCapacity = 0);

  // Island s of the whole problem (normals normal rows, the first `equalities` of them free, then
  // the friction rows): its rows as indices into the whole problem's rows (normal row r is r,
  // friction row j is normals + j), its normal rows first. Returns the island's row count.
  int gather(const ContactIslands& islands, int s, int normals, int equalities,
             const std::vector<FrictionRows>& contacts, int axes);
  const std::vector<int>& rows() const { return rows_; }  // first gather() entries

  // SP on the island's block A and right-hand side b (rows() order), warm-started from the
  // island's entries of beta; writes its forces into alpha (normal rows) and beta (friction rows).
  StaggeredProjectionResult solve(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                                  Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta,
                                  const StaggeredProjectionSettings& settings);
  // The island's forces in rows() order after solve() (normal rows, then friction rows).
  Eigen::Ref<const VectorX> forces() const { return forces_.head(normals_ + frictionRows_); }

 private:
  int normals_ = 0, equalities_ = 0, frictionRows_ = 0, contactCount_ = 0, axes_ = 0;
  StaggeredProjections sp_;
  std::vector<int> rows_;
  std::vector<FrictionRows> contacts_;
  VectorX forces_;
};

// The step's result over islands: ok and converged when every island's is, the most iterations
// and the largest change of any island, the first failure. Start from a default result.
void mergeIslandResult(StaggeredProjectionResult& total, const StaggeredProjectionResult& island);

}  // namespace articulab::contact
