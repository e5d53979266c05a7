// variational-midpoint (variational-maximal): the SE(3) midpoint discrete Lagrangian of
// midpoint_lagrangian.hpp. Its momenta against finite differences of L_d, its Newton block
// against finite differences of the momenta, the step by h then -h, the order against RK4, and
// the energy band on four_bar.json (issue 12: 1e-4 J at 1 ms).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>


#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/variational_maximal/midpoint_lagrangian.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_solver.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/engine/cli_engine_run.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

using test::kScenes;
using variational::BodyConfiguration;
using variational::BodyInertia;
using variational::Quaternion;

constexpr Integrator kMidpoint = VariationalMaximalSolver::kVariationalMidpoint;

// A body with an unsymmetric inertia, a step with a sizeable rotation (h |omega| = 0.3) and
// gravity that is not along an axis.
struct MidpointCase {
  BodyInertia inertia;
  Vector3 gravity{1.5, -2.0, -9.81};
  double h = 0.01;
  BodyConfiguration a, b;
};

MidpointCase randomCase(unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  auto random3 = [&] { return Vector3(uniform(rng), uniform(rng), uniform(rng)); };
  MidpointCase c;
  c.inertia.m = 2.5;
  const Matrix3 A = Matrix3::Identity() + 0.3 * Matrix3::NullaryExpr([&](Eigen::Index, Eigen::Index) { return uniform(rng); });
  c.inertia.J = 0.1 * A * A.transpose();
  c.a.x = random3();
  c.a.q = Quaternion(Eigen::AngleAxisd(2.0, random3().normalized()));
  c.b.x = c.a.x + c.h * 3.0 * random3();
  c.b.q = c.a.q * Quaternion(Eigen::AngleAxisd(0.3, random3().normalized()));
  return c;
}

// u = (omega; v) of the step from a to b (eq 30, 27).
Vector6 stepVelocity(const MidpointCase& c) {
  Vector6 u;
  u << (2.0 / c.h) * (c.a.q.conjugate() * c.b.q).vec(), (c.b.x - c.a.x) / c.h;
  return u;
}

// dL/d(x, theta) of one end of the step by central differences, theta in body axes
// (q -> q (x) exp(theta / 2)).
Vector6 lagrangianGradient(const MidpointCase& c, bool atEnd) {
  const double eps = 1e-6;
  Vector6 grad;
  for (int k = 0; k < 6; ++k) {
    double value[2];
    for (int side = 0; side < 2; ++side) {
      MidpointCase moved = c;
      BodyConfiguration& s = atEnd ? moved.b : moved.a;
      const double d = side == 0 ? eps : -eps;
      if (k < 3)
        s.q = s.q * Quaternion(Eigen::AngleAxisd(d, Vector3::Unit(k)));
      else
        s.x[k - 3] += d;
      value[side] = variational::midpointLagrangian(c.inertia, c.gravity, moved.a, moved.b, c.h);
    }
    grad[k] = (value[0] - value[1]) / (2.0 * eps);
  }
  return grad;
}

// p^+ = -D_1 L_d and p^- = D_2 L_d, each without the gravity half (h/2) m g of its end.
TEST(MidpointLagrangian, MomentaAreTheLagrangiansDerivatives) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    const MidpointCase c = randomCase(seed);
    const Vector6 u = stepVelocity(c);
    Vector6 gravityHalf = Vector6::Zero();
    gravityHalf.tail<3>() = 0.5 * c.h * c.inertia.m * c.gravity;
    const Vector6 start = variational::midpointMomentumAtStepStart(c.inertia, c.gravity, c.a.q.toRotationMatrix(), u, c.h);
    const Vector6 end = variational::midpointMomentumAtStepEnd(c.inertia, c.gravity, c.b.q.toRotationMatrix(), u, c.h);
    const Vector6 startReference = -lagrangianGradient(c, false) + gravityHalf;
    const Vector6 endReference = lagrangianGradient(c, true) - gravityHalf;
    EXPECT_LT((start - startReference).norm(), 1e-7 * startReference.norm()) << seed << "\n" << start << "\n" << startReference;
    EXPECT_LT((end - endReference).norm(), 1e-7 * endReference.norm()) << seed << "\n" << end << "\n" << endReference;
    // the terms beyond the trapezoid's are O(h^2) of it, and present
    const Vector6 trapezoid = variational::momentumAtStepStart(c.inertia, u, c.h);
    EXPECT_GT((start - trapezoid).norm(), 1e-6 * trapezoid.norm()) << seed;
    EXPECT_LT((start - trapezoid).norm(), 3e-2 * trapezoid.norm()) << seed;  // h |omega| = 0.3
  }
}

// The Newton matrix's body block d p^+ / d u against central differences.
TEST(MidpointLagrangian, StartJacobianMatchesFiniteDifferences) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    const MidpointCase c = randomCase(seed);
    const Matrix3 R = c.a.q.toRotationMatrix();
    const Vector6 u = stepVelocity(c);
    const Matrix6 D = variational::midpointStartJacobian(c.inertia, c.gravity, R, u, c.h);
    Matrix6 reference;
    const double eps = 1e-6;
    for (int k = 0; k < 6; ++k) {
      Vector6 du = Vector6::Zero();
      du[k] = eps;
      reference.col(k) = (variational::midpointMomentumAtStepStart(c.inertia, c.gravity, R, u + du, c.h) -
                          variational::midpointMomentumAtStepStart(c.inertia, c.gravity, R, u - du, c.h)) /
                         (2.0 * eps);
    }
    EXPECT_LT((D - reference).norm(), 1e-7 * reference.norm()) << seed << "\n" << D << "\n\n" << reference;
  }
}

SolverOptions tightMidpointOptions() {
  SolverOptions options{kMidpoint};
  options = test::withSetting(options, "variational-maximal", "newton-tolerance", 1e-13);
  return options;
}

// The discrete Lagrangian is symmetric, so its RATTLE-form step by h and then by -h returns to a
// moving four-bar to rounding (a step of second order that is its own adjoint).
TEST(VariationalMaximalMidpoint, StepByHThenMinusHReturnsToTheStart) {
  const Model model = loadScene(kScenes + "four_bar.json");
  VariationalMaximalSolver solver(model, tightMidpointOptions());
  State start = makeInitialState(model);
  for (int k = 0; k < 300; ++k) ASSERT_TRUE(solver.step(model, start, 1e-3).ok);
  for (double h : {2e-3, 1e-3}) {
    State state = start;
    ASSERT_TRUE(solver.symmetricSubStep(model, state, h).ok);
    double moved = 0.0, gap = 0.0;
    for (std::size_t i = 0; i < start.E_0i.size(); ++i) moved = std::max(moved, (state.E_0i[i] - start.E_0i[i]).cwiseAbs().maxCoeff());
    ASSERT_TRUE(solver.symmetricSubStep(model, state, -h).ok);
    for (std::size_t i = 0; i < start.E_0i.size(); ++i) {
      gap = std::max(gap, (state.E_0i[i] - start.E_0i[i]).cwiseAbs().maxCoeff());
      gap = std::max(gap, (state.phi[i] - start.phi[i]).cwiseAbs().maxCoeff());
    }
    RecordProperty("gap_at_" + std::to_string(h), std::to_string(gap));
    EXPECT_GT(moved, 1e-4) << h;
    EXPECT_LT(gap, 1e-12) << h;
  }
}

// Against RK4 on recursive (h = 50 us) over 0.2 s on the 3-link chain, in q and qdot, at h = 8,
// 4 and 2 ms: second order.
TEST(VariationalMaximalMidpoint, ConvergesToRk4AtSecondOrder) {
  const Model model = loadScene(kScenes + "chain.json", {{"n", 3}});
  const std::array<double, 2> orders = test::ordersAgainstRk4(model, "variational-maximal", tightMidpointOptions(), 0.2);
  for (int level = 0; level < 2; ++level) {
    RecordProperty("order_" + std::to_string(level), std::to_string(orders[level]));
    EXPECT_GT(orders[level], 1.8) << level;
    EXPECT_LT(orders[level], 2.3) << level;
  }
}

// four_bar.json over 10 s (issue 12: a second-order band within 1e-4 J at 1 ms): measured
// 7.05e-5 J at 1 ms and 2.82e-4 J at 2 ms (h^2), against the trapezoid's 1.2e-4 J at 1 ms; the
// loop and the joints below 1e-9 m with no stabilisation.
TEST(VariationalMaximalMidpoint, EnergyBandOnTheFourBarWithin1e4J) {
  const Model model = loadScene(kScenes + "four_bar.json");
  const test::WatchedRun fine = test::watchedRunFromStart(model, "variational-maximal", SolverOptions{kMidpoint}, 10.0, 10000);
  const test::WatchedRun coarse = test::watchedRunFromStart(model, "variational-maximal", SolverOptions{kMidpoint}, 10.0, 5000);
  const test::WatchedRun trapezoid = test::watchedRunFromStart(
      model, "variational-maximal", SolverOptions{VariationalMaximalSolver::kVariationalTrapezoid}, 10.0, 10000);
  RecordProperty("band_J_1ms", std::to_string(fine.energyBand));
  RecordProperty("band_J_2ms", std::to_string(coarse.energyBand));
  EXPECT_LT(fine.energyBand, 8e-5);
  EXPECT_LT(fine.energyBand, 0.65 * trapezoid.energyBand);
  EXPECT_NEAR(coarse.energyBand / fine.energyBand, 4.0, 0.2);  // second order
  EXPECT_LT(fine.worstPosition, 1e-9);
  EXPECT_NEAR(fine.state.t, 10.0, 1e-12);
}

// The first guess 2 u_1 - u_0 from the history's last chord and the state's velocity: every step
// of a 1 s run, repeated from the same state with the guess from the state's velocity alone
// (newton-guess 0), ends at the same point to the Newton tolerance in fewer iterations
// (measured 1.00 against 1.51 per step).
TEST(VariationalMaximalMidpoint, GuessFromTheLastChordTakesFewerIterations) {
  const Model model = loadScene(kScenes + "four_bar.json");
  SolverOptions plain{kMidpoint};
  plain = test::withSetting(plain, "variational-maximal", "newton-guess", VariationalMaximalSettings::kLastVelocityGuess);
  auto extrapolating = findBackend("variational-maximal")->create(model, SolverOptions{kMidpoint});
  auto fromVelocity = findBackend("variational-maximal")->create(model, plain);
  State state = makeInitialState(model);
  long iterationsLine = 0, iterationsVelocity = 0;
  double gapQ = 0.0, gapQd = 0.0;
  for (int k = 0; k < 1000; ++k) {
    State repeated = state;
    ASSERT_TRUE(extrapolating->step(model, state, 1e-3).ok);
    ASSERT_TRUE(fromVelocity->step(model, repeated, 1e-3).ok);
    iterationsLine += state.outputs.iterations;
    iterationsVelocity += repeated.outputs.iterations;
    gapQ = std::max(gapQ, (state.q - repeated.q).cwiseAbs().maxCoeff());
    gapQd = std::max(gapQd, (state.qd - repeated.qd).cwiseAbs().maxCoeff());
  }
  RecordProperty("iterations_per_step_extrapolated", std::to_string(iterationsLine / 1000.0));
  RecordProperty("iterations_per_step_from_velocity", std::to_string(iterationsVelocity / 1000.0));
  EXPECT_LT(iterationsLine, 1100);
  EXPECT_GT(iterationsVelocity, 1400);
  // the tolerance: 1e-10 m on the 0.1 m crank is 1e-9 rad (measured 6e-10 rad, 5e-9 rad/s)
  EXPECT_LT(gapQ, 3e-9);
  EXPECT_LT(gapQd, 3e-8);
}

// Chosen by name on the command line: the CLI runs it, and its last energy row equals an engine
// run of the same steps.
TEST(VariationalMaximalMidpoint, SelectedByTheCli) {
  const test::CliEngineRun run = test::fourBarCliAgainstEngine("variational-maximal", kMidpoint);
  EXPECT_NE(run.printout.find("integrator variational-midpoint"), std::string::npos) << run.printout;
  EXPECT_LT(run.energyGap, 1e-12);
}

}  // namespace
}  // namespace articulab
