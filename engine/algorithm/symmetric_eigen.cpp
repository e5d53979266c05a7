#include "engine/algorithm/symmetric_eigen.hpp"

namespace articulab {

SymmetricEigen::SymmetricEigen(Eigen::Index n)
    : V_(n, n), lambda_(n), subdiagonal_(std::max<Eigen::Index>(n - 1, 0)), householder_(std::max<Eigen::Index>(n - 1, 0)),
      workspace_(n) {}

bool SymmetricEigen::compute(const MatrixX& A) {
  const Eigen::Index n = A.rows();
  if (n == 0) return true;
  V_ = A;
  if (n == 1) {
    lambda_[0] = V_(0, 0);
    V_(0, 0) = 1.0;
    return true;
  }
  Eigen::internal::tridiagonalization_inplace(V_, householder_);
  lambda_ = V_.diagonal();
  subdiagonal_ = V_.diagonal<-1>();
  Eigen::HouseholderSequence<MatrixX, VectorX>(V_, householder_).setLength(n - 1).setShift(1).evalTo(V_, workspace_);
  return Eigen::internal::computeFromTridiagonal_impl(lambda_, subdiagonal_, 30 * n, true, V_) == Eigen::Success;
}

}  // namespace articulab
