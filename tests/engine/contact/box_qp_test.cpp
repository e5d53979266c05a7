// The box QP solver (engine/contact/box_qp) against brute force: every assignment of each
// variable to its lower bound, its upper bound or free is solved on its face densely (complete
// orthogonal decomposition of the free block, a minimiser of the face even when the block is
// singular); the feasible candidate that meets the KKT conditions with the lowest objective is
// the oracle's optimum. Random problems of 1 to 8 variables, positive definite and singular
// positive semidefinite A, finite and infinite bounds.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "engine/contact/box_qp.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

constexpr double kBoxQpTestInf = std::numeric_limits<double>::infinity();

struct BoxQpCase {
  MatrixX A;
  VectorX b, lower, upper;
};

double objective(const BoxQpCase& c, const VectorX& x) { return 0.5 * x.dot(c.A * x) - c.b.dot(x); }

// A = B B^T with B n x rank: singular when rank < n.
BoxQpCase randomCase(int n, int rank, bool infiniteBounds) {
  BoxQpCase c;
  const MatrixX B = MatrixX::NullaryExpr(n, rank, [] { return test::uniform(-1, 1); });
  c.A = B * B.transpose();
  c.b = test::randomVector(n, 2.0);
  if (rank < n && infiniteBounds) c.b = c.A * test::randomVector(n, 2.0);  // bounded below: b in range(A)
  c.lower.resize(n);
  c.upper.resize(n);
  for (int i = 0; i < n; ++i) {
    const double a = test::uniform(-1, 0.5), w = test::uniform(0, 1.5);
    c.lower[i] = a;
    c.upper[i] = a + w;
    if (infiniteBounds && test::uniform(0, 1) < 0.3) c.lower[i] = -kBoxQpTestInf;
    if (infiniteBounds && test::uniform(0, 1) < 0.3) c.upper[i] = kBoxQpTestInf;
    if (!infiniteBounds && test::uniform(0, 1) < 0.1) c.upper[i] = c.lower[i];  // a fixed variable
  }
  return c;
}

// The structure of a resting friction QP: rows of B repeated or negated (pyramid axes +d and -d,
// two corners on one line), symmetric bounds [-w, w] with some w = 0 (unloaded contacts), and
// b = A x* for an x* with many components at a bound: every bound there has a zero multiplier
// (degenerate), the face blocks are singular, and b carries a rounding-sized part outside
// range(A) when `noise` is set (b_t - A_tn a at rest is such rounding).
BoxQpCase degenerateCase(int n, int rank, bool noise) {
  BoxQpCase c;
  MatrixX B = MatrixX::NullaryExpr(n, rank, [] { return test::uniform(-1, 1); });
  for (int i = rank; i < n; ++i) {
    const int source = static_cast<int>(test::uniform(0, 1) * i) % i;
    B.row(i) = (test::uniform(0, 1) < 0.5 ? -1.0 : 1.0) * B.row(source);
  }
  c.A = B * B.transpose();
  c.lower.resize(n);
  c.upper.resize(n);
  VectorX xStar(n);
  for (int i = 0; i < n; ++i) {
    const double w = test::uniform(0, 1) < 0.2 ? 0.0 : test::uniform(0.1, 1.0);
    c.lower[i] = -w;
    c.upper[i] = w;
    const double pick = test::uniform(0, 1);
    xStar[i] = pick < 0.35 ? -w : pick < 0.7 ? w : w * test::uniform(-1, 1);
  }
  c.b = c.A * xStar;
  if (noise) c.b += 1e-16 * test::randomVector(n, 1.0);
  return c;
}

// Zero friction demand: b is rounding only (|b| ~ 1e-12 against |A| ~ 1), as b_t - A_tn a of a
// contact at rest. With the proximal shift eps I the minimiser (A + eps I)^-1 b carries b's
// part in the null space of A enlarged by 1 / eps, so |A| |x| >> |A x|: the gradient's rounding
// is relative to |A| |x|, not to |b| or |A x| (the KKT scale that failed, box_qp.hpp).
BoxQpCase zeroDemandCase(int n, int rank) {
  BoxQpCase c = degenerateCase(n, rank, false);
  c.b = 1e-12 * test::randomVector(n, 1.0);
  return c;
}

// Lowest objective over the KKT points of all 3^n faces.
double bruteForceOptimum(const BoxQpCase& c, VectorX& best) {
  const int n = static_cast<int>(c.b.size());
  int faces = 1;
  for (int i = 0; i < n; ++i) faces *= 3;
  double bestValue = kBoxQpTestInf;
  for (int code = 0; code < faces; ++code) {
    VectorX x = VectorX::Zero(n);
    std::vector<int> state(n), freeSet;
    bool valid = true;
    for (int i = 0, r = code; i < n; ++i, r /= 3) {
      state[i] = r % 3;  // 0 free, 1 lower, 2 upper
      if (state[i] == 1) valid &= std::isfinite(c.lower[i]), x[i] = c.lower[i];
      if (state[i] == 2) valid &= std::isfinite(c.upper[i]), x[i] = c.upper[i];
      if (state[i] == 0) freeSet.push_back(i);
    }
    if (!valid) continue;
    const int f = static_cast<int>(freeSet.size());
    if (f > 0) {
      MatrixX Aff(f, f);
      VectorX rhs(f);
      for (int a = 0; a < f; ++a) {
        rhs[a] = c.b[freeSet[a]];
        for (int j = 0; j < n; ++j)
          if (state[j] != 0) rhs[a] -= c.A(freeSet[a], j) * x[j];
        for (int k = 0; k < f; ++k) Aff(a, k) = c.A(freeSet[a], freeSet[k]);
      }
      const VectorX xf = Aff.completeOrthogonalDecomposition().solve(rhs);
      if ((Aff * xf - rhs).norm() > 1e-8 * std::max(1.0, rhs.norm())) continue;  // no minimiser on this face
      for (int a = 0; a < f; ++a) x[freeSet[a]] = xf[a];
    }
    bool kkt = true;
    const VectorX g = c.A * x - c.b;
    for (int i = 0; i < n && kkt; ++i) {
      if (x[i] < c.lower[i] - 1e-9 || x[i] > c.upper[i] + 1e-9) kkt = false;
      if (state[i] == 1 && c.lower[i] < c.upper[i] && g[i] < -1e-9) kkt = false;
      if (state[i] == 2 && c.lower[i] < c.upper[i] && g[i] > 1e-9) kkt = false;
    }
    if (kkt && objective(c, x) < bestValue) {
      bestValue = objective(c, x);
      best = x;
    }
  }
  return bestValue;
}

// shift: the solver gets the proximal term diagonalShift = shift, the oracle A + shift I.
void expectMatchesBruteForce(const BoxQpCase& given, bool unique, contact::BoxQp& solver, const VectorX& start,
                             double shift = 0.0) {
  const int n = static_cast<int>(given.b.size());
  VectorX x = start;
  contact::BoxQpSettings settings;
  settings.diagonalShift = shift;
  const contact::BoxQpResult result = solver.solve(given.A, given.b, given.lower, given.upper, x, settings);
  BoxQpCase c = given;
  c.A.diagonal().array() += shift;
  VectorX best;
  const double optimum = bruteForceOptimum(c, best);
  ASSERT_TRUE(std::isfinite(optimum));
  EXPECT_TRUE(result.converged) << "n = " << n << ", iterations " << result.iterations;
  EXPECT_LT(result.kktResidual, 1e-9);
  EXPECT_LE(result.iterations, 10 * n + 20);
  for (int i = 0; i < n; ++i) {
    EXPECT_GE(x[i], c.lower[i]);
    EXPECT_LE(x[i], c.upper[i]);
  }
  EXPECT_NEAR(objective(c, x), optimum, 1e-9 * std::max(1.0, std::abs(optimum)));
  if (unique) EXPECT_LT((x - best).cwiseAbs().maxCoeff(), 1e-7);
  EXPECT_NEAR(contact::boxQpKktResidual(given.A, given.b, given.lower, given.upper, x, shift), result.kktResidual, 1e-15);
}

TEST(BoxQp, MatchesBruteForceOnPositiveDefiniteProblems) {
  contact::BoxQp solver(8);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 1 + trial % 8;
    const BoxQpCase c = randomCase(n, n + 2, trial % 2 == 1);
    expectMatchesBruteForce(c, true, solver, VectorX::Zero(n));
  }
}

TEST(BoxQp, MatchesBruteForceOnSingularProblems) {
  contact::BoxQp solver(8);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 1 + trial % 8;
    const int rank = trial % 3 == 0 ? 0 : 1 + trial % n;
    const BoxQpCase c = randomCase(n, std::min(rank, n), trial % 2 == 1);
    expectMatchesBruteForce(c, false, solver, VectorX::Zero(n));
  }
}

TEST(BoxQp, AnyStartReachesTheOptimum) {
  contact::BoxQp solver(8);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + trial % 8;
    const BoxQpCase c = randomCase(n, trial % 2 ? n : std::max(1, n - 2), false);
    expectMatchesBruteForce(c, trial % 2 == 1, solver, test::randomVector(n, 3.0));
  }
}

TEST(BoxQp, WithoutWarmStartSweepsTheActiveSetPhaseAloneConverges) {
  contact::BoxQp solver(8);
  contact::BoxQpSettings settings;
  settings.warmStartSweeps = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + trial % 8;
    const BoxQpCase c = randomCase(n, trial % 2 ? n + 1 : std::max(1, n / 2), false);
    VectorX x = VectorX::Zero(n), best;
    const contact::BoxQpResult result = solver.solve(c.A, c.b, c.lower, c.upper, x, settings);
    EXPECT_TRUE(result.converged);
    EXPECT_NEAR(objective(c, x), bruteForceOptimum(c, best), 1e-9 * std::max(1.0, std::abs(objective(c, x))));
  }
}

TEST(BoxQp, ConvergesOnRankDeficientProblemsWithManyDegenerateBounds) {
  contact::BoxQp solver(8);
  for (int trial = 0; trial < 600; ++trial) {
    const int n = 2 + trial % 7;
    const int rank = 1 + (trial / 7) % std::max(1, n - 1);
    const BoxQpCase c = degenerateCase(n, std::min(rank, n - 1), trial % 2 == 1);
    const VectorX start = trial % 3 == 0 ? VectorX(VectorX::Zero(n)) : test::randomVector(n, 1.0);
    SCOPED_TRACE("trial " + std::to_string(trial));
    expectMatchesBruteForce(c, false, solver, start);
  }
}

// The friction QP of the four-bar resting on a box (redmax_loop_contact_test.cpp), eight pyramid
// variables of rank 3, reproduced: before the KKT scale |A| |x| the solve ended on a face
// minimiser with a relative residual of 1e-9, above its own 1e3 tolerance, and failed.
TEST(BoxQp, ConvergesOnZeroDemandProblemsWithAProximalShift) {
  contact::BoxQp solver(8);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 2 + trial % 7;
    const BoxQpCase c = zeroDemandCase(n, std::min(3, n - 1));
    SCOPED_TRACE("trial " + std::to_string(trial));
    expectMatchesBruteForce(c, false, solver, VectorX::Zero(n), 1e-10 * c.A.diagonal().maxCoeff());
  }
}

// The friction QP of a 1 kg box (0.2 x 0.2 x 0.1 m) resting on the ground, from its Delassus
// matrix: rows x and y at each of the four bottom corners r_c, J = [d, r_c x d] on (v, omega),
// A = J M^-1 J^T, eight variables of rank 3 (v_x, v_y, omega_z), bounds +-mu N / 4 per axis.
BoxQpCase restingBoxFrictionCase() {
  const double mass = 1.0, a = 0.2, w = 0.2, c = 0.1;
  const Vector3 inertia = mass / 12.0 * Vector3(w * w + c * c, a * a + c * c, a * a + w * w);
  MatrixX J(8, 6);
  for (int corner = 0; corner < 4; ++corner) {
    const Vector3 r(corner % 2 ? a / 2 : -a / 2, corner / 2 ? w / 2 : -w / 2, -c / 2);
    for (int axis = 0; axis < 2; ++axis) {
      const Vector3 d = axis == 0 ? Vector3::UnitX() : Vector3::UnitY();
      J.row(2 * corner + axis) << d.transpose(), r.cross(d).transpose();
    }
  }
  VectorX inverseMass(6);
  inverseMass << Vector3::Constant(1.0 / mass), inertia.cwiseInverse();
  BoxQpCase resting;
  resting.A = J * inverseMass.asDiagonal() * J.transpose();
  resting.lower = VectorX::Constant(8, -0.5 * 9.81 / 4);
  resting.upper = -resting.lower;
  return resting;
}

// The failing step reproduced: at rest b is rounding (1e-15) and the warm start is the last
// step's friction, b's null-space part enlarged by 1/eps (1e-8): the face step from there left
// a free gradient of u |A| |x^0|, 2e-9 of the KKT scale |A| |x| (limit 1e-9), and the solve
// failed before iterative refinement. With eps > 0 the minimiser (A + eps I)^-1 b is unique
// and interior: checked against a dense solve too. eps = 0: merely semidefinite, the minimiser
// is not unique (b's null-space part drives x to the bounds); brute force gives the optimum.
TEST(BoxQp, RestingBoxFrictionQpConvergesFromALargeWarmStart) {
  contact::BoxQp solver(8);
  BoxQpCase c = restingBoxFrictionCase();
  const double largestDiagonal = c.A.diagonal().maxCoeff();
  for (double relativeShift : {1e-8, 1e-10, 0.0}) {
    const double shift = relativeShift * largestDiagonal;
    for (int trial = 0; trial < 10; ++trial) {
      SCOPED_TRACE("shift " + test::sci(shift) + ", trial " + std::to_string(trial));
      // Even trials: a uniform slip demand in range(A) (the failing step's b: -1.7e-15 on the x
      // rows, 1e-23 elsewhere) with a minimiser near 1e-15; odd: rounding in every direction.
      c.b = trial % 2 == 0 ? VectorX(c.A * (1e-15 * test::randomVector(8, 1.0)) + 1e-23 * test::randomVector(8, 1.0))
                           : VectorX(1e-15 * test::randomVector(8, 1.0));
      const VectorX start = 1e-8 * test::randomVector(8, 1.0);
      expectMatchesBruteForce(c, shift > 0.0, solver, start, shift);
      if (shift == 0.0) continue;
      VectorX x = start;
      contact::BoxQpSettings settings;
      settings.diagonalShift = shift;
      solver.solve(c.A, c.b, c.lower, c.upper, x, settings);
      const MatrixX shifted = c.A + shift * MatrixX::Identity(8, 8);
      const VectorX exact = shifted.ldlt().solve(c.b);
      // The dense solve's own error: cond(A + eps I) u = (largest diagonal / eps) u, times 100.
      EXPECT_LT((x - exact).norm(), 100 * 2.2e-16 / relativeShift * exact.norm());
    }
  }
}

TEST(BoxQp, UnboundedProblemIsReported) {
  contact::BoxQp solver(2);
  MatrixX A = MatrixX::Zero(2, 2);
  A(0, 0) = 1.0;
  const VectorX b = (VectorX(2) << 1.0, 1.0).finished();
  const VectorX lower = VectorX::Constant(2, -kBoxQpTestInf), upper = VectorX::Constant(2, kBoxQpTestInf);
  VectorX x = VectorX::Zero(2);
  const contact::BoxQpResult result = solver.solve(A, b, lower, upper, x);
  EXPECT_TRUE(result.unbounded);
  EXPECT_FALSE(result.converged);
}

TEST(BoxQp, SolvesBlocksOfALargerMatrix) {
  const BoxQpCase c = randomCase(6, 6, false);
  MatrixX big = MatrixX::Zero(9, 9);
  big.block(2, 2, 6, 6) = c.A;
  VectorX x = VectorX::Zero(6), best;
  contact::BoxQp solver(10);
  EXPECT_TRUE(solver.solve(big.block(2, 2, 6, 6), c.b, c.lower, c.upper, x).converged);
  EXPECT_NEAR(objective(c, x), bruteForceOptimum(c, best), 1e-9);
}

}  // namespace
}  // namespace articulab
