#include "engine/solvers/variational_maximal/block_tree_ldu.hpp"

#include <Eigen/LU>
#include <cmath>

namespace articulab::variational {

void BlockTreeLdu::resize(const std::vector<int>& parent) {
  parent_ = parent;
  const std::size_t n = parent.size();
  for (auto* blocks : {&D_, &A_, &B_, &Dinv_, &L_, &U_}) blocks->assign(n, Matrix6::Zero());
}

bool BlockTreeLdu::factor() {
  for (int i = 0; i < nodeCount(); ++i) {
    const Eigen::PartialPivLU<Matrix6> lu(D_[i]);
    const double det = lu.determinant();
    if (!std::isfinite(det) || det == 0.0) return false;
    Dinv_[i] = lu.inverse();
    const int p = parent_[i];
    if (p < 0) continue;
    L_[i].noalias() = A_[i] * Dinv_[i];
    U_[i].noalias() = Dinv_[i] * B_[i];
    D_[p].noalias() -= L_[i] * B_[i];
  }
  return true;
}

void BlockTreeLdu::solve(std::vector<Vector6>& x) const {
  const int n = nodeCount();
  for (int i = 0; i < n; ++i)
    if (parent_[i] >= 0) x[parent_[i]].noalias() -= L_[i] * x[i];
  for (int i = n - 1; i >= 0; --i) {
    Vector6 xi = Dinv_[i] * x[i];
    if (parent_[i] >= 0) xi.noalias() -= U_[i] * x[parent_[i]];
    x[i] = xi;
  }
}

}  // namespace articulab::variational
