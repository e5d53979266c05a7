#include "engine/solvers/variational_maximal/block_tree_ldu.hpp"

#include <array>
#include <cmath>
#include <cassert>
#include <utility>

namespace articulab::variational {

namespace {

template <int N>
using SquareBlock = Eigen::Matrix<double, N, N>;

// inv = m^-1 by Gauss-Jordan elimination with partial pivoting against an appended identity;
// false when m is singular or not finite. Written out for N <= 6: Eigen's
// PartialPivLU::inverse() solves against the identity through its general triangular-solve
// kernels, which took 40 % of a step (callgrind, 2026-11-24). The fallback of invertPivotBlock.
template <int N>
bool invertByGaussJordan(SquareBlock<N> m, SquareBlock<N>& inv) {
  if (!m.allFinite()) return false;
  inv.setIdentity();
  for (int c = 0; c < N; ++c) {
    int p = c;
    for (int r = c + 1; r < N; ++r)
      if (std::abs(m(r, c)) > std::abs(m(p, c))) p = r;
    if (m(p, c) == 0.0) return false;
    m.row(p).swap(m.row(c));
    inv.row(p).swap(inv.row(c));
    const double scale = 1.0 / m(c, c);
    m.row(c) *= scale;
    inv.row(c) *= scale;
    for (int r = 0; r < N; ++r) {
      const double f = m(r, c);
      if (r == c || f == 0.0) continue;
      m.row(r) -= f * m.row(c);
      inv.row(r) -= f * inv.row(c);
    }
  }
  return inv.allFinite();
}

// |det m| below this times the product of m's row norms (Hadamard's bound on |det m|) counts as
// too close to singular for an inverse without pivoting.
constexpr double kUnpivotedDeterminantFloor = 1e-10;
// Largest entry of the Schur complement C allowed against the largest of m: beyond, the leading
// block is small against the rest (elimination growth, digits lost), and the inverse pivots. For a
// symmetric positive definite m, C is never larger than m's trailing block.
constexpr double kSchurGrowthLimit = 100.0;

// inv = m^-1 by cofactors (Eigen's fixed-size inverse, N <= 3); false when m is nearly singular
// in the sense above, or not finite.
template <int N>
bool invertByCofactors(const SquareBlock<N>& m, SquareBlock<N>& inv) {
  const double bound = kUnpivotedDeterminantFloor * m.rowwise().norm().prod();
  double det = 0.0;
  bool invertible = false;
  m.computeInverseAndDetWithCheck(inv, det, invertible, bound);
  return invertible && bound > 0.0 && inv.allFinite();
}

// inv = m^-1 by the 3 x 3 blocks m = [P Q; R S] without pivoting: with the Schur complement
// C = S - R P^-1 Q,  m^-1 = [P^-1 + P^-1 Q C^-1 R P^-1,  -P^-1 Q C^-1;  -C^-1 R P^-1,  C^-1]
// (N <= 3: cofactors alone). The pivots are near symmetric positive definite (D_{v,w} is for
// small h, their Schur complements G D^-1 G^T-like), so P and C are well conditioned and C no
// larger than m; when one of these fails, Gauss-Jordan with pivoting takes over. 1090
// instructions against Gauss-Jordan's 2360 at N = 6, 650 against 1570 at N = 5 (callgrind,
// revolute chain, 2026-11-28).
template <int N>
bool invertPivotBlock(const SquareBlock<N>& m, SquareBlock<N>& inv) {
  if constexpr (N <= 3) {
    return invertByCofactors<N>(m, inv) || invertByGaussJordan<N>(m, inv);
  } else {
    constexpr int M = N - 3;
    SquareBlock<3> Pinv;
    SquareBlock<M> Cinv;
    if (!invertByCofactors<3>(m.template topLeftCorner<3, 3>(), Pinv)) return invertByGaussJordan<N>(m, inv);
    const Eigen::Matrix<double, 3, M> PinvQ = Pinv * m.template topRightCorner<3, M>();
    const Eigen::Matrix<double, M, 3> RPinv = m.template bottomLeftCorner<M, 3>() * Pinv;
    SquareBlock<M> C = m.template bottomRightCorner<M, M>();
    C.noalias() -= m.template bottomLeftCorner<M, 3>() * PinvQ;
    if (!(C.cwiseAbs().maxCoeff() <= kSchurGrowthLimit * m.cwiseAbs().maxCoeff()) || !invertByCofactors<M>(C, Cinv))
      return invertByGaussJordan<N>(m, inv);
    const Eigen::Matrix<double, 3, M> upperRight = -PinvQ * Cinv;
    inv.template topRightCorner<3, M>() = upperRight;
    inv.template bottomLeftCorner<M, 3>().noalias() = -Cinv * RPinv;
    inv.template bottomRightCorner<M, M>() = Cinv;
    inv.template topLeftCorner<3, 3>() = Pinv;
    inv.template topLeftCorner<3, 3>().noalias() -= upperRight * RPinv;
    return inv.allFinite();
  }
}

// Node of S unknowns under a parent of P (P = 0: a root).
template <int S, int P>
bool factorTreeNode(Matrix6& D, const Matrix6& A, const Matrix6& B, Matrix6& Dinv, Matrix6& L, Matrix6* Dparent) {
  SquareBlock<S> inv;
  if (!invertPivotBlock<S>(D.topLeftCorner<S, S>(), inv)) return false;
  Dinv.topLeftCorner<S, S>() = inv;
  if constexpr (P > 0) {
    const Eigen::Matrix<double, P, S> l = A.topLeftCorner<P, S>() * inv;
    L.topLeftCorner<P, S>() = l;
    Dparent->topLeftCorner<P, P>().noalias() -= l * B.topLeftCorner<S, P>();
  }
  return true;
}

template <int S, int P>
void forwardTreeNode(const Matrix6& L, const Vector6& y, Vector6& yParent) {
  if constexpr (P > 0) yParent.head<P>().noalias() -= L.topLeftCorner<P, S>() * y.head<S>();
}

template <int S, int P>
void backwardTreeNode(const Matrix6& Dinv, const Matrix6& B, const Vector6* xParent, Vector6& x) {
  Eigen::Matrix<double, S, 1> r = x.head<S>();
  if constexpr (P > 0) r.noalias() -= B.topLeftCorner<S, P>() * xParent->head<P>();
  x.head<S>() = Dinv.topLeftCorner<S, S>() * r;
}

// The kernels of every (size, parent size): entry 7 (s - 1) + p, p = 0 for a root.
template <std::size_t... K>
constexpr std::array<BlockTreeLdu::Kernels, sizeof...(K)> treeNodeKernels(std::index_sequence<K...>) {
  return {BlockTreeLdu::Kernels{&factorTreeNode<K / 7 + 1, K % 7>, &forwardTreeNode<K / 7 + 1, K % 7>,
                                &backwardTreeNode<K / 7 + 1, K % 7>}...};
}

constexpr std::array<BlockTreeLdu::Kernels, 42> kTreeNodeKernels = treeNodeKernels(std::make_index_sequence<42>{});

}  // namespace

void BlockTreeLdu::resize(const std::vector<int>& parent, const std::vector<int>& size) {
  assert(size.size() == parent.size());
  parent_ = parent;
  size_ = size;
  const std::size_t n = parent.size();
  kernels_.assign(n, nullptr);
  for (std::size_t i = 0; i < n; ++i) {
    const int p = parent[i];
    assert(size[i] >= 1 && size[i] <= 6 && p < static_cast<int>(n) && (p < 0 || p > static_cast<int>(i)));
    kernels_[i] = &kTreeNodeKernels[7 * (size[i] - 1) + (p >= 0 ? size[p] : 0)];
  }
  for (auto* blocks : {&D_, &A_, &B_, &Dinv_, &L_}) blocks->assign(n, Matrix6::Zero());
}

bool BlockTreeLdu::factor() {
  for (int i = 0; i < nodeCount(); ++i) {
    const int p = parent_[i];
    if (!kernels_[i]->factor(D_[i], A_[i], B_[i], Dinv_[i], L_[i], p >= 0 ? &D_[p] : nullptr)) return false;
  }
  return true;
}

void BlockTreeLdu::solve(std::vector<Vector6>& x) const {
  const int n = nodeCount();
  for (int i = 0; i < n; ++i)
    if (parent_[i] >= 0) kernels_[i]->forward(L_[i], x[i], x[parent_[i]]);
  for (int i = n - 1; i >= 0; --i)
    kernels_[i]->backward(Dinv_[i], B_[i], parent_[i] >= 0 ? &x[parent_[i]] : nullptr, x[i]);
}

}  // namespace articulab::variational
