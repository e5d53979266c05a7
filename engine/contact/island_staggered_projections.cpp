#include "engine/contact/island_staggered_projections.hpp"

#include <algorithm>

namespace articulab::contact {

IslandStaggeredProjections::IslandStaggeredProjections(int normalCapacity, int frictionContactCapacity,
                                                       int frictionCapacity)
    : sp_(normalCapacity, frictionCapacity),
      rows_(normalCapacity + frictionCapacity),
      contacts_(frictionContactCapacity),
      forces_(VectorX::Zero(normalCapacity + frictionCapacity)) {}

int IslandStaggeredProjections::gather(const ContactIslands& islands, int s, int normals, int equalities,
                                       const std::vector<FrictionRows>& contacts, int axes) {
  normals_ = islands.normalCount(s);
  contactCount_ = islands.frictionContactCount(s);
  axes_ = axes;
  const int* normalRows = islands.normalRows(s);
  equalities_ = static_cast<int>(std::lower_bound(normalRows, normalRows + normals_, equalities) - normalRows);
  std::copy(normalRows, normalRows + normals_, rows_.begin());
  frictionRows_ = 0;
  for (int k = 0; k < contactCount_; ++k) {
    const FrictionRows& whole = contacts[islands.frictionContacts(s)[k]];
    FrictionRows& local = contacts_[k];
    local.normal = islands.localNormal(whole.normal);
    local.firstAxis = frictionRows_;
    local.bound = whole.bound;
    for (int j = 0; j < axes; ++j) rows_[normals_ + frictionRows_++] = normals + whole.firstAxis + j;
  }
  return normals_ + frictionRows_;
}

StaggeredProjectionResult IslandStaggeredProjections::solve(const Eigen::Ref<const MatrixX>& A,
                                                            const Eigen::Ref<const VectorX>& b,
                                                            Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta,
                                                            const StaggeredProjectionSettings& settings) {
  const int wholeNormals = static_cast<int>(alpha.size());
  auto localAlpha = forces_.head(normals_);
  auto localBeta = forces_.segment(normals_, frictionRows_);
  for (int j = 0; j < frictionRows_; ++j) localBeta[j] = beta[rows_[normals_ + j] - wholeNormals];  // warm start
  const StaggeredProjectionResult result =
      sp_.solve(A, b, normals_, equalities_, contacts_, contactCount_, axes_, localAlpha, localBeta, settings);
  for (int i = 0; i < normals_; ++i) alpha[rows_[i]] = localAlpha[i];
  for (int j = 0; j < frictionRows_; ++j) beta[rows_[normals_ + j] - wholeNormals] = localBeta[j];
  return result;
}

void mergeIslandResult(StaggeredProjectionResult& total, const StaggeredProjectionResult& island) {
  if (total.iterations == 0) {  // the first island (every island solves its contact QP at least once)
    total = island;
    return;
  }
  if (total.ok && !island.ok) total.failure = island.failure;
  total.ok = total.ok && island.ok;
  total.converged = total.converged && island.converged;
  total.iterations = std::max(total.iterations, island.iterations);
  total.change = std::max(total.change, island.change);
}

}  // namespace articulab::contact
