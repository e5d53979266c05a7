// The variational-maximal back-end (bruedigam-manchester): its Newton Jacobian against finite
// differences, the O(n) block LDU against a dense LU of the same matrix, quadratic Newton
// convergence, bounded energy without drift, constraints held at position level on loops, the
// pendulum period against closed forms, agreement with RK4 of another back-end, and refusals.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/variational_maximal/block_tree_ldu.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_solver.hpp"
#include "tests/shared/test_solver_options.hpp"
#include "tests/engine/solvers/variational_maximal/newton_finite_differences.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using test::kScenes;

// mixedTree() with its composite joint made revolute: every joint type with a fixed constraint
// form (revolute, universal, both sphericals, prismatic, planar, fixed, free3d, free2d).
Model fixedFormTree() {
  Model model = test::mixedTree();
  for (Joint& joint : model.joints)
    if (joint.type == JointType::Composite) {
      joint.type = JointType::Revolute;
      joint.parts = defaultParts(JointType::Revolute, Vector3(0, 0.6, 0.8));
    }
  model.q0.resize(0);
  model.qd0.resize(0);
  EXPECT_EQ(finalizeModel(model), "");
  model.q0 = test::randomVector(model.nq, 0.3);
  model.qd0 = test::randomVector(model.nq, 0.5);
  return model;
}

// Factors `tree` (blocks of sizes `size` at rows `offset` of the dense matrix F it holds) and
// solves it against a random right-hand side: equal to F's dense LU solution to 1e-10 relative.
void expectLduSolvesLikeDenseLu(variational::BlockTreeLdu& tree, const MatrixX& F, const std::vector<int>& size,
                                const std::vector<int>& offset) {
  const int nodes = static_cast<int>(size.size());
  const VectorX y = test::randomVector(offset[nodes], 1.0);
  std::vector<Vector6> x(nodes, Vector6::Zero());
  for (int i = 0; i < nodes; ++i) x[i].head(size[i]) = y.segment(offset[i], size[i]);
  ASSERT_TRUE(tree.factor());
  tree.solve(x);
  const VectorX dense = F.partialPivLu().solve(y);
  for (int i = 0; i < nodes; ++i)
    EXPECT_LT((x[i].head(size[i]) - dense.segment(offset[i], size[i])).norm(), 1e-10 * dense.norm()) << "node " << i;
}

State movedState(const Model& model, VariationalMaximalSolver& solver, int steps, double h) {
  State state = makeInitialState(model);
  for (int k = 0; k < steps; ++k) EXPECT_TRUE(solver.step(model, state, h).ok);
  return state;
}

std::vector<Model> testModels() {
  std::vector<Model> models;
  models.push_back(loadScene(kScenes + "chain.json", {{"n", 4}}));
  models.push_back(loadScene(kScenes + "four_bar.json"));
  models.push_back(fixedFormTree());
  models.push_back(test::closedSphericalChain(4, LoopType::Point));
  models.push_back(test::closedSphericalChain(5, LoopType::Hinge));
  models.push_back(test::closedSphericalChain(4, LoopType::Weld));
  models.push_back(loadScene(kScenes + "spring_chain.json", {{"n", 4}}));
  return models;
}

// F = df/ds against central differences of f, at a guess off the solution (velocities and
// impulses perturbed), on trees, loops and every supported joint type.
TEST(VariationalMaximal, NewtonJacobianMatchesFiniteDifferences) {
  for (const Model& model : testModels()) {
    SCOPED_TRACE(model.name);
    VariationalMaximalSolver solver(model, SolverOptions{});
    const double h = 1e-3;
    const State state = movedState(model, solver, 20, h);
    solver.beginStep(model, state, h);
    VectorX s = solver.initialGuess() + test::randomVector(static_cast<int>(solver.initialGuess().size()), 0.05);
    solver.jacobian(model, s);
    const MatrixX F = solver.system().dense();
    const MatrixX Ffd = test::newtonJacobianByCentralDifferences(model, solver, s);
    EXPECT_LT((F - Ffd).cwiseAbs().maxCoeff(), 1e-7 * std::max(1.0, F.cwiseAbs().maxCoeff()));
  }
}

// The block-tree LDU with the dense loop node solves the Newton system as a dense LU does.
TEST(VariationalMaximal, SparseLduEqualsDenseLu) {
  for (const Model& model : testModels()) {
    SCOPED_TRACE(model.name);
    VariationalMaximalSolver solver(model, SolverOptions{});
    const double h = 1e-3;
    const State state = movedState(model, solver, 20, h);
    solver.beginStep(model, state, h);
    const VectorX s = solver.initialGuess();
    solver.jacobian(model, s);
    VectorX f(s.size()), x(s.size());
    int body = -1;
    ASSERT_TRUE(solver.residual(model, s, f, body));
    const MatrixX F = solver.system().dense();
    const variational::BlockTreeLdu& tree = solver.system().tree();  // nodes sized to their rows, none padded
    int treeUnknowns = 0;
    for (int node = 0; node < tree.nodeCount(); ++node) treeUnknowns += tree.size(node);
    EXPECT_EQ(treeUnknowns, solver.system().size() - solver.system().loopRowCount());
    ASSERT_TRUE(solver.system().factor());
    solver.system().solve(f, x);
    // The four-bar's point closure has a redundant (out-of-plane) row: F is singular there and
    // the impulses are not unique; the sparse solve must still satisfy F x = f.
    EXPECT_LT((F * x - f).norm(), 1e-10 * std::max(1.0, f.norm()));
    const Eigen::FullPivLU<MatrixX> lu(F);
    const VectorX dense = lu.solve(f);
    const int nu = 6 * model.bodyCount();
    EXPECT_LT((x.head(nu) - dense.head(nu)).norm(), 1e-10 * std::max(1.0, dense.head(nu).norm()));
    if (lu.rank() == F.rows()) EXPECT_LT((x - dense).norm(), 1e-10 * std::max(1.0, dense.norm()));
  }
}

// The dense Newton of Fig 4c (setting linear-solver 1: one full-pivot LU of the whole Newton
// matrix per iterate) takes the same Newton iterates as the block LDU: 300 steps from the same
// state end at the same poses and twists to 1e-10 (the solves differ by rounding), with the same
// iterations, on trees, loops (the four-bar's redundant row: the same rank) and every joint type.
TEST(VariationalMaximal, DenseLuNewtonFollowsTheBlockLdu) {
  for (const Model& model : testModels()) {
    SCOPED_TRACE(model.name);
    SolverOptions denseOptions{VariationalMaximalSolver::kVariationalTrapezoid};
    denseOptions =
        test::withSetting(denseOptions, "variational-maximal", "linear-solver", VariationalMaximalSettings::kDenseLu);
    VariationalMaximalSolver sparse(model, SolverOptions{VariationalMaximalSolver::kVariationalTrapezoid});
    VariationalMaximalSolver dense(model, denseOptions);
    ASSERT_TRUE(dense.system().denseLu());
    State a = makeInitialState(model), b = a;
    for (int k = 0; k < 300; ++k) {
      ASSERT_TRUE(sparse.step(model, a, 1e-3).ok);
      ASSERT_TRUE(dense.step(model, b, 1e-3).ok);
      ASSERT_EQ(a.outputs.iterations, b.outputs.iterations) << k;
    }
    for (int i = 0; i < model.bodyCount(); ++i) {
      EXPECT_LT((a.E_0i[i] - b.E_0i[i]).cwiseAbs().maxCoeff(), 1e-10);
      EXPECT_LT((a.phi[i] - b.phi[i]).cwiseAbs().maxCoeff(), 1e-10);
    }
    EXPECT_EQ(sparse.system().loopRank(), dense.system().loopRank());
  }
}

// linear-solver 1 on a chain whose dense Newton matrix cannot fit: refused with the figure and
// the block LDU's, which runs it.
TEST(VariationalMaximal, RefusesADenseNewtonMatrixThatDoesNotFit) {
  const Model model = loadScene(kScenes + "chain.json", {{"n", 20000}});
  SolverOptions options;
  options = test::withSetting(options, "variational-maximal", "linear-solver", VariationalMaximalSettings::kDenseLu);
  const SolverSupport support = VariationalMaximalSolver::supports(model, options);
  EXPECT_FALSE(support.ok);
  EXPECT_NE(support.reason.find("the dense LU of linear-solver 1 needs about"), std::string::npos) << support.reason;
  EXPECT_NE(support.reason.find("220000 unknowns"), std::string::npos) << support.reason;
  EXPECT_TRUE(VariationalMaximalSolver::supports(model, SolverOptions{}).ok);
}

// A forest in which a node of every size 1..6 hangs under a parent of every size 1..6 (the 36
// leaves), those parents either roots or children of one node of 4 unknowns: every kernel of
// BlockTreeLdu (each (size, parent size) and each root size) against a dense LU of the same matrix.
TEST(VariationalMaximal, BlockTreeLduEqualsDenseLuForEveryNodeSize) {
  for (const bool withTop : {false, true}) {
    SCOPED_TRACE(withTop ? "three levels" : "two levels");
    std::vector<int> parent, size;
    for (int k = 0; k < 36; ++k) {
      parent.push_back(36 + k / 6);
      size.push_back(k % 6 + 1);
    }
    for (int k = 0; k < 6; ++k) {
      parent.push_back(withTop ? 42 : -1);
      size.push_back(k + 1);
    }
    if (withTop) {
      parent.push_back(-1);
      size.push_back(4);
    }
    const int nodes = static_cast<int>(parent.size());
    std::vector<int> offset(nodes + 1, 0);
    for (int i = 0; i < nodes; ++i) offset[i + 1] = offset[i] + size[i];
    variational::BlockTreeLdu tree;
    tree.resize(parent, size);
    MatrixX F = MatrixX::Zero(offset[nodes], offset[nodes]);
    for (int i = 0; i < nodes; ++i) {
      const int s = size[i], p = parent[i];
      tree.D(i).topLeftCorner(s, s) = test::randomVector(s * s, 1.0).reshaped(s, s);
      tree.D(i).topLeftCorner(s, s).diagonal().array() += 10.0;
      F.block(offset[i], offset[i], s, s) = tree.D(i).topLeftCorner(s, s);
      if (p < 0) continue;
      const int sp = size[p];
      tree.A(i).topLeftCorner(sp, s) = test::randomVector(sp * s, 1.0).reshaped(sp, s);
      tree.B(i).topLeftCorner(s, sp) = test::randomVector(s * sp, 1.0).reshaped(s, sp);
      F.block(offset[p], offset[i], sp, s) = tree.A(i).topLeftCorner(sp, s);
      F.block(offset[i], offset[p], s, sp) = tree.B(i).topLeftCorner(s, sp);
    }
    expectLduSolvesLikeDenseLu(tree, F, size, offset);
  }
}

// Pivots whose leading 3 x 3 block or its Schur complement is singular, though the pivot is not
// (the pivot inverse falls back from 3 x 3 blocks to Gauss-Jordan with pivoting): one root node of
// each size 4..6 and a node of 6 under a root of 5, against a dense LU.
TEST(VariationalMaximal, BlockTreeLduPivotsPastASingularLeadingBlock) {
  const auto swapped = [](int s) {  // [0 I; I 0]-like: the leading 3 x 3 block is zero
    MatrixX D = MatrixX::Zero(s, s);
    for (int r = 0; r < s; ++r) D(r, (r + 3) % s) = 1.0 + 0.1 * r;
    return D;
  };
  for (const std::vector<int>& size : std::vector<std::vector<int>>{{4}, {5}, {6}, {6, 5}}) {
    SCOPED_TRACE(size.size() == 1 ? "root of " + std::to_string(size[0]) : std::string("6 under 5"));
    const int nodes = static_cast<int>(size.size());
    std::vector<int> parent(nodes, -1), offset(nodes + 1, 0);
    if (nodes == 2) parent[0] = 1;
    for (int i = 0; i < nodes; ++i) offset[i + 1] = offset[i] + size[i];
    variational::BlockTreeLdu tree;
    tree.resize(parent, size);
    MatrixX F = MatrixX::Zero(offset[nodes], offset[nodes]);
    for (int i = 0; i < nodes; ++i) {
      tree.D(i).topLeftCorner(size[i], size[i]) = swapped(size[i]);
      F.block(offset[i], offset[i], size[i], size[i]) = swapped(size[i]);
    }
    if (nodes == 2) {  // a coupling that leaves the root's Schur complement [0 I; I 0]-like too
      tree.A(0).topLeftCorner(5, 6) = 0.01 * test::randomVector(30, 1.0).reshaped(5, 6);
      tree.B(0).topLeftCorner(6, 5) = 0.01 * test::randomVector(30, 1.0).reshaped(6, 5);
      F.block(offset[1], 0, 5, 6) = tree.A(0).topLeftCorner(5, 6);
      F.block(0, offset[1], 6, 5) = tree.B(0).topLeftCorner(6, 5);
    }
    expectLduSolvesLikeDenseLu(tree, F, size, offset);
  }
}

// Fig 4d: the residual falls quadratically on 1, 10 and 100 links at h = 10 ms: each iterate
// leaves at most 1e3 e^2 (e = max |f|; measured e.g. 1.2, 1.2e-3, 3.7e-5, 2.4e-7, 1.9e-11 on
// 100 links after 0.5 s) and Newton needs at most 5 iterations.
TEST(VariationalMaximal, NewtonConvergesQuadratically) {
  for (int n : {1, 10, 100}) {
    SCOPED_TRACE(n);
    const Model model = loadScene(kScenes + "chain.json", {{"n", n}});
    VariationalMaximalSolver solver(model, SolverOptions{});
    State state = makeInitialState(model);
    for (int step = 0; step < 50; ++step) {
      ASSERT_TRUE(solver.step(model, state, 1e-2).ok);
      const std::vector<double>& e = solver.residualHistory();
      ASSERT_GE(e.size(), 2u);
      EXPECT_LE(e.size(), 6u);
      for (std::size_t k = 1; k + 1 < e.size(); ++k)
        EXPECT_LT(e[k + 1], 1e3 * e[k] * e[k] + 1e-13) << "step " << step << ", iterate " << k;
    }
  }
}

// Fig 4a: the double pendulum at h = 10 ms for 60 min of simulated time: the energy error
// stays in a band with the same mean |E - E0| over the last 10 min as over the first (within
// 10 %; measured band 7.1e-3 J, means 3.9210e-3 and 3.9213e-3 J), where RK4 on redmax at the
// same h drifts (means 3.1e-4 J, then 2.8e-3 J).
struct EnergyWindows {
  double band = 0.0, first = 0.0, last = 0.0;
};

EnergyWindows energyWindows(const std::string& backend, Integrator integrator) {
  const Model model = loadScene(kScenes + "double_pendulum.json");
  auto solver = findBackend(backend)->create(model, SolverOptions{integrator});
  State state = makeInitialState(model);
  const double E0 = computeEnergy(model, state).total(), h = 1e-2;
  const int steps = 360000, window = steps / 6;  // 60 min; first and last 10 min
  EnergyWindows out;
  for (int k = 0; k < steps; ++k) {
    EXPECT_TRUE(solver->step(model, state, h).ok) << k;
    const double error = std::abs(computeEnergy(model, state).total() - E0);
    out.band = std::max(out.band, error);
    if (k < window) out.first += error / window;
    if (k >= steps - window) out.last += error / window;
  }
  return out;
}

TEST(VariationalMaximal, EnergyOscillatesInABandWithoutDrift) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const EnergyWindows variational = energyWindows("variational-maximal", Integrator{});
  RecordProperty("band_J", std::to_string(variational.band));
  EXPECT_LT(variational.band, 1e-2);
  EXPECT_LT(std::abs(variational.last - variational.first), 0.1 * variational.first)
      << "first " << variational.first << " last " << variational.last;
  const EnergyWindows rk4 = energyWindows("redmax", Integrator::RK4);
  EXPECT_GT(rk4.last, 5.0 * rk4.first) << "first " << rk4.first << " last " << rk4.last;
}

// Fig 4b: the standard four-bar scene over 10 s at 1 ms: joints and the loop closure hold at the
// position level to the Newton tolerance, without stabilisation; the energy stays in a band.
TEST(VariationalMaximal, FourBarHoldsLoopAndJointsAtPositionLevel) {
  const Model model = loadScene(kScenes + "four_bar.json");
  auto solver = findBackend("variational-maximal")->create(model, SolverOptions{});
  State state = makeInitialState(model);
  const double E0 = computeEnergy(model, state).total();
  double worst = 0.0, energy = 0.0, iterations = 0.0;
  for (int k = 0; k < 10000; ++k) {
    ASSERT_TRUE(solver->step(model, state, 1e-3).ok) << k;
    iterations += state.outputs.iterations / 10000.0;
    const DriftReport drift = computeDrift(model, state);
    worst = std::max({worst, drift.worst.position, drift.worst.rotation});
    energy = std::max(energy, std::abs(computeEnergy(model, state).total() - E0));
  }
  EXPECT_LT(worst, 1e-9);
  EXPECT_LT(energy, 2e-2);
  RecordProperty("mean_iterations", std::to_string(iterations));
  EXPECT_LE(iterations, 4.0);  // the paper: three to four with a line search
}

// Physical pendulum (one standard link about its end): small-angle period 2 pi sqrt(I / (m g d))
// and, released at pi/2, 1.18034 times it (complete elliptic integral), both to 1e-3 at 1 ms.
double measuredPeriod(double q0) {
  Model model = loadScene(kScenes + "single_pendulum.json");
  model.q0[0] = q0;
  auto solver = findBackend("variational-maximal")->create(model, SolverOptions{});
  State state = makeInitialState(model);
  const double h = 1e-3;
  double previous = state.q[0], firstCrossing = -1.0;
  int crossings = 0;
  while (crossings < 5) {
    EXPECT_TRUE(solver->step(model, state, h).ok);
    if (previous > 0.0 && state.q[0] <= 0.0) {  // downward zero crossing, interpolated
      const double t = state.t - h * state.q[0] / (state.q[0] - previous);
      if (firstCrossing < 0.0) firstCrossing = t;
      ++crossings;
      if (crossings == 5) return (t - firstCrossing) / 4.0;
    }
    previous = state.q[0];
  }
  return 0.0;
}

TEST(VariationalMaximal, PendulumPeriodMatchesClosedForms) {
  const Model model = loadScene(kScenes + "single_pendulum.json");
  const Body& link = model.bodies[0];
  const double d = 0.05, m = link.mass;
  const double Ic = link.M(1, 1) - m * link.com.squaredNorm();  // about the centre, y axis
  const double T0 = 2.0 * M_PI * std::sqrt((Ic + m * d * d) / (m * 9.81 * d));
  EXPECT_NEAR(measuredPeriod(0.01) / T0, 1.0, 1e-3);
  EXPECT_NEAR(measuredPeriod(M_PI / 2) / T0, 1.18034, 1e-3);
}

// Against RK4 on recursive from the same state over 0.2 s: the error falls with h at first
// order (the discretisation of eq 23-24).
TEST(VariationalMaximal, ConvergesToRk4AtFirstOrder) {
  const Model model = loadScene(kScenes + "chain.json", {{"n", 3}});
  const double T = 0.2;
  const State reference = test::stepFromStart(model, "recursive", SolverOptions{Integrator::RK4}, T, 2000);
  double errors[2];
  for (int level = 0; level < 2; ++level) {
    const State state = test::stepFromStart(model, "variational-maximal", SolverOptions{}, T, 200 << level);
    errors[level] = (state.q - reference.q).norm();
  }
  EXPECT_LT(errors[0], 1e-2);
  const double order = std::log2(errors[0] / errors[1]);
  RecordProperty("order", std::to_string(order));
  EXPECT_GT(order, 0.8);
  EXPECT_LT(order, 1.3);
}

// variational-trapezoid: the same configurations, read at the step ends: second order against
// RK4 (measured order 2.00 in q and qdot), and on four_bar.json at 1 ms an energy band of 2.2e-4 J
// where the first-order reading has 1.3e-2 J (the standard four-bar of BENCHMARKS.md: docs/backends.md).
TEST(VariationalMaximal, TrapezoidReadingIsSecondOrder) {
  const Model model = loadScene(kScenes + "chain.json", {{"n", 3}});
  const double T = 0.2;
  const State reference = test::stepFromStart(model, "recursive", SolverOptions{Integrator::RK4}, T, 2000);
  double errors[2];
  for (int level = 0; level < 2; ++level) {
    const State state = test::stepFromStart(model, "variational-maximal",
                                            SolverOptions{VariationalMaximalSolver::kVariationalTrapezoid}, T, 100 << level);
    VectorX x(2 * model.nq), y(2 * model.nq);
    x << state.q, state.qd;
    y << reference.q, reference.qd;
    errors[level] = (x - y).norm();
  }
  const double order = std::log2(errors[0] / errors[1]);
  RecordProperty("order", std::to_string(order));
  EXPECT_GT(order, 1.8) << errors[0] << " " << errors[1];
  EXPECT_LT(order, 2.3) << errors[0] << " " << errors[1];
}

TEST(VariationalMaximal, TrapezoidEnergyBandOnTheFourBar) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = loadScene(kScenes + "four_bar.json");
  const test::WatchedRun run = test::watchedRunFromStart(
      model, "variational-maximal", SolverOptions{VariationalMaximalSolver::kVariationalTrapezoid}, 10.0, 10000);
  RecordProperty("band_J", std::to_string(run.energyBand));
  EXPECT_LT(run.energyBand, 5e-4);
  EXPECT_LT(run.worstPosition, 1e-9);
}

// forwardDynamics gives the accelerations of recursive (redmax with loops) and baraff at moving
// states; one step with a tiny h from rest gives them as (v2 - v1)/h. (From a moving state the
// first step's (v2 - v1)/h is off by O(1) in the centripetal terms: v1 is the scene's velocity
// at t, v2 the mean velocity over the step, the start rule of the header.)
TEST(VariationalMaximal, AccelerationsMatchRecursiveAndBaraff) {
  Model chain = loadScene(kScenes + "chain.json", {{"n", 5}});
  chain.qd0 = test::randomVector(chain.nq, 1.0);
  for (const Model& model : {chain, loadScene(kScenes + "four_bar.json")}) {
    SCOPED_TRACE(model.name);
    State state = makeInitialState(model);
    VectorX reference(model.nq), ours(model.nq);
    findBackend(model.loops.empty() ? "recursive" : "redmax")->create(model, SolverOptions{})->forwardDynamics(model, state, reference);
    VariationalMaximalSolver solver(model, SolverOptions{});
    solver.forwardDynamics(model, state, ours);
    EXPECT_LT(test::relativeError(ours, reference), 1e-8);
    VectorX baraff(model.nq);
    findBackend("baraff")->create(model, SolverOptions{})->forwardDynamics(model, state, baraff);
    EXPECT_LT(test::relativeError(ours, baraff), 1e-8);
    State stepped = state;
    stepped.qd.setZero();
    for (Vector6& phi : stepped.phi) phi.setZero();
    findBackend("baraff")->create(model, SolverOptions{})->forwardDynamics(model, stepped, reference);
    const double h = 1e-6;
    ASSERT_TRUE(solver.step(model, stepped, h).ok);
    EXPECT_LT((stepped.qdd - reference).norm() / reference.norm(), 1e-5);
  }
}

// Unsupported scenes are refused with the joint and the reason.
TEST(VariationalMaximal, RefusesJointsWithoutFixedFormAndInequalities) {
  const BackendInfo* backend = findBackend("variational-maximal");
  ASSERT_NE(backend, nullptr);
  const SolverSupport composite = backend->supports(test::mixedTree());
  EXPECT_FALSE(composite.ok);
  EXPECT_NE(composite.reason.find("joint 'tip_joint' is composite"), std::string::npos) << composite.reason;
  const SolverSupport limits = backend->supports(loadScene(kScenes + "limited_tree.json"));
  EXPECT_FALSE(limits.ok);
  EXPECT_NE(limits.reason.find("limits"), std::string::npos) << limits.reason;
  const SolverSupport contact = backend->supports(loadScene(kScenes + "falling_chain.json"));
  EXPECT_FALSE(contact.ok);
  EXPECT_NE(contact.reason.find("ground contact"), std::string::npos) << contact.reason;
  EXPECT_TRUE(backend->supports(loadScene(kScenes + "four_bar.json")).ok);
}

// A step that needs |omega| beyond 2/h is refused with the body's name.
TEST(VariationalMaximal, RefusesAStepBeyondTheQuaternionUpdate) {
  const Model model = loadScene(kScenes + "single_pendulum.json");
  auto solver = findBackend("variational-maximal")->create(model, SolverOptions{});
  Model fast = model;
  fast.qd0[0] = 500.0;
  State fastState = makeInitialState(fast);
  const StepStatus status = solver->step(fast, fastState, 1e-2);
  EXPECT_FALSE(status.ok);
  EXPECT_NE(status.message.find("body 'link0'"), std::string::npos) << status.message;
  EXPECT_NE(status.message.find("variational-maximal"), std::string::npos) << status.message;
}

// A Newton solve that does not converge stops the run with the back-end, the step, the residual
// and the iterations: the standard 100-link chain at 1 ms, whose links whip at 180-250 rad/s,
// does so at t = 0.849 s (docs/testing.md); the state is left as it was before the step.
TEST(VariationalMaximal, NonConvergingNewtonStopsWithAMessage) {
  const Model model = loadScene(kScenes + "chain.json", {{"n", 100}});
  auto solver = findBackend("variational-maximal")->create(model, SolverOptions{});
  State state = makeInitialState(model);
  for (int k = 0; k < 1000; ++k) {
    const State before = state;
    const StepStatus status = solver->step(model, state, 1e-3);
    if (status.ok) continue;
    EXPECT_NE(status.message.find("variational-maximal: Newton did not converge: residual "), std::string::npos)
        << status.message;
    EXPECT_NE(status.message.find("after 30 iterations"), std::string::npos) << status.message;
    EXPECT_NE(status.message.find("at step " + std::to_string(k)), std::string::npos) << status.message;
    EXPECT_EQ(state.E_0i, before.E_0i);
    EXPECT_EQ(state.t, before.t);
    return;
  }
  SUCCEED() << "converged throughout";
}

// With gravity off, a floating chain (free root) keeps its linear momentum to 1e-9 relative over
// 10 s (the joint impulses are internal); the angular momentum measured from (x, q, v, omega)
// differs from the discrete momentum map by O(h) and stays within 1e-3 relative, without drift.
TEST(VariationalMaximal, FloatingChainKeepsMomentum) {
  Model model = test::standardChain(4);
  model.gravity.setZero();
  model.joints[0].type = JointType::Free3D;
  model.joints[0].parts = defaultParts(JointType::Free3D, Vector3::UnitZ());
  model.q0.resize(0);
  model.qd0.resize(0);
  ASSERT_EQ(finalizeModel(model), "");
  model.q0 = test::randomVector(model.nq, 0.3);
  model.qd0 = test::randomVector(model.nq, 1.0);
  auto solver = findBackend("variational-maximal")->create(model, SolverOptions{});
  State state = makeInitialState(model);
  ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
  const EnergyReport start = computeEnergy(model, state);
  for (int k = 0; k < 10000; ++k) ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
  const EnergyReport end = computeEnergy(model, state);
  EXPECT_LT((end.linearMomentum - start.linearMomentum).norm(), 1e-9 * start.linearMomentum.norm());
  EXPECT_LT((end.angularMomentum - start.angularMomentum).norm(), 1e-3 * start.angularMomentum.norm());
}

SolverOptions newtonGuessOptions(int guess) {
  SolverOptions options{VariationalMaximalSolver::kVariationalTrapezoid};
  options = test::withSetting(options, "variational-maximal", "newton-guess", guess);
  return options;
}

// The first guess 2 u_1 - u_0 (newton-guess 1, the default) against the last step's u_1: the same
// steps to the Newton tolerance (measured: joint angles within 2.3e-9 and 1.5e-9 rad, rates within
// 7.2e-9 and 1.8e-7 rad/s), with about one Newton iteration per step instead of two (1.00
// against 1.65 on the four-bar over 1 s, 1.00 against 1.94 on the 20-link chain over 0.3 s; the
// chain is chaotic, so it is compared before it whips).
TEST(VariationalMaximal, ExtrapolatedGuessTakesFewerIterationsToTheSameSteps) {
  const std::vector<std::pair<Model, int>> runs = {{loadScene(kScenes + "four_bar.json"), 1000},
                                                   {loadScene(kScenes + "chain.json", {{"n", 20}}), 300}};
  for (const auto& [model, steps] : runs) {
    SCOPED_TRACE(model.name);
    VariationalMaximalSolver last(model, newtonGuessOptions(VariationalMaximalSettings::kLastVelocityGuess));
    VariationalMaximalSolver line(model, newtonGuessOptions(VariationalMaximalSettings::kExtrapolatedGuess));
    State a = makeInitialState(model), b = a;
    double iterationsLast = 0.0, iterationsLine = 0.0;
    for (int k = 0; k < steps; ++k) {
      ASSERT_TRUE(last.step(model, a, 1e-3).ok);
      ASSERT_TRUE(line.step(model, b, 1e-3).ok);
      iterationsLast += a.outputs.iterations / double(steps);
      iterationsLine += b.outputs.iterations / double(steps);
    }
    EXPECT_LT((a.q - b.q).cwiseAbs().maxCoeff(), 1e-8);
    EXPECT_LT((a.qd - b.qd).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LT(iterationsLine, 1.1);
    EXPECT_GT(iterationsLast, 1.5);
  }
}

// A step whose extrapolated guess is out of the quaternion update's reach (a history whose u_0
// was edited to 1e4 rad/s) is solved again from u_1: the same step as newton-guess 0 takes.
TEST(VariationalMaximal, ExtrapolatedGuessThatFailsFallsBackToTheLastVelocity) {
  const Model model = loadScene(kScenes + "four_bar.json");
  VariationalMaximalSolver line(model, newtonGuessOptions(VariationalMaximalSettings::kExtrapolatedGuess));
  State state = makeInitialState(model);
  for (int k = 0; k < 20; ++k) ASSERT_TRUE(line.step(model, state, 1e-3).ok);
  State plain = state;
  state.history.qd[6 * 2 * model.bodyCount()] = 1e4;  // u_0 of body 0, omega_x
  ASSERT_TRUE(line.step(model, state, 1e-3).ok);
  ASSERT_TRUE(VariationalMaximalSolver(model, newtonGuessOptions(VariationalMaximalSettings::kLastVelocityGuess))
                  .step(model, plain, 1e-3)
                  .ok);
  EXPECT_EQ(state.E_0i, plain.E_0i);
  EXPECT_EQ(state.q, plain.q);
}

// The history names its owner and holds (x, q), the discrete velocity, the twist and the velocity
// the step started from per body, and the impulses; after another back-end's step it is not
// used, and the step starts from the state.
TEST(VariationalMaximal, HistoryIsUsedOnlyWhenItReproducesTheState) {
  const Model model = loadScene(kScenes + "four_bar.json");
  auto variational = findBackend("variational-maximal")->create(model, SolverOptions{});
  State state = makeInitialState(model);
  for (int k = 0; k < 5; ++k) ASSERT_TRUE(variational->step(model, state, 1e-3).ok);
  EXPECT_TRUE(state.history.valid);
  EXPECT_STREQ(state.history.owner, "variational-maximal");
  EXPECT_EQ(state.history.q.size(), 7 * model.bodyCount() + 5 * 3 + 3);
  EXPECT_EQ(state.history.qd.size(), 18 * model.bodyCount());
  State edited = state;
  edited.E_0i[0](0, 3) += 1e-3;  // an edit that leaves the history in place
  State fresh = edited;
  fresh.history.valid = false;
  ASSERT_TRUE(variational->step(model, edited, 1e-3).ok);
  ASSERT_TRUE(findBackend("variational-maximal")->create(model, SolverOptions{})->step(model, fresh, 1e-3).ok);
  EXPECT_EQ(edited.E_0i, fresh.E_0i);  // the edited state is stepped as a new one
  ASSERT_TRUE(findBackend("redmax")->create(model, SolverOptions{})->step(model, state, 1e-3).ok);
  EXPECT_FALSE(state.history.valid);
  ASSERT_TRUE(variational->step(model, state, 1e-3).ok);
}

}  // namespace
}  // namespace articulab
