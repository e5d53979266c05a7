// Time integration with the RedMax back-end: analytic pendulum period, energy behaviour of
// each integrator, conservation laws and determinism.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

std::unique_ptr<Solver> redmax(const Model& model, Integrator integrator) {
  return findBackend("redmax")->create(model, SolverOptions{integrator});
}

// Compound pendulum, small amplitude: T = 2 pi sqrt(I_pivot / (m g d)).
TEST(Integrator, SinglePendulumHasTheAnalyticSmallAnglePeriod) {
  const Model model = test::standardChain(1, 0.01);
  const Body& link = model.bodies[0];
  const double d = 0.05, m = link.mass, g = 9.81;
  const double Ipivot = link.M(1, 1);  // about the body frame at the centre: Iyy
  const double period = 2 * std::numbers::pi * std::sqrt((Ipivot + m * d * d) / (m * g * d));
  auto solver = redmax(model, Integrator::RK4);
  State state = makeInitialState(model);
  const double h = 1e-4;
  std::vector<double> crossings;  // downward zero crossings of q, linearly interpolated
  double previous = state.q[0];
  while (crossings.size() < 6) {
    ASSERT_TRUE(solver->step(model, state, h).ok);
    if (previous > 0 && state.q[0] <= 0) crossings.push_back(state.t - h * state.q[0] / (state.q[0] - previous));
    previous = state.q[0];
  }
  const double measured = (crossings.back() - crossings.front()) / (crossings.size() - 1);
  const double amplitudeCorrection = 1 + 0.01 * 0.01 / 16;  // T(theta0) = T0 (1 + theta0^2 / 16 + ...)
  EXPECT_NEAR(measured, period * amplitudeCorrection, 1e-6 * period);
}

// The standard 2-link chain of BENCHMARKS.md, RK4 at h = 1e-3: |dE/E| < 1e-8 over 10 s.
TEST(Integrator, RK4ConservesEnergyOnTheStandardTwoLinkChain) {
  const Model model = test::standardChain(2);
  auto solver = redmax(model, Integrator::RK4);
  State state = makeInitialState(model);
  const double E0 = computeEnergy(model, state).total();
  double worst = 0;
  for (int k = 0; k < 10000; ++k) {
    ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
    worst = std::max(worst, std::abs(computeEnergy(model, state).total() - E0) / std::abs(E0));
  }
  EXPECT_LT(worst, 1e-8);
  RecordProperty("max_relative_energy_error", std::to_string(worst));
}

// Linearly implicit Euler on the 20-link chain at h = 1e-2: energy never increases and the
// state stays bounded (semi-implicit Euler diverges on this chain even at h = 1e-3).
TEST(Integrator, LinearlyImplicitEulerIsStableAndDissipativeOnTwentyLinks) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = test::standardChain(20);
  auto solver = redmax(model, Integrator::LinearlyImplicitEuler);
  State state = makeInitialState(model);
  double previous = computeEnergy(model, state).total();
  const double E0 = previous;
  for (int k = 0; k < 1000; ++k) {  // 10 s
    ASSERT_TRUE(solver->step(model, state, 1e-2).ok) << "step " << k;
    const double E = computeEnergy(model, state).total();
    ASSERT_LE(E, previous + 1e-12 * std::abs(E0)) << "energy rose at step " << k;
    previous = E;
  }
  EXPECT_LT(previous, E0);
  EXPECT_LT(state.qd.lpNorm<Eigen::Infinity>(), 100.0);
}

TEST(Integrator, SemiImplicitEulerConvergesAtFirstOrder) {
  const Model model = test::standardChain(2);
  auto finalAngle = [&](Integrator integrator, double h) {
    auto solver = redmax(model, integrator);
    State state = makeInitialState(model);
    for (int k = 0; k < std::lround(0.5 / h); ++k) solver->step(model, state, h);
    return state.q[1];
  };
  const double reference = finalAngle(Integrator::RK4, 1e-4);
  const double e1 = std::abs(finalAngle(Integrator::SemiImplicitEuler, 1e-3) - reference);
  const double e2 = std::abs(finalAngle(Integrator::SemiImplicitEuler, 5e-4) - reference);
  EXPECT_NEAR(e1 / e2, 2.0, 0.3);  // halving h halves the error
}

// A free body in zero gravity keeps its linear and angular momentum (RK4, tight step).
TEST(Integrator, FreeBodyConservesMomentum) {
  test::rng().seed(12345);  // its own draw: the shared generator's state depends on the tests run before
  Model model = test::mixedTree();
  model.gravity.setZero();
  for (Joint& joint : model.joints) joint.stiffness = joint.damping = 0.0;
  model.qd0 = test::randomVector(model.nq, 2.0);
  model.q0 = test::randomVector(model.nq, 1.0);
  // Only the tree hanging from the free "drone" (and its free2d child) is unconstrained; the
  // rest is pinned to the world. Check the momentum of the free subsystem alone.
  auto solver = redmax(model, Integrator::RK4);
  State state = makeInitialState(model);
  auto freeMomentum = [&](const State& s) {
    Vector6 total = Vector6::Zero();
    for (int i : {8, 9}) {
      const Matrix3 R = s.E_0i[i].topLeftCorner<3, 3>();
      const Vector6 h = model.bodies[i].M * s.phi[i];
      total.tail<3>() += R * h.tail<3>();
      total.head<3>() += R * h.head<3>() + s.E_0i[i].topRightCorner<3, 1>().cross(R * h.tail<3>());
    }
    return total;
  };
  const Vector6 before = freeMomentum(state);
  for (int k = 0; k < 2000; ++k) ASSERT_TRUE(solver->step(model, state, 5e-4).ok);
  EXPECT_LT((freeMomentum(state) - before).norm(), 1e-8 * (1 + before.norm()));
}

TEST(Integrator, RunsAreBitwiseDeterministic) {
  const Model model = test::mixedTree();
  for (Integrator integrator : kIntegrators) {
    auto run = [&] {
      auto solver = redmax(model, integrator);
      State state = makeInitialState(model);
      for (int k = 0; k < 200; ++k) solver->step(model, state, 1e-3);
      return state;
    };
    const State a = run(), b = run();
    EXPECT_EQ(0, std::memcmp(a.q.data(), b.q.data(), sizeof(double) * a.q.size())) << integratorName(integrator);
    EXPECT_EQ(0, std::memcmp(a.qd.data(), b.qd.data(), sizeof(double) * a.qd.size())) << integratorName(integrator);
  }
}

TEST(Integrator, DivergenceIsReportedNotThrown) {
  Model model = test::standardChain(3);
  model.joints[1].stiffness = 1e12;  // absurdly stiff spring with an explicit integrator
  auto solver = redmax(model, Integrator::SemiImplicitEuler);
  State state = makeInitialState(model);
  StepStatus status;
  for (int k = 0; k < 10000 && status.ok; ++k) status = solver->step(model, state, 1e-2);
  ASSERT_FALSE(status.ok);
  EXPECT_NE(status.message.find("redmax"), std::string::npos) << status.message;
  EXPECT_NE(status.message.find("non-finite"), std::string::npos) << status.message;
}

}  // namespace
}  // namespace articulab
