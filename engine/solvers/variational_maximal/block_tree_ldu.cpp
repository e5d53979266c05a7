#include "engine/solvers/variational_maximal/block_tree_ldu.hpp"

#include <cmath>

namespace articulab::variational {

namespace {

// inv = m^-1 by Gauss-Jordan elimination with partial pivoting; false when m is singular or not
// finite. Written out for 6 x 6: Eigen's PartialPivLU::inverse() solves against the identity
// through its general triangular-solve kernels, which took 40 % of a step (callgrind, 2026-11-24).
bool invert(Matrix6 m, Matrix6& inv) {
  if (!m.allFinite()) return false;
  inv.setIdentity();
  for (int c = 0; c < 6; ++c) {
    int p = c;
    for (int r = c + 1; r < 6; ++r)
      if (std::abs(m(r, c)) > std::abs(m(p, c))) p = r;
    if (m(p, c) == 0.0) return false;
    m.row(p).swap(m.row(c));
    inv.row(p).swap(inv.row(c));
    const double scale = 1.0 / m(c, c);
    m.row(c) *= scale;
    inv.row(c) *= scale;
    for (int r = 0; r < 6; ++r) {
      const double f = m(r, c);
      if (r == c || f == 0.0) continue;
      m.row(r) -= f * m.row(c);
      inv.row(r) -= f * inv.row(c);
    }
  }
  return inv.allFinite();
}

}  // namespace

void BlockTreeLdu::resize(const std::vector<int>& parent) {
  parent_ = parent;
  const std::size_t n = parent.size();
  for (auto* blocks : {&D_, &A_, &B_, &Dinv_, &L_, &U_}) blocks->assign(n, Matrix6::Zero());
}

bool BlockTreeLdu::factor() {
  for (int i = 0; i < nodeCount(); ++i) {
    if (!invert(D_[i], Dinv_[i])) return false;
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
