// Force elements (engine/forces/): wrenches against finite differences of the potential, K and D
// against finite differences of the wrenches, closed-form spring-mass period, the damper's work,
// agreement of every back-end, energy conservation, and the implicit step's low-rank coupling
// against RedMax's dense solve.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include <Eigen/Eigenvalues>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/forces/element_jacobians.hpp"
#include "engine/forces/force_drawing.hpp"
#include "engine/forces/force_energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/recursive/spring_implicit_velocity.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

const std::string kForceScenes = ARTICULAB_SOURCE_DIR "/scenes/";

RigidMotion randomRigidMotion() {
  const Matrix4 E = test::randomPose();
  return {E.topLeftCorner<3, 3>(), E.topRightCorner<3, 1>(), test::randomTwist(2.0)};
}

// E exp([delta]) with delta = eps e_k (k < 6): the variation of eq 1.34.
RigidMotion variedPose(const RigidMotion& m, int k, double eps) {
  Vector6 delta = Vector6::Zero();
  delta[k] = eps;
  const Matrix4 E = se3::exp(delta);
  RigidMotion out = m;
  out.R = m.R * E.topLeftCorner<3, 3>();
  out.p = m.p + m.R * E.topRightCorner<3, 1>();
  return out;
}

// The three element types, on two bodies (0, 1) or from the world.
std::vector<ForceElement> sampleElements(double damping) {
  std::vector<ForceElement> list;
  ForceElement push;
  push.type = ForceElementType::PointForce;
  push.b = {1, test::randomVector3(0.2)};
  push.force = test::randomVector3(5.0);
  list.push_back(push);
  for (ForceElementType type : {ForceElementType::LinearSpring, ForceElementType::SpringDamper}) {
    for (int worldEnd = 0; worldEnd < 2; ++worldEnd) {
      ForceElement spring;
      spring.type = type;
      spring.a = {worldEnd ? -1 : 0, test::randomVector3(0.3)};
      spring.b = {1, test::randomVector3(0.3)};
      spring.stiffness = 40.0;
      spring.damping = damping;
      spring.restLength = 0.7;
      list.push_back(spring);
    }
  }
  return list;
}

double potential(const ForceElement& e, const RigidMotion& a, const RigidMotion& b) {
  return elementWrenches(e, a, b).law.potential;
}

Eigen::Matrix<double, 12, 1> stackedWrench(const ForceElement& e, const RigidMotion& a, const RigidMotion& b) {
  const ElementWrenches w = elementWrenches(e, a, b);
  Eigen::Matrix<double, 12, 1> out;
  out << w.onA, w.onB;
  return out;
}

TEST(ForceElements, WrenchesAreMinusTheGradientOfThePotential) {
  const double eps = 1e-6;
  for (int trial = 0; trial < 5; ++trial) {
    for (const ForceElement& e : sampleElements(0.0)) {
      const RigidMotion a = randomRigidMotion(), b = randomRigidMotion();
      const Eigen::Matrix<double, 12, 1> w = stackedWrench(e, a, b);
      for (int k = 0; k < 12; ++k) {
        const bool onA = k < 6;
        if ((onA && (e.a.body < 0 || !isTwoPointElement(e))) || (!onA && e.b.body < 0)) continue;
        const auto vary = [&](double s) {
          return onA ? potential(e, variedPose(a, k, s), b) : potential(e, a, variedPose(b, k - 6, s));
        };
        const double gradient = (vary(eps) - vary(-eps)) / (2 * eps);
        EXPECT_NEAR(w[k], -gradient, 1e-6 * (1 + std::abs(gradient))) << forceElementTypeName(e.type) << " k " << k;
      }
    }
  }
}

TEST(ForceElements, StiffnessAndDampingMatchFiniteDifferencesOfTheWrenches) {
  const double eps = 1e-6;
  for (int trial = 0; trial < 5; ++trial) {
    for (const ForceElement& e : sampleElements(0.8)) {
      const RigidMotion a = randomRigidMotion(), b = randomRigidMotion();
      ElementJacobians jacobians;
      elementJacobians(e, a, b, jacobians);
      Matrix12 K = Matrix12::Zero(), D = Matrix12::Zero();
      for (int k = 0; k < 12; ++k) {
        const bool onA = k < 6;
        if ((onA && (e.a.body < 0 || !isTwoPointElement(e))) || (!onA && e.b.body < 0)) continue;
        const auto pose = [&](double s) {
          return onA ? stackedWrench(e, variedPose(a, k, s), b) : stackedWrench(e, a, variedPose(b, k - 6, s));
        };
        K.col(k) = -(pose(eps) - pose(-eps)) / (2 * eps);
        const auto twist = [&](double s) {
          RigidMotion a2 = a, b2 = b;
          (onA ? a2.phi[k] : b2.phi[k - 6]) += s;
          return stackedWrench(e, a2, b2);
        };
        D.col(k) = -(twist(eps) - twist(-eps)) / (2 * eps);
      }
      EXPECT_LT((jacobians.K - K).norm(), 1e-6 * (1 + K.norm())) << forceElementTypeName(e.type);
      EXPECT_LT((jacobians.D - D).norm(), 1e-6 * (1 + D.norm())) << forceElementTypeName(e.type);
    }
  }
}

TEST(ForceElements, ImplicitJacobiansAreSymmetricPositiveSemidefinite) {
  for (const ForceElement& e : sampleElements(0.8)) {
    ElementJacobians jacobians;
    implicitElementJacobians(e, randomRigidMotion(), randomRigidMotion(), jacobians);
    for (const Matrix12* M : {&jacobians.K, &jacobians.D}) {
      EXPECT_LT((*M - M->transpose()).norm(), 1e-12 * (1 + M->norm()));
      EXPECT_GT(Eigen::SelfAdjointEigenSolver<Matrix12>(*M).eigenvalues().minCoeff(), -1e-9 * (1 + M->norm()));
    }
  }
}

// Runs the scene on a back-end; calls sample(state) after every step.
template <class Sample>
void runForceScene(const Model& model, const std::string& backend, Integrator integrator, double h, double duration,
         Sample&& sample) {
  const auto solver = findBackend(backend)->create(model, test::sceneOptions(backend, model, integrator));
  State state = makeInitialState(model);
  const long steps = std::lround(duration / h);
  for (long s = 0; s < steps; ++s) {
    ASSERT_TRUE(solver->step(model, state, h).ok);
    sample(state);
  }
}

// Undamped: period 2 pi sqrt(m/k) (gravity only moves the centre). Measured between upward zero
// crossings of the slider velocity, interpolated linearly (qdot is nearly linear there).
TEST(SpringMass, PeriodMatchesTheClosedForm) {
  const Model model = loadScene(kForceScenes + "spring_mass.json", {{"c", 0.0}});
  const double expected = 2 * M_PI * std::sqrt(model.bodies[0].mass / model.forces[0].stiffness);
  const double h = 1e-4;
  std::vector<double> crossings;
  double previous = 0.0, t = 0.0;
  runForceScene(model, "redmax", Integrator::RK4, h, 4 * expected, [&](const State& state) {
    const double v = state.qd[0];
    if (previous < 0.0 && v >= 0.0) crossings.push_back(t + h * (-previous) / (v - previous));
    previous = v;
    t = state.t;
  });
  ASSERT_GE(crossings.size(), 3u);
  const double measured = (crossings.back() - crossings.front()) / (crossings.size() - 1);
  EXPECT_NEAR(measured / expected, 1.0, 1e-6);
}

// Damped: E(0) - E(T) equals the damper's work, the integral of c ldot^2 (trapezoid rule).
TEST(SpringMass, EnergyLostEqualsTheDampersWork) {
  const Model model = loadScene(kForceScenes + "spring_mass.json", {{"c", 0.8}});
  const State initial = makeInitialState(model);
  const EnergyReport start = computeEnergy(model, initial);
  double work = 0.0, lastPower = start.dissipation, end = start.total();
  const double h = 1e-4;
  runForceScene(model, "redmax", Integrator::RK4, h, 3.0, [&](const State& state) {
    const EnergyReport report = computeEnergy(model, state);
    work += 0.5 * h * (lastPower + report.dissipation);
    lastPower = report.dissipation;
    end = report.total();
  });
  ASSERT_GT(work, 0.05);
  EXPECT_NEAR((start.total() - end) / work, 1.0, 1e-6);
}

TEST(ElasticPendulum, RK4ConservesTotalEnergyWithTheSpring) {
  const Model model = loadScene(kForceScenes + "elastic_pendulum.json");
  const double e0 = computeEnergy(model, makeInitialState(model)).total();
  double worst = 0.0, scale = 0.0;
  runForceScene(model, "redmax", Integrator::RK4, 5e-4, 10.0, [&](const State& state) {
    const EnergyReport report = computeEnergy(model, state);
    worst = std::max(worst, std::abs(report.total() - e0));
    scale = std::max(scale, report.kinetic);
  });
  EXPECT_LT(worst / std::max(std::abs(e0), scale), 1e-8);
}

// Every back-end's accelerations on the force scenes at random states, against RedMax's.
TEST(ForceScenes, EveryBackEndGivesTheSameAccelerations) {
  for (const char* file : {"spring_mass.json", "elastic_pendulum.json", "spring_chain.json"}) {
    Model model = loadScene(kForceScenes + file, {});
    for (int trial = 0; trial < 3; ++trial) {
      model.q0 = test::randomVector(model.nq, 0.4) + makeInitialState(model).q;
      model.qd0 = test::randomVector(model.nq, 1.5);
      const State state = makeInitialState(model);
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

// Spring models for the three paths of the recursive implicit step (spring_implicit_velocity.hpp):
// the spring chain's n - 1 ties join links to their parents (all folded into the elimination);
// a 20-link chain with one tie between links 3 and 12 (Woodbury); a 6-link chain with ties
// from every link to the one two below (4 unfolded pairs, 12 m >= nq: the dense coupling).
ForceElement springBetween(int a, int b) {
  ForceElement tie;
  tie.name = "tie" + std::to_string(a) + "_" + std::to_string(b);
  tie.type = ForceElementType::SpringDamper;
  tie.a = {a, Vector3(0.0, 0.0, -0.02)};
  tie.b = {b, Vector3(0.01, 0.0, 0.0)};
  tie.stiffness = 400.0;
  tie.damping = 2.0;
  tie.restLength = 0.3;
  return tie;
}

std::vector<Model> coupledSpringModels() {
  Model sparse = loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", 20}});
  sparse.forces.push_back(springBetween(3, 12));
  Model skipping = loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", 6}});
  for (int i = 0; i + 2 < 6; ++i) skipping.forces.push_back(springBetween(i, i + 2));
  return {loadScene(kForceScenes + "spring_chain.json", {{"n", 6}}), sparse, skipping};
}

// The recursive implicit-springs step (Alg 9 plus the coupling of two-body elements, dense or
// by Woodbury) solves the same linear system as RedMax's dense one, mouse spring included.
TEST(ForceScenes, RecursiveSpringImplicitStepEqualsTheDenseSolve) {
  for (Model model : coupledSpringModels()) {
    SCOPED_TRACE(model.name);
    model.qd0 = test::randomVector(model.nq, 1.0);
    State start = makeInitialState(model);
    start.perturbation = {3, Vector3(0.01, 0.0, -0.02), Vector3(0.2, 0.1, -0.3), 300.0, 2.0};
    State dense = start, recursive = start;
    const double h = 5e-3;
    const Integrator springs = Integrator::SpringImplicitEuler;
    ASSERT_TRUE(findBackend("redmax")->create(model, test::sceneOptions("redmax", model, springs))->step(model, dense, h).ok);
    ASSERT_TRUE(
        findBackend("recursive")->create(model, test::sceneOptions("recursive", model, springs))->step(model, recursive, h).ok);
    EXPECT_LT(test::relativeError(recursive.qd, dense.qd), 1e-10);
    EXPECT_LT(test::relativeError(recursive.q, dense.q), 1e-12);
  }
  std::vector<std::size_t> unfolded;
  for (const Model& model : coupledSpringModels()) {
    const ElementCoupling coupling(model);
    unfolded.push_back(coupling.pairs.size());
    EXPECT_EQ(coupling.dense, unfolded.back() == 4) << model.name;
  }
  EXPECT_EQ(unfolded, (std::vector<std::size_t>{0, 1, 4}));
}

// Stiff ties (k = 1e5 N/m between 1 kg links, period 20 ms at h = 5 ms): the implicit-springs
// step stays bounded on both reduced back-ends.
TEST(ForceScenes, StiffSpringsDoNotLimitTheImplicitStep) {
  const Model model = loadScene(kForceScenes + "spring_chain.json", {{"n", 5}, {"k", 1e5}, {"c", 0.0}});
  const double e0 = computeEnergy(model, makeInitialState(model)).total();
  for (const char* backend : {"redmax", "recursive"}) {
    double largest = -std::numeric_limits<double>::infinity();
    runForceScene(model, backend, Integrator::SpringImplicitEuler, 5e-3, 2.0, [&](const State& state) {
      largest = std::max(largest, computeEnergy(model, state).total());
    });
    EXPECT_LE(largest, e0 + 1e-6) << backend;
  }
}

TEST(ForceScenes, DrawingFollowsTheAttachmentPoints) {
  const Model model = loadScene(kForceScenes + "spring_mass.json", {});
  const State state = makeInitialState(model);
  std::vector<ForceElementDrawing> drawings;
  forceElementDrawings(model, state, drawings);
  ASSERT_EQ(drawings.size(), 1u);
  EXPECT_LT((drawings[0].from - Vector3::Zero()).norm(), 1e-12);
  EXPECT_LT((drawings[0].to - Vector3(0, 0, -0.5)).norm(), 1e-12);
  EXPECT_NEAR(drawings[0].stretch, 0.2, 1e-12);
  EXPECT_NEAR(drawings[0].tension, 100.0 * 0.2, 1e-9);
}

TEST(ForceScenes, SpringChainExpandsItsRepeatedForces) {
  const Model model = loadScene(kForceScenes + "spring_chain.json", {{"n", 7}});
  ASSERT_EQ(model.forces.size(), 6u + 7u);
  EXPECT_EQ(model.forces[0].name, "tie1");
  EXPECT_EQ(model.forces[5].name, "tie6");
  EXPECT_EQ(model.forces[5].a.body, model.findBody("link5"));
  EXPECT_EQ(model.forces[12].name, "anchor6");
  // Rest length as built: centres 0.05 m from a joint bent by 0.3 rad, 0.1 cos(0.15) m apart.
  EXPECT_NEAR(model.forces[0].restLength, 0.1 * std::cos(0.15), 1e-12);
}

std::string forceLoadError(const std::string& forces) {
  const std::string text = R"({"bodies": [{"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}},
                                           {"name": "b", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}}],
    "joints": [{"name": "ja", "type": "revolute", "parent": "world", "child": "a", "axis": [0, 1, 0]},
               {"name": "jb", "type": "revolute", "parent": "a", "child": "b", "axis": [0, 1, 0], "position": [0, 0, -1]}],
    "forces": [)" + forces + "]}";
  try {
    loadSceneFromString(text, "f.json", {});
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

TEST(ForceScenes, LoaderNamesTheFieldOfABadForce) {
  EXPECT_EQ(forceLoadError(R"({"name": "s", "type": "spring", "body_a": "world", "body_b": "c", "stiffness": 1})"),
            "f.json: /forces/0/body_b: unknown body \"c\"; expected one of the bodies: a, b");
  EXPECT_EQ(forceLoadError(R"({"name": "s", "type": "spring", "body_a": "a", "body_b": "b", "stiffness": -1})"),
            "f.json: /forces/0/stiffness: expected a number >= 0, got -1");
  EXPECT_NE(forceLoadError(R"({"name": "s", "type": "spring", "body_a": "a", "body_b": "b", "stiffness": 1, "rest_length": 1})")
                .find("/forces/0/rest_length: unknown key \"rest_length\""),
            std::string::npos);
  EXPECT_EQ(forceLoadError(R"({"name": "s", "type": "spring_damper", "body_a": "a", "body_b": "a", "stiffness": 1})"),
            "f.json: /forces/0/body_b: \"body_a\" and \"body_b\" must be different bodies");
  EXPECT_NE(forceLoadError(R"({"name": "s", "type": "rope", "body_a": "a", "body_b": "b"})").find("/forces/0/type: unknown force type \"rope\""),
            std::string::npos);
  EXPECT_NE(forceLoadError(R"({"name": "p", "type": "point_force", "body": "world", "force": [1, 0, 0]})").find("/forces/0/body"),
            std::string::npos);
  EXPECT_NE(forceLoadError(R"({"name": "s", "type": "spring", "body_a": "a", "body_b": "b", "stiffness": 1},
                        {"name": "s", "type": "spring", "body_a": "world", "body_b": "b", "stiffness": 1})")
                .find("/forces/1/name: duplicate force name \"s\""),
            std::string::npos);
  EXPECT_NE(forceLoadError(R"({"name": "s", "type": "spring", "for_each": {"from": 0, "to": 2}, "body_a": "a", "body_b": "b", "stiffness": 1})")
                .find("needs {i} in its name"),
            std::string::npos);
}

}  // namespace
}  // namespace articulab
