// Restarted, left-preconditioned GMRES against a dense LU solve on non-symmetric systems.
#include <gtest/gtest.h>

#include <Eigen/LU>

#include "engine/solvers/recursive/gmres.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

MatrixX randomNonSymmetric(int n) {
  MatrixX A = MatrixX::NullaryExpr(n, n, [] { return test::uniform(-1.0, 1.0); });
  A.diagonal().array() += 2.0 * n;  // well conditioned, far from symmetric
  return A;
}

TEST(RecursiveGmres, SolvesANonSymmetricSystemToTheTolerance) {
  const int n = 40;
  const MatrixX A = randomNonSymmetric(n);
  const VectorX b = test::randomVector(n);
  const VectorX diagonal = A.diagonal();
  Gmres gmres(n, n);
  VectorX x = VectorX::Zero(n);
  const KrylovReport report = gmres.solve([&](const VectorX& v, VectorX& out) { out = A * v; },
                                          [&](const VectorX& v, VectorX& out) { out = v.cwiseQuotient(diagonal); },
                                          b, x, 1e-12, 100);
  EXPECT_TRUE(report.converged);
  EXPECT_LE(report.relativeResidual, 1e-12);
  EXPECT_LT((x - A.partialPivLu().solve(b)).norm(), 1e-10 * x.norm());
}

// A basis of 5 vectors needs restarts on a 40-unknown system; it still converges.
TEST(RecursiveGmres, RestartsUntilConverged) {
  const int n = 40;
  const MatrixX A = randomNonSymmetric(n);
  const VectorX b = test::randomVector(n);
  Gmres gmres(n, 5);
  VectorX x = VectorX::Zero(n);
  const KrylovReport report = gmres.solve([&](const VectorX& v, VectorX& out) { out = A * v; },
                                          [](const VectorX& v, VectorX& out) { out = v; }, b, x, 1e-12, 500);
  EXPECT_TRUE(report.converged);
  EXPECT_GT(report.iterations, 5);
  EXPECT_LT((A * x - b).norm(), 1e-11 * b.norm());
}

// The exact preconditioner gives the answer in one iteration.
TEST(RecursiveGmres, ExactPreconditionerConvergesInOneIteration) {
  const int n = 30;
  const MatrixX A = randomNonSymmetric(n);
  const Eigen::PartialPivLU<MatrixX> lu(A);
  const VectorX b = test::randomVector(n);
  Gmres gmres(n, n);
  VectorX x = VectorX::Zero(n);
  const KrylovReport report = gmres.solve([&](const VectorX& v, VectorX& out) { out = A * v; },
                                          [&](const VectorX& v, VectorX& out) { out = lu.solve(v); }, b, x, 1e-12, 10);
  EXPECT_TRUE(report.converged);
  EXPECT_EQ(report.iterations, 1);
}

TEST(RecursiveGmres, StopsAtTheIterationLimitAndSaysSo) {
  const int n = 40;
  const MatrixX A = randomNonSymmetric(n);
  const VectorX b = test::randomVector(n);
  Gmres gmres(n, n);
  VectorX x = VectorX::Zero(n);
  const KrylovReport report = gmres.solve([&](const VectorX& v, VectorX& out) { out = A * v; },
                                          [](const VectorX& v, VectorX& out) { out = v; }, b, x, 1e-15, 3);
  EXPECT_FALSE(report.converged);
  EXPECT_EQ(report.iterations, 3);
  EXPECT_GT(report.relativeResidual, 1e-15);
}

}  // namespace
}  // namespace articulab
