// variational-minimal on every joint with a coordinate parametrisation (multi-DOF, composite and
// the general scleronomic joints of the torus chains, the windmill and the Bezier and spline
// scenes): DRNEA against finite differences of the discrete action on a tree with every joint
// type, the accelerations of the recursive back-end in the limit h -> 0, and the energy of a
// torus chain over time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/variational_minimal/discrete_rnea.hpp"
#include "variational_minimal_test_util.hpp"

namespace articulab {
namespace {

using test::kScenes;

// DRNEA against the discrete action near the model's q0 (variational_minimal_test_util.hpp).
void expectDrneaIsTheActionGradient(const Model& model, int trials) {
  test::expectDrneaIsTheActionGradient(model, model.q0, 0.1, 0.02, trials);
}

TEST(VariationalMinimalJoints, DrneaMatchesTheDiscreteActionOnEveryJointType) {
  expectDrneaIsTheActionGradient(test::everyJointTree(), 4);
}

TEST(VariationalMinimalJoints, DrneaMatchesTheDiscreteActionOnTheShippedGeneralJointScenes) {
  for (const char* scene : {"torus_chain_10.json", "windmill.json", "bezier_torus_chain.json", "spline_curve_demo.json",
                            "spline_surface_demo.json"}) {
    Model model = loadScene(kScenes + scene);
    for (Joint& joint : model.joints) joint.damping = 0.0;
    expectDrneaIsTheActionGradient(model, 2);
  }
}

// DRNEA takes (dS/dq_c) v from the structure equation of the joint's body Jacobian,
// (dS/dq_c) v = Sdot(v) e_c - ad(S_c) S v (discrete_rnea.cpp); the oracle evaluates the joint
// once per column, Sdot with qdot = e_c being dS/dq_c. Every joint type and the general joints.
void expectStructureEquation(const Model& model, double& worst) {
  std::srand(7);
  JointKinematics atV, atUnit;
  for (const Joint& joint : model.joints) {
    if (joint.nq == 0) continue;
    const VectorX q = model.q0.segment(joint.qIndex, joint.nq) + 0.2 * VectorX::Random(joint.nq);
    const VectorX v = VectorX::Random(joint.nq);
    evaluateJoint(joint, q.data(), v.data(), atV);
    const Vector6 Sv = atV.S * v;
    for (int c = 0; c < joint.nq; ++c) {
      const VectorX unit = VectorX::Unit(joint.nq, c);
      evaluateJoint(joint, q.data(), unit.data(), atUnit);
      const Vector6 oracle = atUnit.Sdot * v;
      const Vector3 aw = atV.S.col(c).head<3>(), av = atV.S.col(c).tail<3>();
      Vector6 adSv;  // ad(S_c) S v
      adSv << aw.cross(Sv.head<3>()), aw.cross(Sv.tail<3>()) + av.cross(Sv.head<3>());
      const Vector6 identity = atV.Sdot.col(c) - adSv;
      const double error = (identity - oracle).norm() / std::max(1.0, oracle.norm());
      EXPECT_LT(error, 1e-12) << model.name << ", joint " << jointTypeName(joint) << ", column " << c;
      worst = std::max(worst, error);
    }
  }
}

TEST(VariationalMinimalJoints, StructureEquationGivesTheMotionSubspaceDerivative) {
  double worst = 0.0;
  expectStructureEquation(test::everyJointTree(), worst);
  for (const char* scene : {"torus_chain_10.json", "windmill.json", "bezier_torus_chain.json", "spline_curve_demo.json",
                            "spline_surface_demo.json"})
    expectStructureEquation(loadScene(kScenes + scene), worst);
  RecordProperty("worst_relative_error", test::sci(worst));
}

// One step of h = 1e-6 s reproduces the recursive accelerations (variational_minimal_test_util.hpp).
TEST(VariationalMinimalJoints, TinyStepGivesTheRecursiveAccelerations) {
  test::expectRecursiveAccelerations(loadScene(kScenes + "torus_chain_10.json"));
  test::expectRecursiveAccelerations(loadScene(kScenes + "windmill.json"));
}

// Largest |E - E0| per window of `window` steps of TC10 (torus_chain_10.json, conservative, 38
// DOF) at step h.
std::vector<double> torusChainEnergyBands(double h, int windows, int window) {
  const Model model = loadScene(kScenes + "torus_chain_10.json");
  auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
  State state = makeInitialState(model);
  const double E0 = computeEnergy(model, state).total();
  std::vector<double> bands(windows, 0.0);
  for (int k = 0; k < windows * window; ++k) {
    EXPECT_TRUE(solver->step(model, state, h).ok) << k;
    bands[k / window] = std::max(bands[k / window], std::abs(computeEnergy(model, state).total() - E0));
  }
  return bands;
}

// TC10 from rest under gravity at h = 1 ms and 0.5 ms for 1.5 s: the energy error is the
// variational integrator's band, O(h^2): halving h divides every 0.5 s window's largest |E - E0|
// by 4 (3.5 to 4.5; a drifting scheme or a biased solve would not scale so), and it stays below
// 1e-6 of E0 = 24.93 J (measured 3.1e-6, 4.4e-6 and 5.2e-6 J at 1 ms). Beyond about 1.5 s the
// chaotic runs at the two steps part, and the windows stop being comparable.
TEST(VariationalMinimalJoints, TorusChainEnergyStaysInABandWithoutDrift) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const std::vector<double> coarse = torusChainEnergyBands(1e-3, 3, 500), fine = torusChainEnergyBands(5e-4, 3, 1000);
  const Model model = loadScene(kScenes + "torus_chain_10.json");
  const double E0 = computeEnergy(model, makeInitialState(model)).total();
  for (std::size_t w = 0; w < coarse.size(); ++w) {
    std::printf("TC10 energy band %.1f-%.1f s: %.3e J at 1 ms, %.3e J at 0.5 ms, ratio %.2f\n", 0.5 * w, 0.5 * (w + 1),
                coarse[w], fine[w], coarse[w] / fine[w]);
    EXPECT_LT(coarse[w], 1e-6 * std::abs(E0));
    EXPECT_GT(coarse[w] / fine[w], 3.5);
    EXPECT_LT(coarse[w] / fine[w], 4.5);
  }
}

TEST(VariationalMinimalJoints, ShippedGeneralJointScenesAreSupported) {
  const BackendInfo* backend = findBackend("variational-minimal");
  for (const char* scene : {"torus_chain_10.json", "torus_chain_20.json", "windmill.json", "bezier_torus_chain.json",
                            "spline_curve_demo.json", "spline_surface_demo.json"}) {
    const SolverSupport support = backend->supports(loadScene(kScenes + scene));
    EXPECT_TRUE(support.ok) << scene << ": " << support.reason;
  }
}

}  // namespace
}  // namespace articulab
