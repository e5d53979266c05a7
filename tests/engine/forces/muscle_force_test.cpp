// Muscles as force elements (sueda 1.9.4-1.9.5): tension, moment arms, K and D against finite
// differences, agreement between back-ends, the energy balance and activation in the State.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/inverse_dynamics.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/forces/muscle_curves.hpp"
#include "engine/forces/muscle_excitation.hpp"
#include "engine/forces/muscle_jacobians.hpp"
#include "engine/forces/muscle_tension.hpp"
#include "engine/forces/muscle_wrenches.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/recursive/spring_implicit_velocity.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/shared/test_solver_options.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

// Three 0.3 m links on revolutes about y, hanging along -z; a one-joint flexor with a via point,
// a two-joint muscle over a via point on the middle link and a muscle from a world point. (A
// segment must not pass through zero length: its direction, and so the force, would flip.)
std::string muscleRigText(const std::string& muscles, double gravity = -9.81) {
  std::string bodies, joints;
  for (int i = 0; i < 3; ++i) {
    const std::string name = "link" + std::to_string(i);
    bodies += std::string(i ? "," : "") + R"({"name": ")" + name +
              R"(", "mass": 1.5, "shape": {"type": "box", "size": [0.04, 0.04, 0.3]}})";
    joints += std::string(i ? "," : "") + R"({"name": "j)" + std::to_string(i) + R"(", "type": "revolute", "parent": ")" +
              (i ? "link" + std::to_string(i - 1) : std::string("world")) + R"(", "child": ")" + name +
              R"(", "axis": [0, 1, 0], "position": [0, 0, )" + (i ? "-0.15" : "0") +
              R"(], "child_position": [0, 0, 0.15], "q0": 0.4})";
  }
  return R"({"gravity": [0, 0, )" + std::to_string(gravity) + R"(], "bodies": [)" + bodies + R"(], "joints": [)" +
         joints + R"(], "muscles": [)" + muscles + "]}";
}

const char* kMuscleRigMuscles = R"(
  {"name": "flexor", "path": [{"body": "link0", "point": [0.03, 0, 0.05]}, {"body": "link0", "point": [0.03, 0, -0.1]},
                               {"body": "link1", "point": [0.025, 0, 0.08]}],
   "max_isometric_force": 300, "optimal_fiber_length": 0.12, "excitation": 0.6},
  {"name": "biarticular", "path": [{"body": "link0", "point": [-0.03, 0, 0.05]}, {"body": "link1", "point": [-0.03, 0, -0.05]},
                                    {"body": "link2", "point": [-0.02, 0, 0.05]}],
   "max_isometric_force": 200, "optimal_fiber_length": 0.12, "excitation": 0.3},
  {"name": "anchored", "path": [{"body": "world", "point": [0.2, 0, 0.1]}, {"body": "link1", "point": [0.02, 0, -0.1]}],
   "max_isometric_force": 150, "optimal_fiber_length": 0.1, "excitation": 0.8})";

Model muscleRig(double gravity = -9.81) { return loadSceneFromString(muscleRigText(kMuscleRigMuscles, gravity), "rig.json", {}); }

// Bodies given as a list of rigid motions (random poses for the derivative checks).
struct MuscleTestMotion {
  std::vector<RigidMotion> bodies;
  RigidMotion rigid(int i) const { return bodies[static_cast<std::size_t>(i)]; }
};

MuscleTestMotion randomMuscleMotion(int bodies) {
  MuscleTestMotion m;
  for (int i = 0; i < bodies; ++i) {
    const Matrix4 E = test::randomPose();
    m.bodies.push_back({E.topLeftCorner<3, 3>(), 0.2 * E.topRightCorner<3, 1>(), test::randomTwist(2.0)});
  }
  return m;
}

// The muscle's wrenches on its distinct bodies, stacked in muscleBodies order.
VectorX stackedMuscleWrench(const Muscle& muscle, const MuscleTestMotion& motion, double activation) {
  MusclePath path;
  musclePath(muscle, motion, path);
  std::vector<Vector6> wrench(motion.bodies.size(), Vector6::Zero());
  addMuscleWrenches(muscle, path, muscleTension(muscle, path.length, path.lengthRate, activation).force, wrench);
  MuscleJacobians bodies;
  std::array<int, kMaxMusclePathPoints> slot{};
  muscleBodies(muscle, bodies, slot);
  VectorX out(6 * bodies.bodyCount);
  for (int b = 0; b < bodies.bodyCount; ++b) out.segment<6>(6 * b) = wrench[bodies.bodies[b]];
  return out;
}

TEST(MuscleTension, IsometricForceAtOptimalFiberLength) {
  const Model model = muscleRig();
  const Muscle& m = model.muscles[0];
  const double length = m.tendonSlackLength + m.optimalFiberLength;  // l~ = 1
  const MuscleTension t = muscleTension(m, length, 0.0, 1.0);
  EXPECT_NEAR(t.force, m.maxIsometricForce * (1.0 + passiveForceLength(1.0).value), 1e-12 * m.maxIsometricForce);
  EXPECT_NEAR(t.lengthNormalized, 1.0, 1e-15);
}

TEST(MuscleTension, NeverPushes) {
  const Model model = muscleRig();
  for (int trial = 0; trial < 2000; ++trial) {
    const Muscle& m = model.muscles[trial % 3];
    const double length = m.tendonSlackLength + m.optimalFiberLength * test::uniform(-1.0, 3.0);
    const double rate = m.optimalFiberLength * m.maxContractionVelocity * test::uniform(-3.0, 3.0);
    EXPECT_GE(muscleTension(m, length, rate, test::uniform(0.0, 1.0)).force, 0.0);
  }
}

// The default tendon slack length puts the fibres at optimal length in the initial state.
TEST(MuscleTension, DefaultTendonSlackLengthGivesOptimalFibresAtTheStart) {
  const Model model = muscleRig();
  const State state = makeInitialState(model);
  MusclePath path;
  musclePath(model.muscles[0], PoseListMotion{state.E_0i, state.phi}, path);
  EXPECT_NEAR(muscleTension(model.muscles[0], path.length, 0.0, 1.0).lengthNormalized, 1.0, 1e-12);
}

// r(theta) = -dl_MT/dtheta by finite differences equals the generalised force over the tension
// (OpenSim's moment-arm check), for every joint each muscle crosses.
TEST(MuscleMomentArm, IsMinusTheLengthDerivative) {
  const Model model = muscleRig(0.0);
  TreeKinematics kin(model);
  InverseDynamicsWorkspace ws(model);
  const VectorX zero = VectorX::Zero(model.nq);
  const auto pathAt = [&](const VectorX& q, const Muscle& muscle) {
    computeKinematics(model, q, zero, kin);
    MusclePath path;
    musclePath(muscle, TreeMotion{kin}, path);
    return path;
  };
  for (int trial = 0; trial < 5; ++trial) {
    const VectorX q = model.q0 + test::randomVector(model.nq, 0.3);
    for (std::size_t m = 0; m < model.muscles.size(); ++m) {
      Model one = model;
      one.muscles = {model.muscles[m]};
      const VectorX activations = VectorX::Constant(1, 0.7);
      const Perturbation none;
      computeKinematics(one, q, zero, kin);
      VectorX f(model.nq);
      generalizedForce(one, kin, q, zero, ForceInputs{none, activations}, ws, f);
      const MusclePath path = pathAt(q, one.muscles[0]);
      const double tension = muscleTension(one.muscles[0], path.length, 0.0, 0.7).force;
      ASSERT_GT(tension, 1.0) << one.muscles[0].name;
      for (int j = 0; j < model.nq; ++j) {
        const double eps = 1e-6;
        VectorX plus = q, minus = q;
        plus[j] += eps;
        minus[j] -= eps;
        const double momentArm = -(pathAt(plus, one.muscles[0]).length - pathAt(minus, one.muscles[0]).length) / (2 * eps);
        EXPECT_NEAR(f[j] / tension, momentArm, 1e-6) << one.muscles[0].name << " joint " << j;
      }
    }
  }
}

// K = -dw/d(delta), D = -dw/d(phi) at random states, for one- and multi-point paths and a world point.
TEST(MuscleJacobians, MatchFiniteDifferencesOfTheWrenches) {
  const Model model = muscleRig();
  const double eps = 1e-6;
  for (int trial = 0; trial < 4; ++trial) {
    for (const Muscle& muscle : model.muscles) {
      const MuscleTestMotion motion = randomMuscleMotion(model.bodyCount());
      const double activation = trial % 2 ? 1.0 : 0.35;
      MusclePath path;
      musclePath(muscle, motion, path);
      MuscleJacobians exact;
      muscleJacobians(muscle, path, activation, exact);
      const int n = 6 * exact.bodyCount;
      MatrixX K(n, n), D(n, n);
      for (int c = 0; c < n; ++c) {
        const int body = exact.bodies[c / 6], k = c % 6;
        const auto varied = [&](double s, bool pose) {
          MuscleTestMotion m = motion;
          RigidMotion& r = m.bodies[body];
          if (pose) {
            Vector6 delta = Vector6::Zero();
            delta[k] = s;
            const Matrix4 E = se3::exp(delta);
            r.p += r.R * E.topRightCorner<3, 1>();
            r.R = r.R * E.topLeftCorner<3, 3>();
          } else {
            r.phi[k] += s;
          }
          return stackedMuscleWrench(muscle, m, activation);
        };
        K.col(c) = -(varied(eps, true) - varied(-eps, true)) / (2 * eps);
        D.col(c) = -(varied(eps, false) - varied(-eps, false)) / (2 * eps);
      }
      EXPECT_LT((exact.K - K).norm(), 1e-5 * (1 + K.norm())) << muscle.name;
      EXPECT_LT((exact.D - D).norm(), 1e-5 * (1 + D.norm())) << muscle.name;
    }
  }
}

TEST(MuscleJacobians, ImplicitOnesAreSymmetricPositiveSemidefinite) {
  const Model model = muscleRig();
  for (const Muscle& muscle : model.muscles) {
    const MuscleTestMotion motion = randomMuscleMotion(model.bodyCount());
    MusclePath path;
    musclePath(muscle, motion, path);
    MuscleJacobians j;
    implicitMuscleJacobians(muscle, path, 0.8, j);
    for (const MuscleMatrix* M : {&j.K, &j.D}) {
      EXPECT_LT((*M - M->transpose()).norm(), 1e-12 * (1 + M->norm())) << muscle.name;
      const MatrixX symmetric = *M;
      const Eigen::SelfAdjointEigenSolver<MatrixX> eigen(symmetric);
      EXPECT_GE(eigen.eigenvalues().minCoeff(), -1e-9 * (1 + M->norm())) << muscle.name;
    }
  }
}

TEST(MuscleScenes, EveryBackEndGivesTheSameAccelerations) {
  Model model = muscleRig();
  for (int trial = 0; trial < 3; ++trial) {
    model.q0 = test::randomVector(model.nq, 0.5);
    model.qd0 = test::randomVector(model.nq, 2.0);
    State state = makeInitialState(model);
    for (Eigen::Index m = 0; m < state.activations.size(); ++m) state.activations[m] = test::uniform(0.0, 1.0);
    VectorX reference(model.nq), qdd(model.nq);
    findBackend("redmax")->create(model, SolverOptions{})->forwardDynamics(model, state, reference);
    int compared = 0;
    for (const BackendInfo& backend : backends()) {
      if (!backend.supports(model).ok) continue;
      backend.create(model, SolverOptions{})->forwardDynamics(model, state, qdd);
      EXPECT_LT(test::relativeError(qdd, reference), 1e-8) << backend.name;
      ++compared;
    }
    EXPECT_GE(compared, 4);
  }
}

// The shipped rigs at their initial poses with random velocities and activations: every back-end
// that runs a rig gives RedMax's accelerations (the leg's foot lifted off the ground).
TEST(MuscleScenes, EveryBackEndGivesTheSameAccelerationsOnTheRigs) {
  for (const char* file : {"arm_flexors.json", "leg.json", "muscle_snake.json", "muscle_four_bar.json"}) {
    Model model = loadScene(test::kScenes + file);
    model.groundContact = false;
    for (int trial = 0; trial < 3; ++trial) {
      model.qd0 = test::randomVector(model.nq, 0.5);
      State state = makeInitialState(model);
      for (Eigen::Index m = 0; m < state.activations.size(); ++m) state.activations[m] = test::uniform(0.0, 1.0);
      VectorX reference(model.nq), qdd(model.nq);
      findBackend("redmax")->create(model, SolverOptions{})->forwardDynamics(model, state, reference);
      for (const BackendInfo& backend : backends()) {
        if (!backend.supports(model).ok) continue;
        backend.create(model, SolverOptions{})->forwardDynamics(model, state, qdd);
        EXPECT_LT(test::relativeError(qdd, reference), 1e-8) << file << " " << backend.name;
      }
    }
  }
}

// With the activations held (constant excitations at their initial values), the mechanical
// energy changes by the work of the muscles: E(t) - E(0) = integral of the muscle power.
TEST(MuscleScenes, EnergyChangeEqualsTheMusclesWork) {
  const Model model = muscleRig();
  auto solver = findBackend("recursive")->create(model, test::sceneOptions("recursive", model, Integrator::RK4));
  State state = makeInitialState(model);
  const double h = 1e-4;
  EnergyReport previous = computeEnergy(model, state);
  const double e0 = previous.total();
  double work = 0.0, scale = std::abs(e0), worst = 0.0;
  for (int step = 0; step < 5000; ++step) {
    ASSERT_TRUE(solver->step(model, state, h).ok);
    const EnergyReport now = computeEnergy(model, state);
    work += 0.5 * h * (previous.musclePower + now.musclePower);
    scale = std::max({scale, std::abs(work), std::abs(now.total())});
    worst = std::max(worst, std::abs(now.total() - e0 - work));
    previous = now;
  }
  EXPECT_GT(std::abs(work), 0.1) << "the muscles should do visible work";
  EXPECT_LT(worst, 1e-6 * scale) << "largest |E - E0 - W| " << worst << " J, scale " << scale << " J";
}

// A step of the excitation from 0 to 1: a(t) = 1 - exp(-t / tau_act), whatever the back-end.
TEST(MuscleScenes, ActivationFollowsTheClosedFormStepResponse) {
  Model model = muscleRig();
  for (Muscle& m : model.muscles) {
    m.excitation = constantExcitation(1.0);
    m.initialActivation = 0.0;
  }
  for (const char* backend : {"recursive", "baraff", "variational-minimal"}) {
    auto solver = findBackend(backend)->create(model, SolverOptions{});
    State state = makeInitialState(model);
    for (int step = 0; step < 30; ++step) ASSERT_TRUE(solver->step(model, state, 1e-3).ok) << backend;
    const double tau = model.muscles[0].activationTimes.activation;
    EXPECT_NEAR(state.activations[0], 1.0 - std::exp(-state.t / tau), 1e-12) << backend;
  }
}

// The recursive implicit-springs step (muscle blocks coupled by Woodbury or densely) solves the
// same system as RedMax's dense one.
TEST(MuscleScenes, RecursiveSpringImplicitStepEqualsTheDenseSolve) {
  Model model = muscleRig();
  model.qd0 = test::randomVector(model.nq, 1.0);
  const State start = makeInitialState(model);
  State dense = start, recursive = start;
  const double h = 5e-3;
  const SolverOptions options = test::sceneOptions("redmax", model, Integrator::SpringImplicitEuler);
  ASSERT_TRUE(findBackend("redmax")->create(model, options)->step(model, dense, h).ok);
  ASSERT_TRUE(findBackend("recursive")->create(model, options)->step(model, recursive, h).ok);
  EXPECT_LT(test::relativeError(recursive.qd, dense.qd), 1e-10);
}

// The same on the shipped tree rigs with random velocities. The snake's muscles each cross one
// joint, so all of them fold into the elimination (spring_implicit_velocity.hpp) and nothing is
// left to the dense or Woodbury coupling: the step is one O(n + m) pass.
TEST(MuscleScenes, RecursiveSpringImplicitStepOnTheRigsEqualsTheDenseSolve) {
  for (const char* file : {"arm_flexors.json", "leg.json", "muscle_snake.json"}) {
    SCOPED_TRACE(file);
    Model model = loadScene(test::kScenes + file, {});
    model.groundContact = false;  // the leg's foot: the velocity solve alone (recursive_contact_test.cpp has contact)
    model.qd0 = test::randomVector(model.nq, 1.0);
    State start = makeInitialState(model);
    for (double& a : start.activations) a = 0.8;
    State dense = start, recursive = start;
    const SolverOptions options = test::sceneOptions("redmax", model, Integrator::SpringImplicitEuler);
    ASSERT_TRUE(findBackend("redmax")->create(model, options)->step(model, dense, 5e-3).ok);
    ASSERT_TRUE(findBackend("recursive")->create(model, options)->step(model, recursive, 5e-3).ok);
    EXPECT_LT(test::relativeError(recursive.qd, dense.qd), 1e-10);
  }
  EXPECT_TRUE(SpringImplicitWorkspace(loadScene(test::kScenes + "muscle_snake.json", {})).coupling.pairs.empty());
}

std::string muscleLoadError(const std::string& muscle) {
  try {
    loadSceneFromString(muscleRigText(muscle), "m.json", {});
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

TEST(MuscleScenes, LoaderNamesTheFieldOfABadMuscle) {
  const std::string path = R"("path": [{"body": "link0", "point": [0.03, 0, 0]}, {"body": "link1", "point": [0.03, 0, 0]}])";
  const auto muscle = [&](const std::string& fields) {
    return R"({"name": "m", )" + fields + "}";
  };
  const std::string good = R"("max_isometric_force": 100, "optimal_fiber_length": 0.1, "tendon_slack_length": 0.05)";
  EXPECT_EQ(muscleLoadError(muscle(path + ", " + good)), "");
  EXPECT_NE(muscleLoadError(muscle(R"("path": [{"body": "bone", "point": [0, 0, 0]}, {"body": "link1"}], )" + good))
                .find("bone"),
            std::string::npos);
  const std::string noForce = R"("max_isometric_force": 0, "optimal_fiber_length": 0.1)";
  EXPECT_NE(muscleLoadError(muscle(path + ", " + noForce)).find("max_isometric_force"), std::string::npos);
  const std::string noLength = R"("max_isometric_force": 100, "optimal_fiber_length": -0.1)";
  EXPECT_NE(muscleLoadError(muscle(path + ", " + noLength)).find("optimal_fiber_length"), std::string::npos);
  EXPECT_NE(muscleLoadError(muscle(path + ", " + good + R"(, "excitation": 1.5)")).find("excitation"), std::string::npos);
  EXPECT_NE(muscleLoadError(muscle(R"("path": [{"body": "link0"}], )" + good)).find("path"), std::string::npos);
  EXPECT_NE(muscleLoadError(muscle(path + ", " + good + R"(, "excitation": [[0, 0.2], [0, 0.4]])")).find("increase"),
            std::string::npos);
}

}  // namespace
}  // namespace articulab
