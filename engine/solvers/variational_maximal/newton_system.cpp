#include "engine/solvers/variational_maximal/newton_system.hpp"

#include <algorithm>

namespace articulab::variational {

namespace {

// z = A^-1 z in place from A = P^-1 L U Q^-1, the unknowns past the rank set to zero (the
// redundant rows' impulses); written out so that it uses no temporaries (c: scratch of z's size).
void solveRankRevealingInPlace(const Eigen::FullPivLU<MatrixX>& lu, VectorX& z, VectorX& c) {
  const MatrixX& LU = lu.matrixLU();
  const int k = static_cast<int>(LU.rows()), r = static_cast<int>(lu.rank());
  const auto& P = lu.permutationP().indices();
  const auto& Q = lu.permutationQ().indices();
  for (int i = 0; i < k; ++i) c[P[i]] = z[i];
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < i; ++j) c[i] -= LU(i, j) * c[j];
  for (int i = r - 1; i >= 0; --i) {
    for (int j = i + 1; j < r; ++j) c[i] -= LU(i, j) * c[j];
    c[i] /= LU(i, i);
  }
  for (int i = 0; i < k; ++i) z[Q[i]] = i < r ? c[i] : 0.0;
}

// Pivots below this fraction of the largest count as zero (redundant loop rows).
constexpr double kRankThreshold = 1e-10;

}  // namespace

void NewtonSystem::resize(const Model& model, const std::vector<int>& jointRows, const std::vector<int>& loopRows,
                          const std::vector<int>& rotorRows) {
  n_ = model.bodyCount();
  body_.assign(n_, Matrix6::Zero());
  joint_.assign(n_, CouplingBlock{});
  loop_.assign(loopRows.size(), CouplingBlock{});
  bodyNode_.assign(n_, -1);
  jointNode_.assign(n_, -1);
  jointOffset_.assign(n_, -1);
  int node = 0, offset = 6 * n_;
  for (int i = n_ - 1; i >= 0; --i) {  // children first (parent[i] < i)
    bodyNode_[i] = node++;
    if (jointRows[i] > 0) jointNode_[i] = node++;
  }
  for (int i = 0; i < n_; ++i) {
    joint_[i].rows = jointRows[i];
    joint_[i].rotorRows = jointRows[i] > 0 && !rotorRows.empty() ? rotorRows[i] : 0;
    if (jointRows[i] > 0) {
      jointOffset_[i] = offset;
      offset += jointRows[i];
    }
  }
  std::vector<int> parent(node, -1), size(node, 6);
  for (int i = 0; i < n_; ++i) {
    if (jointNode_[i] >= 0) {
      parent[bodyNode_[i]] = jointNode_[i];
      size[jointNode_[i]] = jointRows[i] + joint_[i].rotorRows;
    }
    const int p = model.joints[i].parent;
    if (jointNode_[i] >= 0 && p >= 0) parent[jointNode_[i]] = bodyNode_[p];
  }
  tree_.resize(parent, size);
  loopOffset_.assign(loopRows.size(), 0);
  rowLoop_.clear();
  rowLocal_.clear();
  loopRows_ = 0;
  for (std::size_t k = 0; k < loopRows.size(); ++k) {
    loop_[k].rows = loopRows[k];
    loopOffset_[k] = offset + loopRows_;
    for (int r = 0; r < loopRows[k]; ++r) {
      rowLoop_.push_back(static_cast<int>(k));
      rowLocal_.push_back(r);
    }
    loopRows_ += loopRows[k];
  }
  size_ = offset + loopRows_;
  W_.assign(loopRows_, std::vector<Vector6>(node, Vector6::Zero()));
  y_.assign(node, Vector6::Zero());
  schur_ = MatrixX::Zero(loopRows_, loopRows_);
  z_ = VectorX::Zero(loopRows_);
  c_ = VectorX::Zero(loopRows_);
  schurLu_ = Eigen::FullPivLU<MatrixX>(loopRows_, loopRows_);
}

// Body node: D = D_{v,w}, A = F(joint, body) = G_{v,w}, B = F(body, joint) = -G_{x,q}^T.
// Joint node (r unknowns): D = 0, A = F(parent, joint) = -G_{x,q}^T, B = F(joint, parent) = G_{v,w};
// the tree reads only their r rows or columns; a rotor row adds 1 to D (header). The factor
// writes only D, D^-1 and L, so the G_{x,q}^T blocks stay as loaded.
void NewtonSystem::loadTree(bool forcesChanged) {
  for (int i = 0; i < n_; ++i) {
    const int b = bodyNode_[i], j = jointNode_[i];
    tree_.D(b) = body_[i];
    if (j < 0) continue;
    const CouplingBlock& c = joint_[i];
    tree_.A(b) = c.rateA;
    if (forcesChanged) tree_.B(b) = -c.forceA.transpose();
    tree_.D(j).setZero();
    for (int r = c.rows; r < c.rows + c.rotorRows; ++r) tree_.D(j)(r, r) = 1.0;
    if (c.bodyB >= 0) {
      if (forcesChanged) tree_.A(j) = -c.forceB.transpose();
      tree_.B(j) = c.rateB;
    }
  }
}

double NewtonSystem::loopRate(int row, const std::vector<Vector6>& y) const {
  const CouplingBlock& c = loop_[rowLoop_[row]];
  const int r = rowLocal_[row];
  double value = 0.0;
  if (c.bodyA >= 0) value += c.rateA.row(r).dot(y[bodyNode_[c.bodyA]]);
  if (c.bodyB >= 0) value += c.rateB.row(r).dot(y[bodyNode_[c.bodyB]]);
  return value;
}

void NewtonSystem::setDenseLu(bool dense) {
  dense_ = dense;
  const int size = dense ? size_ : 0;
  denseF_ = MatrixX::Zero(size, size);
  denseLu_ = Eigen::FullPivLU<MatrixX>(size, size);
  denseScratch_ = VectorX::Zero(size);
}

int NewtonSystem::loopRank() const {
  if (!schurFactored_) return 0;
  return dense_ ? static_cast<int>(denseLu_.rank()) - (size_ - loopRows_) : static_cast<int>(schurLu_.rank());
}

// Only the loop rows may be redundant: the tree's rows are independent when its pivots are.
bool NewtonSystem::factorDense() {
  assembleDense(denseF_);
  denseLu_.setThreshold(kRankThreshold);
  denseLu_.compute(denseF_);
  schurFactored_ = loopRows_ > 0;
  const int rank = static_cast<int>(denseLu_.rank());
  return rank >= size_ - loopRows_ && rank > 0;
}

bool NewtonSystem::factor(bool forcesChanged) {
  schurFactored_ = false;
  if (dense_) return factorDense();
  loadTree(forcesChanged);
  if (!tree_.factor()) return false;
  if (loopRows_ == 0) return true;
  for (int e = 0; e < loopRows_; ++e) {  // W_e = T^-1 G_loop^T e
    std::vector<Vector6>& w = W_[e];
    for (Vector6& v : w) v.setZero();
    const CouplingBlock& c = loop_[rowLoop_[e]];
    const int r = rowLocal_[e];
    if (c.bodyA >= 0) w[bodyNode_[c.bodyA]] -= c.forceA.row(r).transpose();
    if (c.bodyB >= 0) w[bodyNode_[c.bodyB]] -= c.forceB.row(r).transpose();
    tree_.solve(w);
  }
  for (int e = 0; e < loopRows_; ++e)
    for (int f = 0; f < loopRows_; ++f) schur_(e, f) = -loopRate(e, W_[f]);
  schurLu_.setThreshold(kRankThreshold);
  schurLu_.compute(schur_);
  schurFactored_ = true;
  return schurLu_.rank() > 0;
}

void NewtonSystem::scatter(const VectorX& f, std::vector<Vector6>& y) const {
  for (Vector6& v : y) v.setZero();
  for (int i = 0; i < n_; ++i) {
    y[bodyNode_[i]] = f.segment<6>(6 * i);
    if (jointNode_[i] >= 0) y[jointNode_[i]].head(joint_[i].rows) = f.segment(jointOffset_[i], joint_[i].rows);
  }
}

void NewtonSystem::solve(const VectorX& f, VectorX& x) {
  if (dense_) {
    x = f;
    solveRankRevealingInPlace(denseLu_, x, denseScratch_);
    return;
  }
  scatter(f, y_);
  tree_.solve(y_);
  if (loopRows_ > 0) {  // z = S^-1 (f_loop - G' y), x_tree = y - W z
    const int loopStart = size_ - loopRows_;
    for (int e = 0; e < loopRows_; ++e) z_[e] = f[loopStart + e] - loopRate(e, y_);
    solveRankRevealingInPlace(schurLu_, z_, c_);
    for (int e = 0; e < loopRows_; ++e)
      for (std::size_t node = 0; node < y_.size(); ++node) y_[node] -= z_[e] * W_[e][node];
    x.segment(loopStart, loopRows_) = z_;
  }
  for (int i = 0; i < n_; ++i) {
    x.segment<6>(6 * i) = y_[bodyNode_[i]];
    if (jointNode_[i] >= 0) x.segment(jointOffset_[i], joint_[i].rows) = y_[jointNode_[i]].head(joint_[i].rows);
  }
}

MatrixX NewtonSystem::dense() const {
  MatrixX F(size_, size_);
  assembleDense(F);
  return F;
}

void NewtonSystem::assembleDense(MatrixX& F) const {
  F.setZero();
  for (int i = 0; i < n_; ++i) F.block<6, 6>(6 * i, 6 * i) = body_[i];
  const auto couple = [&](const CouplingBlock& c, int offset) {
    for (int side = 0; side < 2; ++side) {
      const int b = side == 0 ? c.bodyA : c.bodyB;
      if (b < 0) continue;
      const Matrix6& force = side == 0 ? c.forceA : c.forceB;
      const Matrix6& rate = side == 0 ? c.rateA : c.rateB;
      F.block(6 * b, offset, 6, c.rows) -= force.topRows(c.rows).transpose();
      F.block(offset, 6 * b, c.rows, 6) += rate.topRows(c.rows);
    }
  };
  // A rotor row's unknown y = -r^T u eliminated: F(X, Y) += g_X r_Y^T.
  const auto foldRotor = [&](const CouplingBlock& c) {
    const int bodies[2] = {c.bodyA, c.bodyB};
    const Matrix6* force[2] = {&c.forceA, &c.forceB};
    const Matrix6* rate[2] = {&c.rateA, &c.rateB};
    for (int r = c.rows; r < c.rows + c.rotorRows; ++r)
      for (int x = 0; x < 2; ++x)
        for (int y = 0; y < 2; ++y)
          if (bodies[x] >= 0 && bodies[y] >= 0)
            F.block<6, 6>(6 * bodies[x], 6 * bodies[y]) += force[x]->row(r).transpose() * rate[y]->row(r);
  };
  for (int i = 0; i < n_; ++i)
    if (jointOffset_[i] >= 0) {
      couple(joint_[i], jointOffset_[i]);
      foldRotor(joint_[i]);
    }
  for (std::size_t k = 0; k < loop_.size(); ++k) couple(loop_[k], loopOffset_[k]);
}

}  // namespace articulab::variational
