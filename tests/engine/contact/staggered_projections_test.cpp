// Staggered projections (engine/contact/staggered_projections) against the single-QP friction
// model of Anitescu and Hart (sueda notes 1.13, eq 1.83-1.88), solved here by brute force over
// its active sets, on single-contact problems: one rigid body (random mass matrix M) whose point
// x touches the ground with free velocity v0 (impulse level, h = 1).
//
// Both use the same polygon: SP the box form of friction_pyramid.hpp (n/2 axes d_j, |beta_j| <=
// tan(pi/n) mu alpha: the regular n-gon of apothem mu alpha), the single QP the vertex form of
// eq 1.85 (directions e_k at the polygon's vertices, angles 2 pi k / n + pi / n, beta_k >= 0,
// sum beta_k <= mu alpha / cos(pi/n), the circumradius). The contact-point impulse is compared
// (the beta are not unique, the impulse is).
//
// What agrees, and why. KKT of the single QP (1.88) with multipliers nu >= 0 on lambda >= 0 and
// gamma >= 0 on E lambda >= 0:  C v = nu + E^T gamma,  v the velocity after the impulse:
//   normal row:   v_n = nu_alpha + mu' gamma,     tangent row k:  e_k . v_t = nu_k - gamma.
// The tangent rows are the KKT conditions of maximal dissipation over the polygon of radius
// mu' alpha (the friction QP 2.114); gamma is the slip speed. The normal row says that a sliding
// contact (gamma > 0, alpha > 0) separates at v_n = mu' gamma, where SP's contact QP (2.113)
// has v_n = 0: the known artefact of Anitescu and Hart's convex relaxation. Hence:
//   sticking or separating contacts (gamma = 0): SP and the single QP give the same impulse;
//   sliding contacts: the single QP's impulse is SP's fixed point with the normal target moved
//   from v_n >= 0 to v_n >= mu' gamma, i.e. SP with b_n + mu' gamma gives the same impulse.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "engine/contact/friction_pyramid.hpp"
#include "engine/contact/staggered_projections.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

struct SingleContact {
  Matrix6 Minv;
  Eigen::Matrix<double, 3, 6> J;  // velocity of the contact point (world) from the body twist
  Vector6 v0;
  double mu = 0.5;
};

SingleContact randomContact(double tangentialSpeed) {
  SingleContact c;
  const Matrix6 B = Matrix6::NullaryExpr([] { return test::uniform(-1, 1); });
  c.Minv = (B * B.transpose() + 0.5 * Matrix6::Identity()).inverse();
  const Matrix3 R = Eigen::AngleAxisd(test::uniform(0, 6), test::randomVector3().normalized()).toRotationMatrix();
  c.J = R * se3::Gamma(test::randomVector3(0.3));
  // A twist whose contact point approaches the ground at 1 m/s and slides at tangentialSpeed.
  const Eigen::Matrix<double, 6, 3> Jpinv = c.J.transpose() * (c.J * c.J.transpose()).inverse();
  const double angle = test::uniform(0, 2 * std::numbers::pi);
  c.v0 = Jpinv * Vector3(tangentialSpeed * std::cos(angle), tangentialSpeed * std::sin(angle), -1.0);
  c.mu = test::uniform(0.2, 1.0);
  return c;
}

// Contact-point impulse of staggered projections (box form), normal target shifted by `lift`.
// activeSetStep: sp-active-set (1 the default, 2 the semismooth-Newton reading).
Vector3 staggeredImpulse(const SingleContact& c, int directions, double lift, bool* converged = nullptr,
                         int activeSetStep = contact::kSpActiveSetSettled) {
  const int axes = contact::frictionAxes(directions), m = 1 + axes;
  Eigen::MatrixXd C(m, 6);
  C.row(0) = Vector3::UnitZ().transpose() * c.J;
  for (int j = 0; j < axes; ++j) C.row(1 + j) = contact::frictionAxis(directions, j).transpose() * c.J;
  const MatrixX A = C * c.Minv * C.transpose();
  VectorX b = -C * c.v0;
  b[0] += lift;
  std::vector<contact::FrictionRows> rows = {{0, 0, contact::frictionBoxScale(directions) * c.mu}};
  contact::StaggeredProjections sp(1, axes);
  VectorX alpha = VectorX::Zero(1), beta = VectorX::Zero(axes);
  contact::StaggeredProjectionSettings settings;
  settings.tolerance = 1e-11;
  settings.maxIterations = 500;
  settings.activeSetStep = activeSetStep;
  const contact::StaggeredProjectionResult result = sp.solve(A, b, 1, 0, rows, 1, axes, alpha, beta, settings);
  EXPECT_TRUE(result.ok);
  if (converged) *converged = result.converged;
  Vector3 impulse = alpha[0] * Vector3::UnitZ();
  for (int j = 0; j < axes; ++j) impulse += beta[j] * contact::frictionAxis(directions, j);
  return impulse;
}

struct SingleQpSolution {
  Vector3 impulse = Vector3::Zero();
  double normalVelocity = 0.0, slip = 0.0;  // v_n after the impulse and gamma
};

// Eq 1.88 by enumeration of the active sets of lambda >= 0, E lambda >= 0 (vertex form).
SingleQpSolution singleQp(const SingleContact& c, int directions) {
  const int m = 1 + directions, constraints = m + 1;
  Eigen::MatrixXd C(m, 6);
  std::vector<Vector3> dirs(m);
  dirs[0] = Vector3::UnitZ();
  for (int k = 0; k < directions; ++k) {
    const double angle = 2 * std::numbers::pi * k / directions + std::numbers::pi / directions;
    dirs[1 + k] = Vector3(std::cos(angle), std::sin(angle), 0);
  }
  for (int k = 0; k < m; ++k) C.row(k) = dirs[k].transpose() * c.J;
  const MatrixX Q = C * c.Minv * C.transpose();
  const VectorX q = C * c.v0;
  MatrixX G = MatrixX::Zero(constraints, m);  // G lambda >= 0
  G.topRows(m).setIdentity();
  G(m, 0) = c.mu / std::cos(std::numbers::pi / directions);
  for (int k = 1; k < m; ++k) G(m, k) = -1.0;
  double best = 1e300;
  SingleQpSolution solution;
  for (int set = 0; set < (1 << constraints); ++set) {
    std::vector<int> active;
    for (int r = 0; r < constraints; ++r)
      if (set & (1 << r)) active.push_back(r);
    const int a = static_cast<int>(active.size());
    MatrixX K = MatrixX::Zero(m + a, m + a);
    VectorX rhs = VectorX::Zero(m + a);
    K.topLeftCorner(m, m) = Q;
    rhs.head(m) = -q;
    for (int r = 0; r < a; ++r) {
      K.block(0, m + r, m, 1) = -G.row(active[r]).transpose();
      K.block(m + r, 0, 1, m) = G.row(active[r]);
    }
    const VectorX z = K.completeOrthogonalDecomposition().solve(rhs);
    if ((K * z - rhs).norm() > 1e-9 * std::max(1.0, rhs.norm())) continue;
    const VectorX lambda = z.head(m), multipliers = z.tail(a);
    if ((G * lambda).minCoeff() < -1e-10 || (a > 0 && multipliers.minCoeff() < -1e-10)) continue;
    const double value = 0.5 * lambda.dot(Q * lambda) + lambda.dot(q);
    if (value < best - 1e-12) {
      best = value;
      solution.impulse.setZero();
      for (int k = 0; k < m; ++k) solution.impulse += lambda[k] * dirs[k];
      solution.normalVelocity = (Q * lambda + q)[0];
      solution.slip = 0.0;
      for (int r = 0; r < a; ++r)
        if (active[r] == m) solution.slip = multipliers[r];
    }
  }
  return solution;
}

TEST(StaggeredProjections, StickingContactGivesTheSingleQpImpulse) {
  int compared = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int directions = trial % 2 ? 8 : 4;
    const SingleContact c = randomContact(test::uniform(0.0, 0.3));
    const SingleQpSolution reference = singleQp(c, directions);
    if (reference.slip > 1e-9) continue;  // sliding: see below
    ++compared;
    bool converged = false;
    const Vector3 impulse = staggeredImpulse(c, directions, 0.0, &converged);
    EXPECT_TRUE(converged);
    EXPECT_LT((impulse - reference.impulse).norm(), 1e-8 * std::max(1.0, reference.impulse.norm()))
        << "trial " << trial << ": SP " << impulse.transpose() << ", single QP " << reference.impulse.transpose();
  }
  EXPECT_GT(compared, 20);
}

TEST(StaggeredProjections, SeparatingContactGivesNoImpulseInBoth) {
  SingleContact c = randomContact(0.5);
  c.v0 = -c.v0;  // leaving the ground
  EXPECT_LT(staggeredImpulse(c, 4, 0.0).norm(), 1e-12);
  EXPECT_LT(singleQp(c, 4).impulse.norm(), 1e-12);
}

TEST(StaggeredProjections, SlidingContactGivesTheSingleQpImpulseWithItsSeparation) {
  int compared = 0, notConverged = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int directions = trial % 2 ? 8 : 4;
    const SingleContact c = randomContact(test::uniform(1.0, 4.0));
    const SingleQpSolution reference = singleQp(c, directions);
    if (reference.slip <= 1e-9) continue;
    ++compared;
    const double muPrime = c.mu / std::cos(std::numbers::pi / directions);
    EXPECT_NEAR(reference.normalVelocity, muPrime * reference.slip, 1e-9);  // the relaxation's lift
    bool converged = false;
    const Vector3 impulse = staggeredImpulse(c, directions, reference.normalVelocity, &converged);
    if (!converged) {  // SP is not a contraction when the normal and tangent rows couple strongly
      ++notConverged;
      continue;
    }
    EXPECT_LT((impulse - reference.impulse).norm(), 1e-8 * std::max(1.0, reference.impulse.norm()))
        << "trial " << trial << ": SP " << impulse.transpose() << ", single QP " << reference.impulse.transpose();
    // Without the lift SP keeps the contact closed: a different impulse.
    EXPECT_GT((staggeredImpulse(c, directions, 0.0) - reference.impulse).norm(), 1e-6);
  }
  EXPECT_GT(compared, 20);
  EXPECT_LT(notConverged, compared / 4);
  RecordProperty("sliding_cases_not_converged", notConverged);
}

// The semismooth-Newton reading of the active-set step (sp-active-set 2) ends at the same impulse
// as the single QP, sticking (no lift) and sliding (with the relaxation's lift), on every trial
// where it converges, and converges on at least seven trials in eight.
TEST(StaggeredProjections, NewtonActiveSetStepGivesTheSingleQpImpulse) {
  int compared = 0, notConverged = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const int directions = trial % 2 ? 8 : 4;
    const SingleContact c = randomContact(trial < 60 ? test::uniform(0.0, 0.3) : test::uniform(1.0, 4.0));
    const SingleQpSolution reference = singleQp(c, directions);
    const double lift = reference.slip > 1e-9 ? reference.normalVelocity : 0.0;
    bool converged = false;
    const Vector3 impulse = staggeredImpulse(c, directions, lift, &converged, contact::kSpActiveSetNewton);
    ++compared;
    if (!converged) {
      ++notConverged;
      continue;
    }
    EXPECT_LT((impulse - reference.impulse).norm(), 1e-8 * std::max(1.0, reference.impulse.norm()))
        << "trial " << trial << ": SP " << impulse.transpose() << ", single QP " << reference.impulse.transpose();
  }
  EXPECT_LT(notConverged, compared / 8);
  RecordProperty("newton_cases_not_converged", notConverged);
}

// The box form of the pyramid is the regular n-gon of apothem mu alpha: its support along each
// axis is mu alpha, along the vertex directions mu alpha / cos(pi / n).
TEST(StaggeredProjections, BoxPyramidIsTheRegularPolygonAroundTheFrictionCircle) {
  for (int n : {4, 8, 16}) {
    const int axes = contact::frictionAxes(n);
    const double s = contact::frictionBoxScale(n);
    for (int k = 0; k < n; ++k) {
      const double angle = 2 * std::numbers::pi * k / n;
      for (double offset : {0.0, std::numbers::pi / n}) {
        const Vector3 u(std::cos(angle + offset), std::sin(angle + offset), 0);
        double support = 0;  // max of f . u over the zonotope: s sum_j |d_j . u|
        for (int j = 0; j < axes; ++j) support += s * std::abs(contact::frictionAxis(n, j).dot(u));
        EXPECT_NEAR(support, offset == 0.0 ? 1.0 : 1.0 / std::cos(std::numbers::pi / n), 1e-12) << n << " " << k;
      }
    }
  }
}

}  // namespace
}  // namespace articulab
