// Rotors (Joint::armature) in variational-maximal (rotor_coupling.hpp): the Newton matrix with the
// rotor rows against central differences of the residual and its block LDU against the dense LU,
// every integrator's trajectory converging to redmax's RK4 at its order, and the energy band with
// the rotors counted. Forward dynamics against (M + A)^-1 f: tests/scenarios/armature_test.cpp.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_solver.hpp"
#include "tests/engine/solvers/variational_maximal/newton_finite_differences.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using test::kScenes;

// A cart on a slide with a double pendulum on hinges, a rotor on every joint (kg on the slide,
// kg m^2 on the hinges), moving at the start so that the rotors carry a good part of the energy.
const char* const kRotorCartPole = R"({
  "name": "rotor cart-pole",
  "gravity": [0, 0, -9.81],
  "simulation": {"backend": "variational-maximal", "dt": 0.001, "duration": 1},
  "bodies": [
    {"name": "cart", "mass": 1.0, "shape": {"type": "box", "size": [0.1, 0.06, 0.04]}},
    {"name": "pole", "mass": 0.5, "shape": {"type": "box", "size": [0.02, 0.02, 0.2]}},
    {"name": "tip", "mass": 0.3, "shape": {"type": "box", "size": [0.02, 0.02, 0.15]}}
  ],
  "joints": [
    {"name": "rail", "type": "prismatic", "parent": "world", "child": "cart", "axis": [1, 0, 0],
     "q0": 0.05, "qd0": 0.4, "stiffness": 20, "armature": 0.5},
    {"name": "hinge", "type": "revolute", "parent": "cart", "child": "pole", "axis": [0, 1, 0],
     "child_position": [0, 0, -0.1], "q0": 0.5, "qd0": 1.0, "armature": 0.01},
    {"name": "knee", "type": "revolute", "parent": "pole", "child": "tip", "axis": [0.3, 1, 0],
     "position": [0, 0, -0.1], "child_position": [0, 0, -0.075], "q0": -0.4, "qd0": -1.5, "armature": 0.004}
  ]
})";

Model rotorCartPole() { return loadSceneFromString(kRotorCartPole, "rotor_cart_pole.json"); }

// The four-bar (a loop closure) with rotors on its hinges.
Model rotorFourBar() {
  Model model = loadScene(kScenes + "four_bar.json");
  for (Joint& joint : model.joints)
    if (joint.type == JointType::Revolute) joint.armature = 0.002;
  return model;
}

// The Newton matrix with the rotor rows folded in (NewtonSystem::dense) against central
// differences of the residual, at a guess off the solution, on every integrator's residual.
TEST(VariationalMaximalRotor, NewtonJacobianMatchesFiniteDifferences) {
  for (const Model& model : {rotorCartPole(), rotorFourBar()}) {
    for (Integrator integrator : {VariationalMaximalSolver::kVariational, VariationalMaximalSolver::kVariationalMidpoint}) {
      SCOPED_TRACE(model.name + " " + integrator.name());
      VariationalMaximalSolver solver(model, SolverOptions{integrator});
      const double h = 1e-3;
      State state = makeInitialState(model);
      for (int k = 0; k < 20; ++k) ASSERT_TRUE(solver.step(model, state, h).ok);
      solver.beginStep(model, state, h);
      const VectorX s = solver.initialGuess() + test::randomVector(static_cast<int>(solver.initialGuess().size()), 0.05);
      solver.jacobian(model, s);
      const MatrixX F = solver.system().dense();
      const MatrixX Ffd = test::newtonJacobianByCentralDifferences(model, solver, s);
      EXPECT_LT((F - Ffd).cwiseAbs().maxCoeff(), 1e-7 * std::max(1.0, F.cwiseAbs().maxCoeff()));
      const int N = static_cast<int>(s.size());
      int body = -1;
      VectorX f(N), x(N);
      ASSERT_TRUE(solver.residual(model, s, f, body));
      solver.jacobian(model, s);
      ASSERT_TRUE(solver.system().factor());
      solver.system().solve(f, x);
      // The tree's rotor unknowns eliminate to F (where F is regular: the four-bar's redundant
      // loop row leaves f off F's range at a guess off the solution).
      if (Eigen::FullPivLU<MatrixX>(F).rank() == N) EXPECT_LT((F * x - f).norm(), 1e-10 * std::max(1.0, f.norm()));
    }
  }
}

// 1 s of the cart-pole against RK4 on redmax at 20000 steps: the error in q falls with h at the
// integrator's order (variational: first, its start uses the state's velocity as the chord; the
// trapezoid and the midpoint: second, the triple jump fourth, from 10 ms; measured 2026-11-29:
// 1.007, 2.000, 2.000, 4.003), the rotors changing the motion well beyond the error.
TEST(VariationalMaximalRotor, TrajectoriesConvergeToRedmaxRk4) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = rotorCartPole();
  const double T = 1.0;
  const State reference = test::stepFromStart(model, "redmax", SolverOptions{Integrator::RK4}, T, 20000);
  Model bare = model;
  for (Joint& joint : bare.joints) joint.armature = 0.0;
  const State bareReference = test::stepFromStart(bare, "redmax", SolverOptions{Integrator::RK4}, T, 20000);
  const double rotorEffect = (bareReference.q - reference.q).norm();
  const struct {
    Integrator integrator;
    double order;
    int steps;  // at the coarser step
  } cases[] = {{VariationalMaximalSolver::kVariational, 1.0, 500},
               {VariationalMaximalSolver::kVariationalTrapezoid, 2.0, 500},
               {VariationalMaximalSolver::kVariationalMidpoint, 2.0, 500},
               {VariationalMaximalSolver::kVariationalTripleJump, 4.0, 100}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.integrator.name());
    double errors[2];
    for (int level = 0; level < 2; ++level) {
      const State state = test::stepFromStart(model, "variational-maximal", SolverOptions{c.integrator}, T, c.steps << level);
      errors[level] = (state.q - reference.q).norm();
    }
    const double order = std::log2(errors[0] / errors[1]);
    RecordProperty(std::string(c.integrator.name()) + " order", std::to_string(order));
    EXPECT_LT(errors[1], 0.02 * rotorEffect) << errors[1] << " against the rotors' effect " << rotorEffect;
    EXPECT_GT(order, c.order - 0.25) << errors[0] << " " << errors[1];
    EXPECT_LT(order, c.order + 0.3) << errors[0] << " " << errors[1];
  }
}

// 10 s of the cart-pole at 1 ms: the energy with the rotors' 1/2 a qdot^2 stays in a band of
// 1e-4 of the initial kinetic energy on the symplectic second-order integrators (measured
// 2026-11-29: 1.8e-6 J trapezoid, 2.1e-6 J midpoint; without the rotors in the energy, it would
// swing by their share).
TEST(VariationalMaximalRotor, EnergyWithTheRotorsStaysInABand) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = rotorCartPole();
  const EnergyReport e0 = computeEnergy(model, makeInitialState(model));
  for (Integrator integrator :
       {VariationalMaximalSolver::kVariationalTrapezoid, VariationalMaximalSolver::kVariationalMidpoint}) {
    SCOPED_TRACE(integrator.name());
    const test::WatchedRun run = test::watchedRunFromStart(model, "variational-maximal", SolverOptions{integrator}, 10.0,
                                                           10000);
    RecordProperty(std::string(integrator.name()) + " band", test::sci(run.energyBand));
    EXPECT_LT(run.energyBand, 1e-4 * e0.kinetic) << "largest |E - E0| " << run.energyBand << " J of " << e0.kinetic;
  }
}

}  // namespace
}  // namespace articulab
