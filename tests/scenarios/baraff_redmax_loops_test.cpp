// Loop closures in reduced coordinates (RedMax, sueda 2.8 eq 2.98-2.103) against the
// maximal-coordinate baraff back-end: the same accelerations at the same state, and the
// four-bar's closure under each drift control.
#include <gtest/gtest.h>

#include <Eigen/LU>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/redmax/redmax_solver.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

// A velocity that satisfies the closures: a random combination of the null space of G_r.
VectorX closureVelocity(const Model& model, const State& state) {
  RedMaxSolver solver(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None));
  VectorX qdd(model.nq);
  solver.forwardDynamics(model, state, qdd);
  const MatrixX N = Eigen::FullPivLU<MatrixX>(solver.loops().G()).kernel();
  return N * test::randomVector(static_cast<int>(N.cols()), 2.0);
}

// A hinge-closed chain of five spherical joints moving along its closures.
Model movingClosedChain() {
  Model model = test::closedSphericalChain(5, LoopType::Hinge);
  model.qd0.setZero();
  model.qd0 = closureVelocity(model, makeInitialState(model));
  return model;
}

// Both back-ends at the state (q, qdot): joint accelerations relative to their size.
double accelerationMismatch(const Model& model, const State& state) {
  RedMaxSolver redmax(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None));
  BaraffSolver baraff(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None));
  VectorX reduced(model.nq), maximal(model.nq);
  redmax.forwardDynamics(model, state, reduced);
  baraff.forwardDynamics(model, state, maximal);
  EXPECT_TRUE(reduced.allFinite());
  return (reduced - maximal).norm() / std::max(1.0, reduced.norm());
}

TEST(RedMaxLoops, FourBarAccelerationsMatchBaraffAtRestAndInMotion) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json");
  ASSERT_TRUE(RedMaxSolver::supports(model).ok);
  State state = makeInitialState(model);
  EXPECT_LT(accelerationMismatch(model, state), 1e-8);
  // Later states of a run, moving, with the loop closed by post-stabilisation.
  RedMaxSolver solver(model, test::solverOptions(Integrator::LinearlyImplicitEuler, DriftControl::PostStabilization));
  for (int k = 1; k <= 3000; ++k) {
    ASSERT_TRUE(solver.step(model, state, 1e-3).ok);
    if (k % 500 == 0) {
      ASSERT_GT(state.qd.norm(), 0.1);
      EXPECT_LT(accelerationMismatch(model, state), 1e-8) << "t = " << state.t;
    }
  }
}

// A spatial loop (no redundant rows) at a random configuration and a random velocity that
// respects the closure, for point, hinge and weld closures.
TEST(RedMaxLoops, SpatialClosedChainAccelerationsMatchBaraff) {
  for (LoopType type : {LoopType::Point, LoopType::Hinge, LoopType::Weld}) {
    Model model = test::closedSphericalChain(6, type);
    model.qd0.setZero();
    State state = makeInitialState(model);
    model.qd0 = closureVelocity(model, state);
    state = makeInitialState(model);
    ASSERT_GT(state.qd.norm(), 0.1);
    EXPECT_LT(accelerationMismatch(model, state), 1e-8) << loopTypeName(type);
  }
}

// The multipliers enforce the closure: G_r qddot = -Gdot_r qdot, and M_r qddot - f_r lies in
// the row space of G_r (eq 2.100).
TEST(RedMaxLoops, AccelerationsSatisfyTheClosureEquations) {
  const Model model = movingClosedChain();
  const State state = makeInitialState(model);
  RedMaxSolver solver(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None));
  VectorX qdd(model.nq);
  solver.forwardDynamics(model, state, qdd);
  const ReducedLoopConstraints& loops = solver.loops();
  EXPECT_LT((loops.G() * qdd - loops.bias()).cwiseAbs().maxCoeff(), 1e-9);
  RedMaxWorkspace ws(model);
  evaluateRedMax(model, state.q, state.qd, forceInputs(state), ws);
  const VectorX force = ws.Mr * qdd - ws.fr;
  const VectorX mu = loops.G().transpose().colPivHouseholderQr().solve(force);
  EXPECT_LT((loops.G().transpose() * mu - force).norm(), 1e-8 * std::max(1.0, force.norm()));
}

// The step's closure multipliers reach State::outputs as forces: G_r^T mu = M_r qddot - f_r at
// the state the step started from (dense RedMax terms), and the implicit step's impulses over h
// give the same forces to O(h).
TEST(RedMaxLoops, StepOutputsHoldTheClosureForces) {
  const Model model = movingClosedChain();
  const State start = makeInitialState(model);
  RedMaxSolver solver(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::None));
  State state = start;
  const double h = 1e-5;
  ASSERT_TRUE(solver.step(model, state, h).ok);
  const VectorX& mu = state.outputs.multipliers;
  ASSERT_EQ(mu.size(), solver.loops().rows());
  RedMaxWorkspace ws(model);
  evaluateRedMax(model, start.q, start.qd, forceInputs(start), ws);
  const VectorX force = ws.Mr * state.qdd - ws.fr;
  EXPECT_LT((solver.loops().G().transpose() * mu - force).norm(), 1e-8 * std::max(1.0, force.norm()));

  RedMaxSolver implicit(model, test::solverOptions(Integrator::LinearlyImplicitEuler, DriftControl::None));
  State other = start;
  ASSERT_TRUE(implicit.step(model, other, h).ok);
  EXPECT_LT((other.outputs.multipliers - mu).norm(), 1e-3 * std::max(1.0, mu.norm()));
}

// BENCHMARKS.md standard four-bar, h = 1e-3 for 10 s: post-stabilisation keeps the closure
// below 1e-9 m with every integrator; without it the loop drifts, Baumgarte drifts less.
TEST(RedMaxLoops, FourBarClosureHoldsWithPostStabilisation) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json");
  auto worstOver10s = [&](Integrator integrator, DriftControl drift) {
    RedMaxSolver solver(model, test::solverOptions(integrator, drift));
    State state = makeInitialState(model);
    double worst = 0;
    for (int k = 0; k < 10000; ++k) {
      const StepStatus status = solver.step(model, state, 1e-3);
      EXPECT_TRUE(status.ok) << status.message;
      if (!status.ok) break;
      worst = std::max(worst, test::worstLoopError(model, state));
    }
    return worst;
  };
  for (Integrator integrator : kIntegrators) {
    const double worst = worstOver10s(integrator, DriftControl::PostStabilization);
    EXPECT_LT(worst, 1e-9) << integratorName(integrator);
    RecordProperty(std::string("post_stabilisation_worst_m_") + integratorName(integrator), std::to_string(worst));
  }
  const double none = worstOver10s(Integrator::SemiImplicitEuler, DriftControl::None);
  const double baumgarte = worstOver10s(Integrator::SemiImplicitEuler, DriftControl::Baumgarte);
  EXPECT_GT(none, 1e-6);
  EXPECT_LT(baumgarte, none);
  RecordProperty("no_control_worst_m", std::to_string(none));
  RecordProperty("baumgarte_worst_m", std::to_string(baumgarte));
}

TEST(RedMaxLoops, SupportsReportsTheFourBarsRedundantRow) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json");
  const SolverSupport support = RedMaxSolver::supports(model);
  ASSERT_TRUE(support.ok) << support.reason;
  bool reported = false;
  for (const std::string& w : support.notes) reported |= w.find("1 of the 3 loop-closure rows") != std::string::npos;
  EXPECT_TRUE(reported);  // a note (normal for a planar loop), not a warning
  for (const std::string& w : support.warnings) EXPECT_EQ(w.find("redundant"), std::string::npos) << w;
}

TEST(RedMaxLoops, ConflictingClosuresAreReportedNotNaN) {
  Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json");
  model.loops.push_back(model.loops[0]);
  model.loops.back().name = "elsewhere";
  model.loops.back().E_bB = se3::make(Matrix3::Identity(), Vector3(0, 0, 0.05));
  const SolverSupport support = RedMaxSolver::supports(model);
  bool warned = false;
  for (const std::string& w : support.warnings) warned |= w.find("violate the loop closures") != std::string::npos;
  EXPECT_TRUE(!support.ok || warned);
  RedMaxSolver solver(model, test::solverOptions(Integrator::LinearlyImplicitEuler, DriftControl::PostStabilization));
  State state = makeInitialState(model);
  const StepStatus status = solver.step(model, state, 1e-3);
  EXPECT_FALSE(status.ok);
  EXPECT_NE(status.message.find("redmax"), std::string::npos) << status.message;
}

}  // namespace
}  // namespace articulab
