#include "engine/solvers/variational_minimal/anderson_acceleration.hpp"

#include <algorithm>

namespace articulab::variational_minimal {

namespace {
constexpr double kAndersonTikhonov = 1e-12;  // relative to the largest diagonal of dR^T dR
}  // namespace

void AndersonAcceleration::resize(int size, int memory) {
  memory_ = std::clamp(memory, 0, kMaxMemory);
  dX_ = MatrixX::Zero(size, std::max(memory_, 1));
  dR_ = MatrixX::Zero(size, std::max(memory_, 1));
  xLast_ = VectorX::Zero(size);
  rLast_ = VectorX::Zero(size);
  restart();
}

void AndersonAcceleration::next(const VectorX& x, const VectorX& r, VectorX& xNext) {
  if (newProblem_) {
    newProblem_ = false;
  } else if (memory_ > 0 && newest_ != -1) {  // the newest differences enter the ring
    newest_ = (newest_ + 1) % memory_;
    dX_.col(newest_) = x - xLast_;
    dR_.col(newest_) = r - rLast_;
    filled_ = std::min(filled_ + 1, memory_);
  } else if (memory_ > 0) {
    newest_ = memory_ - 1;  // the first difference goes to column 0
  }
  xLast_ = x;
  rLast_ = r;
  xNext = x + r;
  if (filled_ == 0) return;
  const int m = filled_;
  normal_.resize(m, m);
  rhs_.resize(m);
  for (int i = 0; i < m; ++i) {
    rhs_[i] = dR_.col(i).dot(r);
    for (int j = 0; j <= i; ++j) normal_(i, j) = normal_(j, i) = dR_.col(i).dot(dR_.col(j));
  }
  normal_.diagonal().array() += kAndersonTikhonov * normal_.diagonal().maxCoeff();
  ldlt_.compute(normal_);
  gamma_ = ldlt_.solve(rhs_);
  for (int i = 0; i < m; ++i) xNext -= gamma_[i] * (dX_.col(i) + dR_.col(i));
}

void AndersonAcceleration::save(double* out) const {
  out[0] = filled_;
  out[1] = newest_;
  const long columns = dX_.size();
  std::copy_n(dX_.data(), columns, out + 2);
  std::copy_n(dR_.data(), columns, out + 2 + columns);
}

void AndersonAcceleration::load(const double* in) {
  filled_ = static_cast<int>(in[0]);
  newest_ = static_cast<int>(in[1]);
  newProblem_ = false;
  const long columns = dX_.size();
  std::copy_n(in + 2, columns, dX_.data());
  std::copy_n(in + 2 + columns, columns, dR_.data());
}

}  // namespace articulab::variational_minimal
