// variational-minimal with the group update of spherical_exp and free3d joints (group_chart.hpp):
// momentum of a free-floating tree without gravity, energy of a spinning free body, the recursive
// back-end's accelerations in the limit h -> 0, coordinates that stay within |w| <= pi, and
// bitwise continuation by a recreated solver.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <random>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_solver.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"
#include "tests/shared/test_solver_options.hpp"
#include "variational_minimal_test_util.hpp"

namespace articulab {
namespace {

using test::kScenes;

// test::mixedTree() with its first root made free3d, its spherical_xzx joint (gimbal lock at
// q_2 = 0, where M is singular) made spherical_exp, and gravity off: two free-floating trees with
// every other joint type (spherical_exp and free3d among them), no springs or dampers.
Model freeFloatingTree() {
  Model model = test::mixedTree();
  model.joints[0].type = JointType::Free3D;
  model.joints[0].parts = defaultParts(JointType::Free3D, Vector3::UnitZ());
  model.joints[3].type = JointType::SphericalExp;
  model.joints[3].parts = defaultParts(JointType::SphericalExp, Vector3::UnitZ());
  for (Joint& joint : model.joints) {
    joint.stiffness = joint.damping = 0.0;
    joint.rest.resize(0);
  }
  EXPECT_EQ(finalizeModel(model), "");
  for (Joint& joint : model.joints) joint.rest = VectorX::Zero(joint.nq);
  model.gravity.setZero();
  // a fixed start (its own generator, so that it does not depend on the tests run before)
  std::mt19937 generator(13);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  model.q0.resize(model.nq);
  model.qd0.resize(model.nq);
  for (int j = 0; j < model.nq; ++j) model.q0[j] = 0.5 * unit(generator);
  for (int j = 0; j < model.nq; ++j) model.qd0[j] = 2.0 * unit(generator);
  return model;
}

// Total spatial momentum in world coordinates at the state's (q, qd): sum_b Ad(E_0b^-1)^T I_b phi_b.
Vector6 worldMomentum(const Model& model, const State& state) {
  TreeKinematics kin(model);
  computeKinematics(model, state.q, state.qd, kin);
  Vector6 total = Vector6::Zero();
  for (int b = 0; b < model.bodyCount(); ++b)
    total += se3::AdInverse(kin.bodies[b].worldPose()).transpose() * (model.bodies[b].M * kin.bodies[b].phi);
  return total;
}

bool groupJoint(const Joint& joint) { return joint.type == JointType::SphericalExp || joint.type == JointType::Free3D; }

Matrix4 jointTransform(const Joint& joint, const double* q) {
  const double zeros[6] = {0, 0, 0, 0, 0, 0};
  JointKinematics k;
  k.S = k.Sdot = JointMatrix::Zero(6, 6);
  evaluateJoint(joint, q, zeros, k);
  return k.Q;
}

// The engine coordinates of a spherical_exp or free3d transform: w = log R, free3d's p of
// Q = T(p) Rot(w).
VectorX groupCoordinates(const Joint& joint, const Matrix4& Q) {
  VectorX q(joint.nq);
  q.head<3>() = so3::log(Q.topLeftCorner<3, 3>());
  if (joint.nq == 6) q.tail<3>() = Q.topRightCorner<3, 1>();
  return q;
}

// The chart-centred L_d(q_k, q_{k+1}) of group_chart.hpp, from the energy diagnostic: coordinate
// joints at ((q_k + q_{k+1})/2, (q_{k+1} - q_k)/h); a group joint at Q_k tau(a/2) with body twist
// S(a/2) a / h, tau(a) = Q_k^-1 Q_{k+1}.
double chartDiscreteLagrangian(const Model& model, const VectorX& q0, const VectorX& q1, double h) {
  State state = makeInitialState(model);
  state.q = 0.5 * (q0 + q1);
  state.qd = (q1 - q0) / h;
  for (const Joint& joint : model.joints) {
    if (!groupJoint(joint)) continue;
    const int r = joint.qIndex, n = joint.nq;
    const Matrix4 Q0 = jointTransform(joint, q0.data() + r), Q1 = jointTransform(joint, q1.data() + r);
    const VectorX a = groupCoordinates(joint, Q0.inverse() * Q1), half = 0.5 * a, rate = a / h;
    JointKinematics mid;
    mid.S = mid.Sdot = JointMatrix::Zero(6, 6);
    evaluateJoint(joint, half.data(), rate.data(), mid);
    const VectorX twist = mid.S.topRows(n) * rate;
    state.q.segment(r, n) = groupCoordinates(joint, Q0 * mid.Q);
    JointKinematics at;
    at.S = at.Sdot = JointMatrix::Zero(6, 6);
    evaluateJoint(joint, state.q.data() + r, rate.data(), at);
    state.qd.segment(r, n) = at.S.topRows(n).partialPivLu().solve(twist);
  }
  TreeKinematics kin(model);
  computeKinematics(model, state.q, state.qd, kin);
  copyWorldMotion(kin, state.E_0i, state.phi);
  const EnergyReport energy = computeEnergy(model, state);
  return h * (energy.kinetic - energy.potential);
}

// D1 L_d of the step (the residual minus p^+_k) against central differences of the chart-centred
// L_d: coordinate joints by their coordinate, group joints by Q_k exp(eps eta) (right-trivialised),
// on the free-floating tree with gravity on (so L depends on the group joints' configurations).
TEST(VariationalMinimalGroup, BackwardMomentumIsTheDerivativeOfTheChartCentredAction) {
  Model model = freeFloatingTree();
  model.gravity = Vector3(0, 0, -9.81);
  auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
  auto* minimal = dynamic_cast<VariationalMinimalSolver*>(solver.get());
  ASSERT_NE(minimal, nullptr);
  const double h = 0.01;
  for (int trial = 0; trial < 3; ++trial) {
    State state = makeInitialState(model);
    state.q = model.q0 + test::randomVector(model.nq, 0.3);
    const VectorX q1 = state.q + test::randomVector(model.nq, 0.03);
    VectorX v = (q1 - state.q) / h;  // the chart velocity: a / h for group joints
    for (const Joint& joint : model.joints)
      if (groupJoint(joint)) {
        const int r = joint.qIndex;
        const Matrix4 Q0 = jointTransform(joint, state.q.data() + r), Q1 = jointTransform(joint, q1.data() + r);
        v.segment(r, joint.nq) = groupCoordinates(joint, Q0.inverse() * Q1) / h;
      }
    minimal->beginStep(model, state, h);
    VectorX f(model.nq);
    minimal->residual(model, state, v, f);
    const VectorX D1 = f - minimal->startMomentum();
    VectorX oracle(model.nq);
    const double epsilon = 1e-6;
    for (const Joint& joint : model.joints)
      for (int c = 0; c < joint.nq; ++c) {
        VectorX plus = state.q, minus = state.q;
        const int r = joint.qIndex;
        if (groupJoint(joint)) {
          Vector6 twist = Vector6::Zero();  // (w; v): a spherical joint's 3 coordinates are angular
          twist[c] = 1.0;
          const Matrix4 Q0 = jointTransform(joint, state.q.data() + r);
          plus.segment(r, joint.nq) = groupCoordinates(joint, Q0 * se3::exp(epsilon * twist));
          minus.segment(r, joint.nq) = groupCoordinates(joint, Q0 * se3::exp(-epsilon * twist));
        } else {
          plus[r + c] += epsilon;
          minus[r + c] -= epsilon;
        }
        oracle[r + c] = (chartDiscreteLagrangian(model, plus, q1, h) - chartDiscreteLagrangian(model, minus, q1, h)) /
                        (2.0 * epsilon);
      }
    EXPECT_LT((D1 - oracle).norm(), 1e-6 * std::max(1.0, oracle.norm())) << D1.transpose() << "\n" << oracle.transpose();
  }
}

// Momentum of the free-floating tree over 10 s at 1 ms: 1e-9 relative (the chart-centred L_d is
// left invariant, so the discrete Noether theorem holds; group_chart.hpp), at the default Newton
// tolerance 1e-12 N m s (1e-13 sits at the rounding floor of momenta of about 10 and can stall).
TEST(VariationalMinimalGroup, FreeFloatingTreeKeepsItsMomentum) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = freeFloatingTree();
  ASSERT_TRUE(findBackend("variational-minimal")->supports(model).ok);
  auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
  State state = makeInitialState(model);
  const Vector6 start = worldMomentum(model, state);
  const double E0 = computeEnergy(model, state).total();
  double worstMomentum = 0.0, worstEnergy = 0.0, largestAngle = 0.0;
  for (int k = 0; k < 10000; ++k) {  // 10 s at 1 ms
    const StepStatus status = solver->step(model, state, 1e-3);
    ASSERT_TRUE(status.ok) << status.message;
    worstMomentum = std::max(worstMomentum, (worldMomentum(model, state) - start).norm());
    worstEnergy = std::max(worstEnergy, std::abs(computeEnergy(model, state).total() - E0));
    largestAngle = std::max(largestAngle, state.q.segment(model.joints[0].qIndex, 3).norm());
  }
  std::printf("free-floating tree, 10 s at 1 ms: |P| %.4f, max |P - P0| %.3e, max |E - E0| %.3e J of E0 %.4f J\n",
              start.norm(), worstMomentum, worstEnergy, E0);
  EXPECT_LT(worstMomentum, 1e-9 * start.norm()) << start.transpose();
  EXPECT_LT(worstEnergy, 1e-2 * std::abs(E0)) << E0;  // the variational band, no drift
  EXPECT_LE(largestAngle, std::numbers::pi + 1e-12);
}

// The free body of free_body.json (Dzhanibekov flip, no gravity): kinetic energy and momentum.
TEST(VariationalMinimalGroup, SpinningFreeBodyKeepsEnergyAndMomentum) {
  const Model model = loadScene(kScenes + "free_body.json");
  SolverOptions options;
  options = test::withSetting(options, "variational-minimal", "newton-tolerance", 1e-14);
  auto solver = findBackend("variational-minimal")->create(model, options);
  State state = makeInitialState(model);
  const Vector6 start = worldMomentum(model, state);
  const double E0 = computeEnergy(model, state).total();
  double worstEnergy = 0.0, worstMomentum = 0.0;
  for (int k = 0; k < 5000; ++k) {
    ASSERT_TRUE(solver->step(model, state, 1e-3).ok) << k;
    worstEnergy = std::max(worstEnergy, std::abs(computeEnergy(model, state).total() - E0));
    worstMomentum = std::max(worstMomentum, (worldMomentum(model, state) - start).norm());
  }
  std::printf("free body, 5 s at 1 ms: |P| %.4f, max |P - P0| %.3e, max |E - E0| %.3e J of E0 %.4f J\n", start.norm(),
              worstMomentum, worstEnergy, E0);
  EXPECT_LT(worstEnergy, 1e-3 * std::abs(E0));
  EXPECT_LT(worstMomentum, 1e-9 * start.norm());
}

// One step of h = 1e-6 s from a moving state: (qd_1 - qd_0) / h in the engine's coordinates equals
// the recursive back-end's forward dynamics to 1e-5 relative (averaged over the step's two ends,
// as in variational_minimal_joints_test.cpp).
TEST(VariationalMinimalGroup, TinyStepGivesTheRecursiveAccelerations) {
  for (const char* scene : {"spherical_chain.json", "free_body.json", "bezier_surface_board.json"})
    test::expectRecursiveAccelerations(loadScene(kScenes + scene));
  const Model tree = freeFloatingTree();
  test::expectRecursiveAccelerations(tree, makeInitialState(tree));
}

TEST(VariationalMinimalGroup, RecreatedSolverContinuesBitwise) {
  const Model model = freeFloatingTree();
  test::expectRecreatedSolverContinuesBitwise(model, makeInitialState(model));
}

}  // namespace
}  // namespace articulab
