// variational-minimal, issue 13: the first guess of a step from history, v = 2 qd_k - v_k,
// against the order of its error (Taylor: the DEL residual at the guess falls as h^2, at the
// constant guess v_k as h), and the RIQN iterate counts over 10 s of RC100 (gated: a minute).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_solver.hpp"
#include "tests/shared/test_solver_options.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using test::kScenes;

struct FirstGuessResiduals {
  double extrapolated = 0.0;  // max |f(2 qd_k - v_k)|
  double constant = 0.0;      // max |f(v_k)|
};

// Runs `model` to t = 0.2 s at step h, then sets up the next step and evaluates the DEL residual
// at the extrapolated first guess and at the last discrete velocity.
FirstGuessResiduals firstGuessResidualsAt(const Model& model, double h) {
  auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
  auto* minimal = dynamic_cast<VariationalMinimalSolver*>(solver.get());
  State state = makeInitialState(model);
  const int steps = static_cast<int>(std::lround(0.2 / h));
  for (int k = 0; k < steps; ++k) EXPECT_TRUE(solver->step(model, state, h).ok) << k;
  const VectorX lastVelocity = minimal->solution();
  minimal->beginStep(model, state, h);
  VectorX f(model.nq);
  FirstGuessResiduals out;
  minimal->residual(model, state, minimal->firstGuess(), f);
  out.extrapolated = f.cwiseAbs().maxCoeff();
  minimal->residual(model, state, lastVelocity, f);
  out.constant = f.cwiseAbs().maxCoeff();
  return out;
}

// The residual is about M (v_{k+1} - guess): O(h^2 qddd) for the extrapolation, O(h qdd) for the
// constant guess; observed orders from h = 2 ms to 1 ms and 0.5 ms.
void expectSecondOrderGuess(const Model& model) {
  const FirstGuessResiduals coarse = firstGuessResidualsAt(model, 2e-3);
  const FirstGuessResiduals middle = firstGuessResidualsAt(model, 1e-3);
  const FirstGuessResiduals fine = firstGuessResidualsAt(model, 5e-4);
  const double extrapolatedOrder = std::log2(middle.extrapolated / fine.extrapolated);
  const double constantOrder = std::log2(middle.constant / fine.constant);
  std::printf("%s: first-guess residual at h = 2, 1, 0.5 ms: extrapolated %.3g %.3g %.3g (order %.2f), "
              "constant %.3g %.3g %.3g (order %.2f)\n",
              model.name.c_str(), coarse.extrapolated, middle.extrapolated, fine.extrapolated, extrapolatedOrder,
              coarse.constant, middle.constant, fine.constant, constantOrder);
  EXPECT_NEAR(std::log2(coarse.extrapolated / middle.extrapolated), 2.0, 0.25);
  EXPECT_NEAR(extrapolatedOrder, 2.0, 0.25);
  EXPECT_NEAR(constantOrder, 1.0, 0.25);
  EXPECT_LT(fine.extrapolated, 0.1 * fine.constant);
}

TEST(VariationalMinimalFirstGuess, SecondOrderOnTheStandardChain) {
  expectSecondOrderGuess(test::standardChain(10));
}

// spherical_exp joints: the guess is formed in the chart (body twists), group_chart.hpp.
TEST(VariationalMinimalFirstGuess, SecondOrderOnTheSphericalChain) {
  expectSecondOrderGuess(loadScene(kScenes + "spherical_chain.json"));
}

// 10 s of RC100 (scenes/rc100.json, 0.1 ms): mean and largest iterates per step at 1e-10 and
// 1e-12. About a minute in Release (67 s measured), so it runs only with ARTICULAB_LONG_RUNS set
// (docs/performance.md has the figures; the 2 s version is
// VariationalMinimalNewton.Rc100IterationCountsOverTwoSeconds).
TEST(VariationalMinimalFirstGuess, Rc100IterationCountsOverTenSeconds) {
  if (std::getenv("ARTICULAB_LONG_RUNS") == nullptr) GTEST_SKIP() << "set ARTICULAB_LONG_RUNS=1: about a minute";
  const Model model = loadScene(kScenes + "rc100.json");
  for (const double tolerance : {1e-10, 1e-12}) {
    SolverOptions options;
    options = test::withSetting(options, "variational-minimal", "newton-tolerance", tolerance);
    auto solver = findBackend("variational-minimal")->create(model, options);
    State state = makeInitialState(model);
    long total = 0;
    int most = 0;
    const int steps = 100000;
    for (int k = 0; k < steps; ++k) {
      ASSERT_TRUE(solver->step(model, state, 1e-4).ok) << k;
      total += state.outputs.iterations;
      most = std::max(most, state.outputs.iterations);
    }
    const double mean = static_cast<double>(total) / steps;
    std::printf("RC100 10 s, tolerance %g: %.2f iterates per step, at most %d\n", tolerance, mean, most);
    // measured 7.05 (1e-10) and 8.31 (1e-12), at most 16 and 17 (constant guess, fresh Anderson
    // history per step: 10.66 and 12.86, at most 34 and 44; the guess alone: 8.15 and 9.74); the
    // issue's bound is 10 at 1e-10
    EXPECT_LE(mean, tolerance == 1e-10 ? 8.0 : 9.3);
    EXPECT_LE(most, 20);
  }
}

}  // namespace
}  // namespace articulab
