// Time stepping with the recursive back-end: step-for-step agreement with RedMax for each
// shared integrator, stability of the linearly implicit step, and driven joints that follow
// their prescribed acceleration exactly.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/solvers/redmax/redmax_dynamics.hpp"
#include "engine/solvers/recursive/implicit_velocity.hpp"
#include "engine/solvers/recursive/recursive_solver.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

std::unique_ptr<Solver> create(const char* backend, const Model& model, Integrator integrator) {
  return findBackend(backend)->create(model, SolverOptions{integrator});
}

// The tree with every joint type, started away from rest at a fixed, irregular state (not from
// the shared generator, so that the trajectories do not depend on which tests ran before).
Model movingTree() {
  Model model = test::mixedTree();
  for (int k = 0; k < model.nq; ++k) {
    model.q0[k] = 0.6 * std::sin(1.3 * k + 0.4);
    model.qd0[k] = 0.8 * std::cos(0.7 * k);
  }
  return model;
}

// Largest relative difference of (q, qdot) between the two back-ends over `steps` steps.
double trajectoryDifference(const Model& model, Integrator integrator, double h, int steps) {
  auto recursive = create("recursive", model, integrator);
  auto redmax = create("redmax", model, integrator);
  State a = makeInitialState(model), b = makeInitialState(model);
  double worst = 0.0;
  for (int k = 0; k < steps; ++k) {
    EXPECT_TRUE(recursive->step(model, a, h).ok);
    EXPECT_TRUE(redmax->step(model, b, h).ok);
    worst = std::max(worst, (a.q - b.q).norm() / (1.0 + b.q.norm()));
    worst = std::max(worst, (a.qd - b.qd).norm() / (1.0 + b.qd.norm()));
  }
  return worst;
}

TEST(RecursiveIntegrator, RK4TrajectoriesMatchRedMaxStepForStepOverOneSecond) {
  for (const Model& model : {test::standardChain(10), movingTree()}) {
    const double worst = trajectoryDifference(model, Integrator::RK4, 1e-3, 1000);
    EXPECT_LT(worst, 1e-9) << model.name;
    RecordProperty("max_relative_difference_" + std::to_string(model.nq), std::to_string(worst));
  }
}

TEST(RecursiveIntegrator, SemiImplicitTrajectoriesMatchRedMaxStepForStep) {
  for (const Model& model : {test::standardChain(5), movingTree()})
    EXPECT_LT(trajectoryDifference(model, Integrator::SemiImplicitEuler, 1e-3, 1000), 1e-9) << model.name;
}

// The implicit step solves RedMax's linear system iteratively, so the two agree to the GMRES
// tolerance. They are compared step for step from the same states (along RedMax's trajectory):
// whole trajectories drift apart at the 1e-8 level on the 20-link chain, as RedMax does from
// itself when q0 moves by 1e-12, because the finite-difference K of both back-ends changes by
// ~1e-10 under any such change of q (forceJacobians).
double implicitStepDifference(const Model& model, double h, int steps) {
  auto recursive = create("recursive", model, Integrator::LinearlyImplicitEuler);
  auto redmax = create("redmax", model, Integrator::LinearlyImplicitEuler);
  State state = makeInitialState(model);
  double worst = 0.0;
  for (int k = 0; k < steps; ++k) {
    State copy = state;
    EXPECT_TRUE(recursive->step(model, copy, h).ok);
    EXPECT_TRUE(redmax->step(model, state, h).ok);
    worst = std::max(worst, (copy.qd - state.qd).norm() / state.qd.norm());
  }
  return worst;
}

TEST(RecursiveIntegrator, LinearlyImplicitStepsMatchRedMaxStepForStep) {
  EXPECT_LT(implicitStepDifference(test::standardChain(20), 1e-2, 100), 1e-9);
  EXPECT_LT(implicitStepDifference(movingTree(), 1e-3, 300), 1e-9);
}

// Both linearly implicit variants; the springs-only one is formed densely by RedMax and in one
// O(n) pass by the recursive back-end.
TEST(RecursiveIntegrator, SpringImplicitTrajectoriesMatchRedMaxStepForStep) {
  Model tree = movingTree();
  for (Joint& joint : tree.joints) {
    joint.stiffness = 5.0;
    joint.damping = 0.2;
  }
  for (const Model& model : {test::standardChain(10), tree})
    EXPECT_LT(trajectoryDifference(model, Integrator::SpringImplicitEuler, 1e-3, 1000), 1e-9) << model.name;
}

TEST(RecursiveIntegrator, ImplicitVelocityMatchesRedMaxWithThePerturbationSpring) {
  const Model model = movingTree();
  for (Integrator integrator : {Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler}) {
    for (int trial = 0; trial < 3; ++trial) {
      State a = makeInitialState(model);
      a.q = test::randomVector(model.nq, 1.5);
      a.qd = test::randomVector(model.nq, 2.0);
      a.perturbation = {4, Vector3(0.01, 0.02, 0.0), Vector3(0.3, -0.2, 0.1), 200.0, 5.0};
      State b = a;
      ASSERT_TRUE(create("recursive", model, integrator)->step(model, a, 1e-2).ok);
      ASSERT_TRUE(create("redmax", model, integrator)->step(model, b, 1e-2).ok);
      EXPECT_LT((a.qd - b.qd).norm(), 1e-9 * b.qd.norm()) << integratorName(integrator);
    }
  }
}

// When GMRES is stopped early, the dense fallback gives RedMax's velocity all the same.
TEST(RecursiveIntegrator, DenseFallbackSolvesTheSameSystem) {
  Model model = movingTree();
  model.joints[2].driven = true;
  State state = makeInitialState(model);
  const double h = 1e-2;
  const VectorX prescribed = test::randomVector(model.nq, 2.0);
  ImplicitVelocity iterative(model), fallback(model);
  fallback.maxIterations = 1;
  VectorX a(model.nq), b(model.nq);
  const ImplicitSolveReport reportA = iterative.solve(model, state, h, prescribed, a);
  const ImplicitSolveReport reportB = fallback.solve(model, state, h, prescribed, b);
  EXPECT_FALSE(reportA.denseFallback);
  EXPECT_TRUE(reportB.denseFallback);
  EXPECT_LT((a - b).norm(), 1e-9 * b.norm());
  const Joint& driven = model.joints[2];
  const auto range = Eigen::seqN(driven.qIndex, driven.nq);
  EXPECT_LT((b(range) - (state.qd(range) + h * prescribed(range))).norm(), 1e-14);
}

// As for RedMax: on the 20-link chain at h = 1e-2 energy never rises and the state stays bounded.
TEST(RecursiveIntegrator, LinearlyImplicitEulerIsStableAndDissipativeOnTwentyLinks) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = test::standardChain(20);
  RecursiveSolver solver(model, SolverOptions{Integrator::LinearlyImplicitEuler});
  State state = makeInitialState(model);
  const double E0 = computeEnergy(model, state).total();
  double previous = E0;
  int mostIterations = 0;
  for (int k = 0; k < 1000; ++k) {  // 10 s
    ASSERT_TRUE(solver.step(model, state, 1e-2).ok) << "step " << k;
    ASSERT_TRUE(solver.lastImplicitSolve().krylov.converged) << "step " << k;  // to ImplicitVelocity::tolerance
    mostIterations = std::max(mostIterations, solver.lastImplicitSolve().krylov.iterations);
    const double E = computeEnergy(model, state).total();
    ASSERT_LE(E, previous + 1e-12 * std::abs(E0)) << "energy rose at step " << k;
    previous = E;
  }
  EXPECT_LT(previous, E0);
  EXPECT_LT(state.qd.lpNorm<Eigen::Infinity>(), 100.0);
  RecordProperty("most_gmres_iterations", std::to_string(mostIterations));
}

// A welded last body (its coordinates start at nq) and a model with no coordinate at all.
TEST(RecursiveIntegrator, WeldedBodiesAndZeroCoordinateModelsStep) {
  Model tipped = test::standardChain(2);
  Joint weld = test::singleJoint(JointType::Fixed);
  weld.name = "weld";
  weld.parent = 1;
  weld.child = 2;
  weld.E_pj = se3::make(Matrix3::Identity(), Vector3(0, 0, -0.05));
  Body tip = tipped.bodies[1];
  tip.name = "tip";
  tipped.bodies.push_back(tip);
  tipped.joints.push_back(weld);
  ASSERT_EQ(finalizeModel(tipped), "");
  Model welded;
  welded.bodies.push_back(tip);
  weld.parent = -1;
  weld.child = 0;
  welded.joints.push_back(weld);
  ASSERT_EQ(finalizeModel(welded), "");
  ASSERT_EQ(welded.nq, 0);
  for (const Model& model : {tipped, welded}) {
    for (Integrator integrator : kIntegrators) {
      auto recursive = create("recursive", model, integrator);
      auto redmax = create("redmax", model, integrator);
      State a = makeInitialState(model), b = makeInitialState(model);
      for (int k = 0; k < 10; ++k) {
        ASSERT_TRUE(recursive->step(model, a, 1e-3).ok) << integratorName(integrator);
        ASSERT_TRUE(redmax->step(model, b, 1e-3).ok) << integratorName(integrator);
      }
      EXPECT_LT((a.qd - b.qd).norm(), 1e-9 * (1.0 + b.qd.norm())) << integratorName(integrator);
    }
  }
}

// A driven joint with constant prescribed acceleration a: qdot = qdot0 + a t under every
// integrator, and q = q0 + qdot0 t + a t^2 / 2 under RK4 (exact for a quadratic).
TEST(RecursiveIntegrator, DrivenJointFollowsItsPrescribedAcceleration) {
  Model model = test::mixedTree();
  model.joints[3].driven = true;  // spherical XZX, coordinates 5..7
  const Joint& driven = model.joints[3];
  model.qd0.segment(driven.qIndex, 3) << 0.5, -0.2, 0.1;
  VectorX prescribed = VectorX::Zero(model.nq);
  prescribed.segment(driven.qIndex, 3) << 1.0, -2.0, 0.5;
  for (Integrator integrator : kIntegrators) {
    RecursiveSolver solver(model, SolverOptions{integrator});
    solver.setPrescribedAccelerations(prescribed);
    State state = makeInitialState(model);
    const double h = 1e-3;
    for (int k = 0; k < 500; ++k) ASSERT_TRUE(solver.step(model, state, h).ok);
    const auto a = prescribed.segment(driven.qIndex, 3);
    const auto v0 = model.qd0.segment(driven.qIndex, 3);
    const auto q0 = model.q0.segment(driven.qIndex, 3);
    const double t = state.t;
    EXPECT_LT((state.qd.segment(driven.qIndex, 3) - (v0 + a * t)).norm(), 1e-10) << integratorName(integrator);
    if (integrator == Integrator::RK4)
      EXPECT_LT((state.q.segment(driven.qIndex, 3) - (q0 + v0 * t + 0.5 * a * t * t)).norm(), 1e-10);
  }
}

// The torque a driven joint reports is what the joint needs: applying it as a joint spring
// force on the same joint, now free, reproduces the prescribed acceleration.
TEST(RecursiveIntegrator, DrivenForceReproducesThePrescribedMotionWhenApplied) {
  Model model = test::standardChain(6);
  model.joints[2].driven = true;
  RecursiveSolver solver(model, SolverOptions{Integrator::RK4});
  VectorX prescribed = VectorX::Zero(model.nq);
  prescribed[2] = 3.0;
  solver.setPrescribedAccelerations(prescribed);
  State state = makeInitialState(model);
  state.qd = test::randomVector(model.nq);
  VectorX qdd(model.nq), force(model.nq);
  solver.hybridDynamics(model, state, qdd, force);
  // A spring with stiffness -force / (q - rest) at rest = q - 1 applies exactly +force.
  Model free = model;
  free.joints[2].driven = false;
  free.joints[2].stiffness = force[2];
  free.joints[2].rest = VectorX::Constant(1, state.q[2] + 1.0);
  RecursiveSolver freeSolver(free, SolverOptions{Integrator::RK4});
  VectorX qddFree(free.nq);
  freeSolver.forwardDynamics(free, state, qddFree);
  EXPECT_LT((qddFree - qdd).norm(), 1e-10 * qdd.norm());
}

// The solver keeps the kinematics of the last (q, qdot) for the next evaluation; any other state,
// including one edited in place between steps, gets its own.
TEST(RecursiveIntegrator, KeptKinematicsFollowTheState) {
  const Model model = movingTree();
  RecursiveSolver solver(model, SolverOptions{Integrator::SemiImplicitEuler});
  State state = makeInitialState(model);
  ASSERT_TRUE(solver.step(model, state, 1e-3).ok);
  VectorX kept(model.nq), fresh(model.nq);
  for (int edit = 0; edit < 3; ++edit) {
    if (edit == 1) state.q[3] += 1e-3;
    if (edit == 2) state.qd[5] -= 0.1;
    solver.forwardDynamics(model, state, kept);
    RecursiveSolver(model, SolverOptions{}).forwardDynamics(model, state, fresh);
    EXPECT_EQ(kept, fresh) << "edit " << edit;
  }
}

// The O(n) springs-and-dampers step against its system formed densely from RedMax's M_r, f_r
// and J (sueda eq 2.79): A = M_r + h D_r + h^2 K_r + J_b^T (h c + h^2 k) Gamma^T Gamma J_b,
// A (qdot' - qdot) = h (f_r - h K_r qdot - h k J_b^T Gamma^T Gamma phi_b), driven rows replaced
// by qdot'_d = qdot_d + h qddot_d.
TEST(RecursiveIntegrator, SpringImplicitStepSolvesSuedaEquation279) {
  Model model = movingTree();
  for (Joint& joint : model.joints) {
    joint.stiffness = test::uniform(0.0, 20.0);
    joint.damping = test::uniform(0.0, 2.0);
    joint.rest = test::randomVector(joint.nq, 0.5);
  }
  model.joints[2].driven = true;
  const double h = 1e-2;
  for (int trial = 0; trial < 3; ++trial) {
    State state = makeInitialState(model);
    state.q = test::randomVector(model.nq, 1.5);
    state.qd = test::randomVector(model.nq, 2.0);
    state.perturbation = {4, Vector3(0.01, 0.02, 0.0), Vector3(0.3, -0.2, 0.1), 500.0, 5.0};
    const VectorX prescribed = test::randomVector(model.nq, 2.0);

    RedMaxWorkspace dense(model);
    evaluateRedMax(model, state.q, state.qd, forceInputs(state), dense);
    VectorX k(model.nq), d(model.nq);
    for (const Joint& joint : model.joints) {
      k.segment(joint.qIndex, joint.nq).setConstant(joint.stiffness);
      d.segment(joint.qIndex, joint.nq).setConstant(joint.damping);
    }
    const Perturbation& pert = state.perturbation;
    const MatrixX Jb = dense.J.middleRows(6 * pert.body, 6);
    const Matrix3x6 Gamma = se3::Gamma(pert.pointLocal);
    const Matrix6 GammaTGamma = Gamma.transpose() * Gamma;
    MatrixX A = dense.Mr + Jb.transpose() * ((h * pert.damping + h * h * pert.stiffness) * GammaTGamma) * Jb;
    A.diagonal() += h * d + h * h * k;
    VectorX rhs = h * (dense.fr - h * k.cwiseProduct(state.qd) -
                       h * pert.stiffness * Jb.transpose() * (GammaTGamma * (Jb * state.qd)));
    const Joint& driven = model.joints[2];
    A.middleRows(driven.qIndex, driven.nq).setZero();
    A.block(driven.qIndex, driven.qIndex, driven.nq, driven.nq).setIdentity();
    rhs.segment(driven.qIndex, driven.nq) = h * prescribed.segment(driven.qIndex, driven.nq);
    const VectorX expected = state.qd + A.lu().solve(rhs);

    RecursiveSolver solver(model, SolverOptions{Integrator::SpringImplicitEuler});
    solver.setPrescribedAccelerations(prescribed);
    ASSERT_TRUE(solver.step(model, state, h).ok);
    EXPECT_LT((state.qd - expected).norm(), 1e-11 * expected.norm()) << "trial " << trial;
    EXPECT_EQ(solver.lastIterations(), -1);
  }
}

// With no spring, damper or perturbation nothing is linearised: the step is semi-implicit Euler.
TEST(RecursiveIntegrator, SpringImplicitStepWithoutSpringsIsSemiImplicitEuler) {
  Model tree = movingTree();
  tree.joints[0].stiffness = tree.joints[0].damping = 0.0;
  for (const Model& model : {test::standardChain(8), tree}) {
    RecursiveSolver implicit(model, SolverOptions{Integrator::SpringImplicitEuler});
    RecursiveSolver semi(model, SolverOptions{Integrator::SemiImplicitEuler});
    State a = makeInitialState(model), b = makeInitialState(model);
    for (int k = 0; k < 100; ++k) {
      ASSERT_TRUE(implicit.step(model, a, 1e-3).ok);
      ASSERT_TRUE(semi.step(model, b, 1e-3).ok);
    }
    EXPECT_LT((a.q - b.q).norm(), 1e-13 * b.q.norm()) << model.name;
    EXPECT_LT((a.qd - b.qd).norm(), 1e-13 * b.qd.norm()) << model.name;
  }
}

// A pendulum on a stiff joint spring, h omega = 8.6 with omega = sqrt(k / I_joint): semi-implicit
// Euler is unstable beyond h omega = 2, the step with the spring linearised loses energy at
// every step (implicit Euler on the spring) and settles at the spring's equilibrium.
TEST(RecursiveIntegrator, SpringImplicitStepIsStableOnAStiffSpring) {
  Model model = test::standardChain(1, 0.5);
  model.joints[0].stiffness = 100.0;  // N m / rad; I about the joint 3.37e-3 kg m^2
  const double h = 0.05;
  RecursiveSolver semi(model, SolverOptions{Integrator::SemiImplicitEuler});
  State exploding = makeInitialState(model);
  for (int k = 0; k < 20; ++k) semi.step(model, exploding, h);
  EXPECT_FALSE(std::abs(exploding.q[0]) < 10.0);

  RecursiveSolver solver(model, SolverOptions{Integrator::SpringImplicitEuler});
  State state = makeInitialState(model);
  const double E0 = computeEnergy(model, state).total();
  double previous = E0;
  for (int k = 0; k < 200; ++k) {
    ASSERT_TRUE(solver.step(model, state, h).ok);
    const double E = computeEnergy(model, state).total();
    ASSERT_LE(E, previous + 1e-15) << "step " << k;
    previous = E;
  }
  EXPECT_LT(previous, E0 - 1.0);  // the spring held 12.5 J
  // Equilibrium k q = torque of gravity m g l sin q, l = 0.05 m: q ~ 0 to first order.
  EXPECT_LT(std::abs(state.q[0]), 1e-2);
  EXPECT_LT(std::abs(state.qd[0]), 1e-6);
}

}  // namespace
}  // namespace articulab
