// Rotor inertia (Joint::armature, M_r + diag(armature)) on every back-end: the reduced back-ends'
// forward dynamics against (M + A)^-1 f with M and f of the same arm without armature by inverse
// dynamics (RNEA), energy conservation with the rotors' kinetic energy counted, the maximal
// back-ends' refusals, and the scene round trip; baraff's trajectory, energy and refusals in
// ArmatureBaraff.*. MuJoCo's accelerations of an MJCF model with armature:
// tests/engine/io/import/import_test.cpp.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <memory>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/inverse_dynamics.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/model_difference.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/io/scene_writer.hpp"
#include "engine/run/run.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

// Two links on hinges about y and a slider on a spring along the second link's x, every joint
// with a rotor; moving at the start, so that the rotors carry kinetic energy.
const char* const kRotorArm = R"({
  "name": "rotor arm",
  "gravity": [0, 0, -9.81],
  "simulation": {"backend": "redmax", "dt": 0.001, "duration": 2},
  "bodies": [
    {"name": "upper", "mass": 1.0, "shape": {"type": "box", "size": [0.02, 0.02, 0.1]}},
    {"name": "lower", "mass": 0.8, "shape": {"type": "box", "size": [0.02, 0.02, 0.1]}},
    {"name": "slider", "mass": 0.3, "shape": {"type": "box", "size": [0.04, 0.03, 0.03]}}
  ],
  "joints": [
    {"name": "shoulder", "type": "revolute", "parent": "world", "child": "upper", "axis": [0, 1, 0],
     "child_position": [0, 0, -0.05], "q0": 0.4, "qd0": 1.5, "armature": 0.02},
    {"name": "elbow", "type": "revolute", "parent": "upper", "child": "lower", "axis": [0, 1, 0],
     "position": [0, 0, -0.05], "child_position": [0, 0, -0.05], "q0": -0.3, "qd0": -2.0, "armature": 0.01},
    {"name": "slide", "type": "prismatic", "parent": "lower", "child": "slider", "axis": [1, 0, 0],
     "position": [0, 0, -0.05], "q0": 0.02, "qd0": 0.3, "stiffness": 50, "armature": 0.4}
  ]
})";

Model rotorArm() { return loadSceneFromString(kRotorArm, "rotor_arm.json"); }

Model withoutArmature(Model model) {
  for (Joint& joint : model.joints) joint.armature = 0.0;
  return model;
}

// M(q) by inverse dynamics: column j = ID(e_j) - ID(0) at (q, qd).
MatrixX massMatrixByInverseDynamics(const Model& model, const VectorX& q, const VectorX& qd, VectorX& bias) {
  TreeKinematics kin(model);
  computeKinematics(model, q, qd, kin);
  InverseDynamicsWorkspace ws(model);
  VectorX zero = VectorX::Zero(model.nq), column(model.nq);
  bias.resize(model.nq);  // inverseDynamics writes into a sized vector
  inverseDynamics(model, kin, zero, passiveInputs(), ws, bias);
  MatrixX M(model.nq, model.nq);
  for (int j = 0; j < model.nq; ++j) {
    VectorX unit = VectorX::Unit(model.nq, j);
    inverseDynamics(model, kin, unit, passiveInputs(), ws, column);
    M.col(j) = column - bias;
  }
  return M;
}

std::unique_ptr<Run> startRun(const std::shared_ptr<const Model>& model, const std::string& backend, const VectorX& q,
                              const VectorX& qd) {
  RunRequest request;
  request.backend = backend;
  request.q0.assign(q.data(), q.data() + q.size());
  request.qd0.assign(qd.data(), qd.data() + qd.size());
  return std::make_unique<Run>(model, request);
}

// The inverse dynamics of the model with armature is that of the bare model plus armature qddot;
// every back-end that declares armature computes qddot = (M + A)^-1 f at random states, f the
// bare model's -RNEA(q, qd, 0) and the slider's spring.
TEST(Armature, ForwardDynamicsSolvesTheMassMatrixPlusTheRotorInertia) {
  const auto model = std::make_shared<const Model>(rotorArm());
  const Model bare = withoutArmature(*model);
  VectorX armature(model->nq);
  for (const Joint& joint : model->joints) armature.segment(joint.qIndex, joint.nq).setConstant(joint.armature);
  int ran = 0;
  for (int trial = 0; trial < 3; ++trial) {
    const VectorX q = test::randomVector(model->nq, 0.8), qd = test::randomVector(model->nq, 2.0);
    VectorX bias, biasWith;
    const MatrixX M = massMatrixByInverseDynamics(bare, q, qd, bias);
    const MatrixX MWith = massMatrixByInverseDynamics(*model, q, qd, biasWith);
    EXPECT_LT((MWith - M - MatrixX(armature.asDiagonal())).norm(), 1e-12 * M.norm());
    EXPECT_LT((biasWith - bias).norm(), 1e-12 * bias.norm());
    VectorX f = -bias;
    f[2] -= model->joints[2].stiffness * q[2];
    const VectorX expected = (M + MatrixX(armature.asDiagonal())).lu().solve(f);
    const VectorX bareQdd = M.lu().solve(f);
    ASSERT_GT((expected - bareQdd).norm(), 0.1 * expected.norm());  // the rotors matter here
    for (const BackendInfo& backend : backends()) {
      if (!backend.capabilities.armature) continue;
      SCOPED_TRACE(backend.name);
      const auto run = startRun(model, backend.name, q, qd);
      const VectorX qdd = run->forwardDynamics();
      EXPECT_LT((qdd - expected).norm(), 1e-9 * expected.norm()) << "\nours     " << qdd.transpose()
                                                                 << "\nexpected " << expected.transpose();
      ++ran;
    }
  }
  EXPECT_EQ(ran, 3 * 5);  // every back-end
}

// 2 s of the moving arm: the total energy, rotors included, stays within 0.1 % of the scene's
// energy scale max(|E0|, K0) on the back-ends' conservative steps, while the rotors hold most of
// the initial kinetic energy (a diagnostic without them would be off by far more).
TEST(Armature, EnergyWithTheRotorsIsConserved) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = rotorArm();
  const State start = makeInitialState(model);
  double rotor = 0.0;
  for (const Joint& joint : model.joints)
    rotor += 0.5 * joint.armature * start.qd.segment(joint.qIndex, joint.nq).squaredNorm();
  const EnergyReport e0 = computeEnergy(model, start);
  ASSERT_GT(rotor, 0.3 * e0.kinetic);
  const struct {
    const char* backend;
    Integrator integrator;
  } runs[] = {{"redmax", Integrator::RK4},
              {"recursive", Integrator::RK4},
              {"variational-minimal", Integrator("variational-midpoint")}};
  for (const auto& r : runs) {
    SCOPED_TRACE(r.backend);
    SolverOptions options;
    options.integrator = r.integrator;
    const test::WatchedRun run = test::watchedRunFromStart(model, r.backend, options, 2.0, 2000);
    const double scale = std::max(std::abs(e0.total()), e0.kinetic);
    EXPECT_LT(run.energyBand, 1e-3 * scale) << "largest |E - E0| " << run.energyBand << " J of " << scale << " J";
  }
}

// Every back-end runs the rotor arm (a back-end without the capability would refuse it, naming the
// joint and the back-ends that have armature); variational-minimal refuses armature on a joint
// stepped in its group chart.
TEST(Armature, BackEndsWithoutItRefuseTheScene) {
  const Model model = rotorArm();
  for (const BackendInfo& backend : backends()) {
    SCOPED_TRACE(backend.name);
    const SolverSupport support = backend.supports(model);
    EXPECT_EQ(support.ok, backend.capabilities.armature) << support.reason;
    if (!backend.capabilities.armature) {
      EXPECT_EQ(support.reason, backend.name + " does not simulate rotor inertia (joint 'shoulder' has armature = " +
                                    std::to_string(0.02) +
                                    "); back-ends with armature: redmax, recursive, baraff, variational-maximal, "
                                    "variational-minimal");
    }
  }
  std::string text = kRotorArm;
  const std::string shoulder = R"("type": "revolute", "parent": "world", "child": "upper", "axis": [0, 1, 0],
     "child_position": [0, 0, -0.05], "q0": 0.4, "qd0": 1.5,)";
  ASSERT_NE(text.find(shoulder), std::string::npos);
  text.replace(text.find(shoulder), shoulder.size(),
               R"("type": "spherical_exp", "parent": "world", "child": "upper", "child_position": [0, 0, -0.05],)");
  const Model ball = loadSceneFromString(text, "rotor_ball.json");
  const SolverSupport minimal = findBackend("variational-minimal")->supports(ball);
  EXPECT_FALSE(minimal.ok);
  EXPECT_NE(minimal.reason.find("joint 'shoulder' has armature on a spherical_exp joint"), std::string::npos)
      << minimal.reason;
  EXPECT_TRUE(findBackend("redmax")->supports(ball).ok);
}

// save-scene writes "armature" and the scene loads back as the same model.
TEST(Armature, SceneRoundTripKeepsIt) {
  const Model model = rotorArm();
  const WrittenScene written = writeScene(model);
  ASSERT_EQ(written.error, "");
  EXPECT_NE(written.text.find("\"armature\": 0.4"), std::string::npos) << written.text;
  const Model reloaded = loadSceneFromString(written.text, "rotor_arm.json");
  EXPECT_EQ(modelDifference(model, reloaded), "");
  Model other = reloaded;
  other.joints[1].armature = 0.02;
  EXPECT_NE(modelDifference(model, other).find("armature"), std::string::npos);
}

// baraff carries the rotors as nodes of the joint tree (engine/solvers/baraff/block_tree_ldlt.hpp):
// its 1 s trajectory with rk4 is redmax's, and with semi-implicit it stays far nearer to redmax
// with the rotors than to the arm without them.
TEST(ArmatureBaraff, TrajectoryFollowsRedmaxOverASecond) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = rotorArm();
  SolverOptions rk4;
  rk4.integrator = Integrator::RK4;
  const State reference = test::stepFromStart(model, "redmax", rk4, 1.0, 1000);
  const State bare = test::stepFromStart(withoutArmature(model), "redmax", rk4, 1.0, 1000);
  const State ours = test::stepFromStart(model, "baraff", rk4, 1.0, 1000);
  EXPECT_LT(test::relativeError(ours.q, reference.q), 1e-7);
  EXPECT_LT(test::relativeError(ours.qd, reference.qd), 1e-7);
  const double rotorEffect = test::relativeError(bare.qd, reference.qd);
  ASSERT_GT(rotorEffect, 0.1);
  SolverOptions euler;
  euler.integrator = Integrator::SemiImplicitEuler;
  const State semiImplicit = test::stepFromStart(model, "baraff", euler, 1.0, 1000);
  EXPECT_LT(test::relativeError(semiImplicit.q, reference.q), 1e-2 * rotorEffect);
  EXPECT_LT(test::relativeError(semiImplicit.qd, reference.qd), 1e-2 * rotorEffect);
}

// 2 s of the moving arm on baraff with rk4: the total energy, rotors included (State::qd that
// baraff recovers from the twists), within 0.1 % of max(|E0|, K0) as on the reduced back-ends.
TEST(ArmatureBaraff, EnergyWithTheRotorsIsConservedByRk4) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model model = rotorArm();
  const EnergyReport e0 = computeEnergy(model, makeInitialState(model));
  SolverOptions options;
  options.integrator = Integrator::RK4;
  const test::WatchedRun run = test::watchedRunFromStart(model, "baraff", options, 2.0, 2000);
  const double scale = std::max(std::abs(e0.total()), e0.kinetic);
  EXPECT_LT(run.energyBand, 1e-3 * scale) << "largest |E - E0| " << run.energyBand << " J of " << scale << " J";
}

// baraff refuses armature where it has no rotor node (a joint without a single free direction,
// named with its type) and under semi-implicit-rattle.
TEST(ArmatureBaraff, RefusesRotorsItDoesNotCarry) {
  Model universal = rotorArm();
  universal.joints[1].type = JointType::Universal;
  universal.joints[1].parts = defaultParts(JointType::Universal, Vector3::UnitY());
  ASSERT_EQ(finalizeModel(universal), "");
  const SolverSupport refused = findBackend("baraff")->supports(universal);
  EXPECT_FALSE(refused.ok);
  EXPECT_EQ(refused.reason,
            "joint 'elbow' has armature on a universal joint: baraff carries armature on revolute and "
            "prismatic joints only");
  const SolverSupport support = findBackend("baraff")->supports(rotorArm(), Integrator("semi-implicit-rattle"));
  EXPECT_FALSE(support.ok);
  EXPECT_NE(support.reason.find("joint 'shoulder' has armature"), std::string::npos) << support.reason;
  EXPECT_NE(support.reason.find("available: semi-implicit, rk4"), std::string::npos) << support.reason;
}

}  // namespace
}  // namespace articulab
