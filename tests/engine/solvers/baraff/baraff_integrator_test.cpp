// Baraff back-end with the rk4 integrator option: fourth-order Runge-Kutta-Munthe-Kaas on the
// body poses and twists. Oracles: energy conservation of the undamped standard chain, the
// fourth-order convergence of the final state as h halves, and the integrator warnings.
#include <gtest/gtest.h>

#include <cstdio>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

std::string scientific(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", x);
  return text;
}

// Largest |E(t) - E(0)| / |E(0)| over `seconds` at step h.
double worstRelativeEnergyChange(const Model& model, const SolverOptions& o, double h, double seconds) {
  BaraffSolver solver(model, o);
  State state = makeInitialState(model);
  const double E0 = computeEnergy(model, state).total();
  double worst = 0.0;
  for (long k = 0; k < std::lround(seconds / h); ++k) {
    EXPECT_TRUE(solver.step(model, state, h).ok);
    worst = std::max(worst, std::abs(computeEnergy(model, state).total() - E0) / std::abs(E0));
  }
  return worst;
}

// BENCHMARKS.md standard chain, n = 2: no damping, so the energy is conserved.
TEST(BaraffIntegrator, RungeKuttaConservesTheEnergyOfTheTwoLinkChain) {
  const Model model = test::standardChain(2);
  for (DriftControl drift : {DriftControl::None, DriftControl::Baumgarte}) {
    const double rk4 = worstRelativeEnergyChange(model, test::solverOptions(Integrator::RK4, drift), 1e-3, 10.0);
    EXPECT_LT(rk4, 1e-6) << driftControlName(drift);
    RecordProperty(std::string("rk4_relative_energy_change_") + driftControlName(drift), scientific(rk4));
  }
  // The option is honoured: semi-implicit Euler at the same step loses far more.
  const double euler =
      worstRelativeEnergyChange(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None), 1e-3, 10.0);
  EXPECT_GT(euler, 1e-4);
  RecordProperty("semi_implicit_relative_energy_change", scientific(euler));
}

// Fourth order: halving h divides the error of the state at 0.5 s by about 16.
TEST(BaraffIntegrator, RungeKuttaConvergesAtFourthOrder) {
  const Model model = test::standardChain(3);
  auto finalState = [&](double h) {
    BaraffSolver solver(model, test::solverOptions(Integrator::RK4, DriftControl::None));
    State state = makeInitialState(model);
    for (long k = 0; k < std::lround(0.5 / h); ++k) EXPECT_TRUE(solver.step(model, state, h).ok);
    VectorX x(12 * model.bodyCount());
    for (int i = 0; i < model.bodyCount(); ++i) {
      x.segment<6>(12 * i) = state.phi[i];
      x.segment<3>(12 * i + 6) = state.E_0i[i].topRightCorner<3, 1>();
      x.segment<3>(12 * i + 9) = state.E_0i[i].topLeftCorner<3, 3>().col(0);
    }
    return x;
  };
  const VectorX reference = finalState(1.25e-3 / 4);
  const double coarse = (finalState(1e-2) - reference).norm(), fine = (finalState(5e-3) - reference).norm();
  EXPECT_GT(coarse / fine, 10.0) << coarse << " " << fine;
  RecordProperty("rk4_error_ratio_h_over_h2", scientific(coarse / fine));
}

TEST(BaraffIntegrator, OnlyIntegratorsThatAreNotUsedAreWarned) {
  Model model = test::standardChain(2);
  auto warnsAboutIntegrator = [&](Integrator integrator) {
    model.defaults.integrator = integrator;
    for (const std::string& w : BaraffSolver::supports(model).warnings)
      if (w.find("integrator") != std::string::npos) return true;
    return false;
  };
  EXPECT_FALSE(warnsAboutIntegrator(Integrator::RK4));
  EXPECT_FALSE(warnsAboutIntegrator(Integrator::SemiImplicitEuler));
  EXPECT_TRUE(warnsAboutIntegrator(Integrator::LinearlyImplicitEuler));
}

}  // namespace
}  // namespace articulab
