#include <gtest/gtest.h>

#include "engine/algorithm/force_jacobians.hpp"
#include "engine/algorithm/symmetric_eigen.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

TEST(SymmetricEigen, ReconstructsTheMatrixWithOrthonormalVectors) {
  for (int n : {1, 2, 7, 30}) {
    const MatrixX B = MatrixX::NullaryExpr(n, n, [] { return test::uniform(-1, 1); });
    const MatrixX A = B + B.transpose();
    SymmetricEigen eigen(n);
    ASSERT_TRUE(eigen.compute(A));
    const MatrixX& V = eigen.eigenvectors();
    EXPECT_LT((V * eigen.eigenvalues().asDiagonal() * V.transpose() - A).norm(), 1e-12 * n);
    EXPECT_LT((V.transpose() * V - MatrixX::Identity(n, n)).norm(), 1e-12 * n);
  }
}

// The projection keeps the positive part of the spectrum and zeroes the negative part.
TEST(SymmetricEigen, ProjectionIsThePositivePartOfTheSymmetricMatrix) {
  const Model model = test::standardChain(6);
  const int n = model.nq;
  const MatrixX B = MatrixX::NullaryExpr(n, n, [] { return test::uniform(-1, 1); });
  MatrixX K = B;
  ForceJacobianWorkspace ws(model);
  projectToPositiveSemidefinite(K, ws);
  const MatrixX S = 0.5 * (B + B.transpose());
  Eigen::SelfAdjointEigenSolver<MatrixX> reference(S);
  const MatrixX expected = reference.eigenvectors() * reference.eigenvalues().cwiseMax(0.0).asDiagonal() *
                           reference.eigenvectors().transpose();
  EXPECT_LT((K - expected).norm(), 1e-12);
  EXPECT_GE(Eigen::SelfAdjointEigenSolver<MatrixX>(K).eigenvalues().minCoeff(), -1e-12);
}

}  // namespace
}  // namespace articulab
