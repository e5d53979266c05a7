// variational-minimal, issue 30: substeps. A step of h split into m DEL steps of h / m (the solver
// header, "Substeps") is the composition of m DEL maps of the midpoint L_d at h / m: against an
// independent run of m steps of h / m with substeps off, and the rule that picks m.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_solver.hpp"
#include "tests/shared/test_solver_options.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using test::kScenes;

SolverOptions minimalOptions(const std::string& rotation) {
  return test::settingOptions("variational-minimal", VariationalMinimalSolver::kVariationalMidpoint,
                              DriftControl::None, {"substep-rotation=" + rotation});
}

// The chain n = 10 moving fast: every joint at 0.3 rad and 20 rad/s, so its tip body turns at
// 200 rad/s, 0.2 rad per 1 ms step: the rule at 0.06 rad takes 4 substeps (8 only above 240 rad/s).
State fastChainState(const Model& model) {
  State state = makeInitialState(model);
  state.qd.setConstant(20.0);
  return state;
}

TEST(VariationalMinimalSubsteps, AStepIsTheCompositionOfDelStepsOfTheSubstep) {
  const Model model = loadScene(kScenes + "chain.json");
  const double h = 1e-3;
  auto split = findBackend("variational-minimal")->create(model, minimalOptions("0.06"));
  auto plain = findBackend("variational-minimal")->create(model, minimalOptions("0"));
  State a = fastChainState(model), b = fastChainState(model);
  for (int k = 0; k < 5; ++k) {
    ASSERT_TRUE(split->step(model, a, h).ok) << k;
    for (int s = 0; s < 4; ++s) ASSERT_TRUE(plain->step(model, b, h / 4).ok) << k << " " << s;
  }
  // both solve every DEL step to 1e-12 N m s; 20 substeps keep that to 1e-9
  EXPECT_LT((a.q - b.q).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((a.qd - b.qd).cwiseAbs().maxCoeff(), 1e-7);
  EXPECT_NEAR(a.t, 5 * h, 1e-15);
  EXPECT_EQ(a.step, 5);
}

TEST(VariationalMinimalSubsteps, SlowStepsAreNotSplit) {
  // at rest the chain turns at 0 rad/s: one DEL step per step, bitwise the step with substeps off
  const Model model = loadScene(kScenes + "chain.json");
  auto split = findBackend("variational-minimal")->create(model, minimalOptions("0.06"));
  auto plain = findBackend("variational-minimal")->create(model, minimalOptions("0"));
  State a = makeInitialState(model), b = makeInitialState(model);
  for (int k = 0; k < 50; ++k) {
    ASSERT_TRUE(split->step(model, a, 1e-3).ok);
    ASSERT_TRUE(plain->step(model, b, 1e-3).ok);
  }
  EXPECT_EQ(a.q, b.q);
  EXPECT_EQ(a.qd, b.qd);
  EXPECT_EQ(a.qdd, b.qdd);
}

TEST(VariationalMinimalSubsteps, TheQddOfASplitStepSpansTheWholeStep) {
  const Model model = loadScene(kScenes + "chain.json");
  auto split = findBackend("variational-minimal")->create(model, minimalOptions("0.06"));
  State state = fastChainState(model);
  const VectorX qd0 = state.qd;
  ASSERT_TRUE(split->step(model, state, 1e-3).ok);
  EXPECT_LT(((state.qd - qd0) / 1e-3 - state.qdd).cwiseAbs().maxCoeff(), 1e-9);
}

}  // namespace
}  // namespace articulab
