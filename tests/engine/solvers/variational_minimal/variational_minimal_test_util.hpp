// Oracles shared by the variational-minimal tests.
#pragma once

#include <gtest/gtest.h>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/variational_minimal/discrete_rnea.hpp"
#include "engine/io/scene_loader.hpp"
#include "tests/shared/test_solver_options.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab::test {

// Appends body `index` of `donor` and its joint to `model`, hanging from body `parent`.
inline void graftJoint(Model& model, VectorX& q0, const Model& donor, int index, int parent) {
  Body body = donor.bodies[index];
  Joint joint = donor.joints[index];
  joint.name = "grafted_" + joint.name;
  joint.parent = parent;
  joint.child = model.bodyCount();
  joint.damping = 0.0;
  model.bodies.push_back(body);
  model.joints.push_back(joint);
  q0.conservativeResize(q0.size() + joint.nq);
  q0.tail(joint.nq) = donor.q0.segment(donor.joints[index].qIndex, joint.nq);
}

// test::mixedTree() (every primitive joint type, composite, free2d, free3d) without its damper,
// with a torus-torus surface_surface joint, a Bezier curve_point joint and a spline_surface joint
// grafted on: every joint type of the engine, general joints included. Conservative.
inline Model everyJointTree() {
  Model model = mixedTree();
  model.joints[0].damping = 0.0;
  VectorX q0 = VectorX::Constant(model.nq, 0.2);
  const Model torus = loadScene(kScenes + "torus_chain_10.json");
  graftJoint(model, q0, torus, 1, 2);
  const Model bezier = loadScene(kScenes + "bezier_torus_chain.json");
  graftJoint(model, q0, bezier, 0, 4);
  const Model spline = loadScene(kScenes + "spline_surface_demo.json");
  graftJoint(model, q0, spline, 0, 6);
  EXPECT_EQ(finalizeModel(model), "");
  model.q0 = q0;
  return model;
}

// The first step of `model` at h = 10 ms with one Newton iteration to a tolerance of 1e-15 and
// no RIQN: a step that cannot converge, for the tests of its message.
inline StepStatus starvedFirstStep(const Model& model) {
  SolverOptions options;
  options = test::withSetting(options, "variational-minimal", "newton-iterations", 1);
  options = test::withSetting(options, "variational-minimal", "newton-tolerance", 1e-15);
  options = test::withSetting(options, "variational-minimal", "riqn-iterations", 0);
  auto solver = findBackend("variational-minimal")->create(model, options);
  State state = makeInitialState(model);
  return solver->step(model, state, 1e-2);
}

// L_d(q0, q1) = h (T - V)(q_m, v), q_m = (q0 + q1) / 2, v = (q1 - q0) / h, with T and V from the
// engine's energy diagnostic (independent of DRNEA).
inline double midpointDiscreteLagrangian(const Model& model, const VectorX& q0, const VectorX& q1, double h) {
  State state = makeInitialState(model);
  state.q = 0.5 * (q0 + q1);
  state.qd = (q1 - q0) / h;
  TreeKinematics kin(model);
  computeKinematics(model, state.q, state.qd, kin);
  copyWorldMotion(kin, state.E_0i, state.phi);
  const EnergyReport energy = computeEnergy(model, state);
  return h * (energy.kinetic - energy.potential);
}

// One step of h = 1e-6 s from `state`: (qd_1 - qd_0) / h equals the recursive back-end's forward
// dynamics to 1e-5 relative, averaged over the step's two ends: (qd_1 - qd_0) / h is the step's
// mean acceleration to O(h^2), while against the start alone it is off by (h/2) qddd, which on
// the windmill (joint dampers on light bodies: rates of some 500 1/s) is 1e-4 relative.
inline void expectRecursiveAccelerations(const Model& model, State state) {
  SolverOptions options;
  options = test::withSetting(options, "variational-minimal", "newton-tolerance", 1e-14);
  auto minimal = findBackend("variational-minimal")->create(model, options);
  auto recursive = findBackend("recursive")->create(model, SolverOptions{});
  VectorX oracle = VectorX::Zero(model.nq), atEnd = VectorX::Zero(model.nq);
  recursive->forwardDynamics(model, state, oracle);
  ASSERT_TRUE(minimal->step(model, state, 1e-6).ok) << model.name;
  recursive->forwardDynamics(model, state, atEnd);
  oracle = 0.5 * (oracle + atEnd);
  EXPECT_LT((state.qdd - oracle).norm(), 1e-5 * oracle.norm()) << model.name;
}

// The same from the model's initial state with random extra joint rates.
inline void expectRecursiveAccelerations(const Model& model) {
  State state = makeInitialState(model);
  state.qd += randomVector(model.nq, 0.5);
  expectRecursiveAccelerations(model, state);
}

// D2 L_d(q0, q1) + D1 L_d(q1, q2) from DRNEA (p + g at the first step, g - p at the second)
// against central differences of L_d(q0, q1) + L_d(q1, q2) in q1, at `trials` random triples
// q0 = centre + U(-spread, spread), q1 - q0 and q2 - q1 from U(-stride, stride).
inline void expectDrneaIsTheActionGradient(const Model& model, const VectorX& centre, double spread, double stride,
                                           int trials) {
  const double h = 0.01, epsilon = 1e-6;
  const auto action = [&](const VectorX& a, const VectorX& b) { return midpointDiscreteLagrangian(model, a, b, h); };
  variational_minimal::DrneaWorkspace ws(model);
  for (int trial = 0; trial < trials; ++trial) {
    const VectorX q0 = centre + randomVector(model.nq, spread), q1 = q0 + randomVector(model.nq, stride),
                  q2 = q1 + randomVector(model.nq, stride);
    VectorX p(model.nq), g(model.nq), pNext(model.nq), gNext(model.nq);
    variational_minimal::discreteMomenta(model, q0, (q1 - q0) / h, h, passiveInputs(), ws, p, g);
    variational_minimal::discreteMomenta(model, q1, (q2 - q1) / h, h, passiveInputs(), ws, pNext, gNext);
    const VectorX del = (p + g) + (gNext - pNext);
    VectorX oracle(model.nq);
    for (int j = 0; j < model.nq; ++j) {
      VectorX plus = q1, minus = q1;
      plus[j] += epsilon;
      minus[j] -= epsilon;
      oracle[j] = (action(q0, plus) + action(plus, q2) - action(q0, minus) - action(minus, q2)) / (2.0 * epsilon);
    }
    EXPECT_LT((del - oracle).norm(), 1e-6 * std::max(1.0, oracle.norm()))
        << model.name << "\n" << del.transpose() << "\n" << oracle.transpose();
  }
}

// 100 steps of 1 ms with one solver, and with a new solver every step, end bitwise equal: the
// integrator's history is in the State.
inline void expectRecreatedSolverContinuesBitwise(const Model& model, const State& start) {
  State kept = start, fresh = start;
  auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
  for (int k = 0; k < 100; ++k) {
    ASSERT_TRUE(solver->step(model, kept, 1e-3).ok);
    ASSERT_TRUE(findBackend("variational-minimal")->create(model, SolverOptions{})->step(model, fresh, 1e-3).ok);
  }
  EXPECT_EQ(kept.q, fresh.q);
  EXPECT_EQ(kept.qd, fresh.qd);
}

}  // namespace articulab::test
