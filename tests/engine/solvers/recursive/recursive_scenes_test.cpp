// Scene-level checks of the recursive back-end: the revolute chains RC20, RC50, RC100 are the
// standard chain and run on both reduced back-ends, and the scene field "driven" makes a joint
// keep its initial velocity (qddot = 0, hybrid dynamics, sueda Alg 9) while reporting the force
// that takes, which must be the inverse-dynamics force (M_r qddot - f_r at that joint).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "engine/algorithm/initial_state.hpp"
#include "engine/forces/applied_forces.hpp"
#include "engine/algorithm/inverse_dynamics.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/recursive/recursive_solver.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

using nlohmann::json;

const std::string kSceneDir = ARTICULAB_SOURCE_DIR "/scenes/";

double relativeDifference(const VectorX& a, const VectorX& b) { return (a - b).norm() / b.norm(); }

// Joint accelerations of a back-end at a state.
VectorX accelerations(const char* backend, const Model& model, const State& state) {
  VectorX qdd(model.nq);
  findBackend(backend)->create(model, SolverOptions{})->forwardDynamics(model, state, qdd);
  return qdd;
}

TEST(RecursiveScenes, RevoluteChainsAreTheStandardChainOnBothReducedBackEnds) {
  for (int n : {20, 50, 100}) {
    SCOPED_TRACE(n);
    const Model model = loadScene(kSceneDir + "rc" + std::to_string(n) + ".json");
    const Model standard = test::standardChain(n);
    ASSERT_EQ(model.nq, n);
    EXPECT_EQ(model.q0, standard.q0);
    EXPECT_EQ(model.gravity, standard.gravity);
    for (int i = 0; i < n; ++i) {
      EXPECT_TRUE(model.bodies[i].M.isApprox(standard.bodies[i].M, 1e-14)) << i;
      EXPECT_TRUE(model.joints[i].E_pj.isApprox(standard.joints[i].E_pj, 1e-14)) << i;
      EXPECT_TRUE(model.joints[i].E_jc.isApprox(standard.joints[i].E_jc, 1e-14)) << i;
      EXPECT_EQ(model.joints[i].parts[0].axis, Vector3::UnitY()) << i;
    }
    State state = makeInitialState(model);
    state.qd = test::randomVector(n, 2.0);
    EXPECT_LT(relativeDifference(accelerations("recursive", model, state), accelerations("redmax", model, state)),
              1e-9);
    for (const char* backend : {"recursive", "redmax"}) {
      EXPECT_TRUE(findBackend(backend)->supports(model).ok) << backend;
      State stepped = makeInitialState(model);
      auto solver = findBackend(backend)->create(model, test::sceneOptions(backend, model, model.defaults.integrator));
      for (int k = 0; k < 3; ++k) ASSERT_TRUE(solver->step(model, stepped, model.defaults.dt).ok) << backend;
    }
  }
}

// A double pendulum whose first joint is driven at 2 rad/s and carries a spring; the second
// joint swings freely under gravity.
json drivenPendulum() {
  json scene = json::parse(R"({
    "gravity": [0, 0, -9.81],
    "bodies": [
      {"name": "upper", "mass": 1.0, "shape": {"type": "box", "size": [0.02, 0.02, 0.1]}},
      {"name": "lower", "mass": 0.5, "shape": {"type": "box", "size": [0.02, 0.02, 0.1]}}
    ],
    "joints": [
      {"name": "motor", "type": "revolute", "parent": "world", "child": "upper", "axis": [0, 1, 0],
       "child_position": [0, 0, -0.05], "q0": 0.2, "qd0": 2.0, "stiffness": 3.0, "damping": 0.1, "driven": true},
      {"name": "elbow", "type": "revolute", "parent": "upper", "child": "lower", "axis": [1, 0, 1],
       "position": [0, 0, -0.05], "child_position": [0, 0, -0.05], "q0": 0.5, "stiffness": 0.5}
    ]
  })");
  return scene;
}

TEST(RecursiveScenes, DrivenFieldIsReadAndDefaultsToFree) {
  const Model model = loadSceneFromString(drivenPendulum().dump(), "driven.json");
  EXPECT_TRUE(model.joints[0].driven);
  EXPECT_FALSE(model.joints[1].driven);
  json chain = json::parse(R"({"chains": [{"name": "link", "count": 3, "parent": "world", "spacing": [0, 0, -0.1],
    "body": {"mass": 1, "shape": {"type": "sphere", "radius": 0.02}},
    "joint": {"type": "revolute", "axis": [0, 1, 0], "driven": true}}]})");
  for (const Joint& joint : loadSceneFromString(chain.dump(), "chain.json").joints) EXPECT_TRUE(joint.driven);
}

TEST(RecursiveScenes, DrivenFieldMustBeABoolean) {
  json scene = drivenPendulum();
  scene["joints"][1]["driven"] = 1;
  try {
    loadSceneFromString(scene.dump(), "driven.json");
    FAIL() << "expected a SceneError";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.file(), "driven.json");
    EXPECT_EQ(e.pointer(), "/joints/1/driven");
    EXPECT_EQ(e.message(), "expected true or false, got 1");
  }
}

// Under every integrator the driven joint moves at its initial velocity, q = q0 + qd0 t, while
// the free joint swings; the reported force is the inverse-dynamics force of the motion less
// the joint's own spring and damper, and the free joint needs exactly its passive force.
TEST(RecursiveScenes, DrivenJointKeepsItsVelocityAndReportsTheInverseDynamicsForce) {
  const Model model = loadSceneFromString(drivenPendulum().dump(), "driven.json");
  for (Integrator integrator : kIntegrators) {
    SCOPED_TRACE(integratorName(integrator));
    RecursiveSolver solver(model, SolverOptions{integrator});
    State state = makeInitialState(model);
    for (int k = 0; k < 300; ++k) ASSERT_TRUE(solver.step(model, state, 1e-3).ok);
    EXPECT_NEAR(state.qd[0], 2.0, 1e-12);
    EXPECT_NEAR(state.q[0], 0.2 + 2.0 * state.t, 1e-12);
    EXPECT_GT(std::abs(state.qd[1]), 1e-2);  // the free joint did move

    VectorX qdd(model.nq), drivenForce(model.nq);
    solver.hybridDynamics(model, state, qdd, drivenForce);
    EXPECT_EQ(qdd[0], 0.0);
    InverseDynamicsWorkspace id(model);
    TreeKinematics kin(model);
    computeKinematics(model, state.q, state.qd, kin);
    VectorX tau(model.nq), passive = VectorX::Zero(model.nq);
    inverseDynamics(model, kin, qdd, forceInputs(state), id, tau);
    addJointForces(model, state.q, state.qd, passive);
    EXPECT_NEAR(drivenForce[0], tau[0] - passive[0], 1e-12 * (1.0 + std::abs(tau[0])));
    EXPECT_NEAR(tau[1], passive[1], 1e-12 * (1.0 + std::abs(tau[1])));
    EXPECT_EQ(drivenForce[1], 0.0);
  }
}

// Back-ends without hybrid dynamics run the joint as free and say so.
TEST(RecursiveScenes, BackEndsWithoutHybridDynamicsWarnAboutDrivenJoints) {
  const Model model = loadSceneFromString(drivenPendulum().dump(), "driven.json");
  EXPECT_TRUE(findBackend("recursive")->supports(model).warnings.empty());
  for (const char* backend : {"redmax", "baraff"}) {
    const SolverSupport support = findBackend(backend)->supports(model);
    EXPECT_TRUE(support.ok) << backend;
    const auto mentions = [](const std::string& warning) { return warning.find("driven joint 'motor'") != std::string::npos; };
    EXPECT_EQ(std::count_if(support.warnings.begin(), support.warnings.end(), mentions), 1) << backend;
  }
}

// Every scene file that both reduced back-ends run: the same accelerations at the scene's
// initial configuration with random joint velocities (driven joints made free, since RedMax has
// no hybrid dynamics).
TEST(RecursiveScenes, EveryReducedSceneGivesRedMaxsAccelerations) {
  int compared = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kSceneDir)) {
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(entry.path().filename().string());
    Model model = loadScene(entry.path().string());
    if (!findBackend("recursive")->supports(model).ok || !findBackend("redmax")->supports(model).ok) continue;
    for (Joint& joint : model.joints) joint.driven = false;
    State state = makeInitialState(model);
    state.qd = test::randomVector(model.nq, 0.5);
    EXPECT_LT(relativeDifference(accelerations("recursive", model, state), accelerations("redmax", model, state)),
              1e-9);
    ++compared;
  }
  EXPECT_GE(compared, 17);  // every scene without loop closures
}

}  // namespace
}  // namespace articulab
