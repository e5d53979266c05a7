// Inequality constraints of the baraff back-end (Baraff section 8.3): joint limits and
// frictionless ground contact solved as a complementarity problem by projected Gauss-Seidel.
// Oracles: no penetration beyond a tolerance, multipliers never pull, limits hold, energy
// never rises (the contacts are inelastic).
#include <gtest/gtest.h>

#include <string>

#include "engine/algorithm/initial_state.hpp"
#include "engine/contact/contact_anchor.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

// Lowest point of every box corner in world (the scenes here use boxes only).
double lowestCorner(const Model& model, const State& state) {
  double lowest = 1e300;
  for (int i = 0; i < model.bodyCount(); ++i)
    for (const BodyShape& shape : model.bodies[i].shapes)
      for (int j = 0; j < 8; ++j) {
        const Vector3 c = 0.5 * Vector3((j & 1) ? 1 : -1, (j & 2) ? 1 : -1, (j & 4) ? 1 : -1).cwiseProduct(shape.dims.size);
        lowest = std::min(lowest, (state.E_0i[i] * shape.E_bs * c.homogeneous()).z());
      }
  return lowest;
}

// A one-link pendulum swinging about y with limits [-0.4, 0.4] rad.
Model limitedPendulum() {
  Model model = test::standardChain(1, 0.0);
  Joint& joint = model.joints[0];
  joint.hasLimits = true;
  joint.lower = VectorX::Constant(1, -0.4);
  joint.upper = VectorX::Constant(1, 0.4);
  model.qd0 = VectorX::Constant(1, 14.0);  // enough to swing past 1 rad without the limit
  return model;
}

TEST(BaraffInequality, LimitStopsASwingingLink) {
  const Model model = limitedPendulum();
  ASSERT_TRUE(BaraffSolver::supports(model).ok);
  BaraffSolver solver(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::PostStabilization));
  State state = makeInitialState(model);
  double highest = -1e300, lowest = 1e300;
  bool pushed = false;
  for (int k = 0; k < 2000; ++k) {
    ASSERT_TRUE(solver.step(model, state, 1e-3).ok);
    highest = std::max(highest, state.q[0]);
    lowest = std::min(lowest, state.q[0]);
    for (int r = 0; r < solver.activeInequalities(); ++r) {
      EXPECT_GE(solver.inequalityMultipliers()[r], 0.0);
      pushed |= solver.inequalityMultipliers()[r] > 0.0;
    }
  }
  EXPECT_TRUE(pushed);
  EXPECT_LT(highest, 0.4 + 1e-6);
  EXPECT_GT(lowest, -0.4 - 1e-6);
  EXPECT_GT(highest, 0.4 - 1e-3);  // it did reach the stop
  RecordProperty("limit_overshoot_rad", std::to_string(highest - 0.4));
  // Without the limit the same swing passes 1 rad.
  Model free = model;
  free.joints[0].hasLimits = false;
  BaraffSolver unlimited(free, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::PostStabilization));
  State s = makeInitialState(free);
  double top = 0;
  for (int k = 0; k < 500; ++k) {
    ASSERT_TRUE(unlimited.step(free, s, 1e-3).ok);
    top = std::max(top, s.q[0]);
  }
  EXPECT_GT(top, 1.0);
}

// The falling chain scene: nothing sinks more than 1e-4 m into the ground, contact forces
// push only, energy never rises above its start, and the system comes to rest on the ground.
TEST(BaraffInequality, FallingChainStaysAboveTheGround) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/falling_chain.json");
  ASSERT_TRUE(model.groundContact);
  ASSERT_TRUE(BaraffSolver::supports(model).ok);
  BaraffSolver solver(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::PostStabilization));
  State state = makeInitialState(model);
  const double E0 = computeEnergy(model, state).total();
  double deepest = 0, mostNegativeForce = 0, energyRise = -1e300;
  bool touched = false;
  for (int k = 0; k < 3000; ++k) {
    const StepStatus status = solver.step(model, state, 1e-3);
    ASSERT_TRUE(status.ok) << status.message;
    deepest = std::min(deepest, lowestCorner(model, state));
    for (const baraff::ContactPoint& c : solver.contactPoints()) {
      mostNegativeForce = std::min(mostNegativeForce, c.force);
      touched |= c.force > 0.0;
    }
    energyRise = std::max(energyRise, computeEnergy(model, state).total() - E0);
  }
  EXPECT_TRUE(touched);
  EXPECT_GT(deepest, -1e-4);
  EXPECT_GE(mostNegativeForce, 0.0);
  EXPECT_LT(energyRise, 1e-6);
  double speed = 0;
  for (const Vector6& phi : state.phi) speed = std::max(speed, phi.tail<3>().norm());
  EXPECT_LT(speed, 0.05);  // at rest after 3 s (frictionless, so slow sliding is allowed)
  RecordProperty("deepest_penetration_m", std::to_string(-deepest));
}

// The contact projection after each post-stabilised step (BaraffSolver::projectContacts): the
// pose step moved the chain's corners along the chord of their arcs, up to 1.1e-5 m into the
// ground at 1 ms, and the next step's recovery lifted them. With the projection no corner ends a
// step deeper than its slop, 1e-8 m (contact::kContactProjectionSlop), rough or frictionless
// (measured 2026-11-28: 9.99e-9 m rough, 9.98e-9 m frictionless).
TEST(BaraffInequality, FallingChainCornersEndEveryStepOnTheGround) {
  const Model rough = test::roughFallingChain();
  const Model frictionless = loadScene(test::kScenes + "falling_chain.json", {{"height", 0.3}});
  for (const Model* model : {&rough, &frictionless}) {
    BaraffSolver solver(*model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::PostStabilization));
    State state = makeInitialState(*model);
    double deepest = 1e300;
    bool touched = false;
    for (int k = 0; k < 1500; ++k) {
      const StepStatus status = solver.step(*model, state, 1e-3);
      ASSERT_TRUE(status.ok) << status.message;
      deepest = std::min(deepest, lowestCorner(*model, state));
      touched |= state.outputs.contactCount > 0;
    }
    const std::string label = model == &rough ? "rough" : "frictionless";
    EXPECT_TRUE(touched) << label;
    EXPECT_GT(deepest, -contact::kContactProjectionSlop) << label;
    RecordProperty(label + "_deepest", test::sci(deepest));
  }
}

// At rest on the ground the contact forces carry the weight: their sum is m g.
TEST(BaraffInequality, RestingBoxContactForcesCarryItsWeight) {
  Model model;
  model.name = "box";
  Body body;
  body.name = "box";
  body.shapes.push_back({ShapeDims{ShapeType::Box, Vector3(0.2, 0.1, 0.05)}, Matrix4::Identity(), 2.0});
  computeBodyInertia(body);
  model.bodies.push_back(body);
  Joint joint;
  joint.name = "float";
  joint.type = JointType::Free3D;
  joint.parts = defaultParts(JointType::Free3D, Vector3::UnitZ());
  joint.E_pj(2, 3) = 0.03;
  model.joints.push_back(joint);
  model.groundContact = true;
  ASSERT_EQ(finalizeModel(model), "");
  model.q0 = VectorX::Zero(model.nq);
  model.qd0 = VectorX::Zero(model.nq);
  BaraffSolver solver(model, test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::PostStabilization));
  State state = makeInitialState(model);
  for (int k = 0; k < 1000; ++k) ASSERT_TRUE(solver.step(model, state, 1e-3).ok);
  double total = 0;
  for (const baraff::ContactPoint& c : solver.contactPoints()) total += c.force;
  EXPECT_NEAR(total, 2.0 * 9.81, 1e-3 * 2.0 * 9.81);
  EXPECT_NEAR(lowestCorner(model, state), 0.0, 1e-6);
}

}  // namespace
}  // namespace articulab
