// Oracles shared by the variational-minimal tests.
#pragma once

#include <gtest/gtest.h>

#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/solver_settings.hpp"
#include "test_util.hpp"

namespace articulab::test {

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
  assignSetting(options.settings, "variational-minimal", "newton-tolerance", 1e-14);
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

}  // namespace articulab::test
