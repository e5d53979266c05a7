// engine/algorithm/dense_lu.hpp against Eigen's LU with partial pivoting (the dense reference).
#include <gtest/gtest.h>

#include <Eigen/LU>

#include "engine/algorithm/dense_lu.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

// Random systems of 1 to 12 unknowns, factored inside a larger buffer as the time step does:
// the solutions, of two right-hand sides from one factor, equal Eigen's to 1e-12 relative.
TEST(DenseLu, SolvesLikeEigensPartialPivotingLu) {
  MatrixX buffer = MatrixX::Zero(12, 12);
  Eigen::VectorXi pivots = Eigen::VectorXi::Zero(12);
  for (int n = 1; n <= 12; ++n) {
    const MatrixX K = MatrixX::Random(n, n) + 0.1 * MatrixX::Identity(n, n);
    auto factors = buffer.topLeftCorner(n, n);
    factors = K;
    ASSERT_TRUE(factorPartialPivoting(factors, pivots.head(n), 1e-14)) << n;
    for (int trial = 0; trial < 2; ++trial) {
      const VectorX r = VectorX::Random(n);
      VectorX x = r;
      solveFactored(factors, pivots.head(n), x);
      const VectorX reference = Eigen::PartialPivLU<MatrixX>(K).solve(r);
      EXPECT_LT((x - reference).norm(), 1e-12 * reference.norm()) << n;
      EXPECT_LT((K * x - r).norm(), 1e-12 * r.norm()) << n;
    }
  }
}

// A pivot below the threshold (a repeated row: rank n - 1) is refused.
TEST(DenseLu, RefusesASingularMatrix) {
  MatrixX K = MatrixX::Random(5, 5);
  K.row(3) = K.row(1);
  Eigen::VectorXi pivots(5);
  EXPECT_FALSE(factorPartialPivoting(K, pivots, 1e-12));
}

}  // namespace
}  // namespace articulab
