// A loop closure and ground contact together on redmax (sueda 2.8 and 2.11: the contact
// responses keep G_r x = 0, eq 2.119). The scene: a box resting on the ground (free3d, mu = 0.8)
// carrying a parallelogram four-bar whose pivots are all about the vertical z, closed by a
// point constraint. Gravity is vertical and the linkage swings in a horizontal plane, so its
// weight does no work and the vertical momentum stays zero: the ground's normal forces sum to
// the total weight at every step (closed form, 1e-6 relative) while friction holds the base
// against the linkage's swing, and the base stays on the ground. Oracles as well: the loop stays closed, energy never
// rises, and baraff (maximal coordinates, its own contact rows) on the same run.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "engine/algorithm/initial_state.hpp"
#include "engine/contact/reduced_contact.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/redmax/redmax_solver.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

constexpr double kLoopContactStep = 1e-3, kLoopContactGravity = 9.81;

using test::sci;

// Base 2 kg (0.4 x 0.3 x 0.1 m) on the ground; crank and rocker 0.1 m along y, coupler 0.2 m
// along x, 1 kg each, 0.02 m above the base's top; the crank turns at crankRate at the start.
Model linkageOnABox(double crankRate) {
  const std::string rate = std::to_string(crankRate);
  const std::string text = R"({"gravity": [0, 0, -9.81], "ground_contact": {"friction": 0.8},
    "bodies": [{"name": "base", "mass": 2, "shape": {"type": "box", "size": [0.4, 0.3, 0.1]}},
               {"name": "crank", "mass": 1, "shape": {"type": "box", "size": [0.02, 0.1, 0.02]}},
               {"name": "coupler", "mass": 1, "shape": {"type": "box", "size": [0.2, 0.02, 0.02]}},
               {"name": "rocker", "mass": 1, "shape": {"type": "box", "size": [0.02, 0.1, 0.02]}}],
    "joints": [{"name": "float", "type": "free3d", "parent": "world", "child": "base", "position": [0, 0, 0.05]},
               {"name": "crank_pivot", "type": "revolute", "parent": "base", "child": "crank", "axis": [0, 0, 1],
                "position": [-0.1, 0, 0.07], "child_position": [0, 0.05, 0], "qd0": [)" + rate + R"(]},
               {"name": "crank_coupler", "type": "revolute", "parent": "crank", "child": "coupler", "axis": [0, 0, 1],
                "position": [0, 0.05, 0], "child_position": [0.1, 0, 0], "qd0": [-)" + rate + R"(]},
               {"name": "rocker_pivot", "type": "revolute", "parent": "base", "child": "rocker", "axis": [0, 0, 1],
                "position": [0.1, 0, 0.07], "child_position": [0, 0.05, 0], "qd0": [)" + rate + R"(]}],
    "constraints": [{"name": "coupler_rocker", "type": "point", "body_a": "coupler", "body_b": "rocker",
                     "position_a": [0.1, 0, 0], "position_b": [0, 0.05, 0]}]})";
  return loadSceneFromString(text, "linkage_on_a_box.json");
}

// Contact settings at their defaults.
SolverOptions loopContactOptions(Integrator integrator) {
  return test::solverOptions(integrator, DriftControl::PostStabilization);
}

double totalWeight(const Model& model) {
  double mass = 0.0;
  for (const Body& body : model.bodies) mass += body.mass;
  return mass * kLoopContactGravity;
}

double groundNormalSum(const contact::ReducedContact& contact) {
  double normal = 0.0;
  for (const contact::ContactPoint& point : contact.points())
    if (point.other < 0) normal += point.force;
  return normal;
}

struct RunReport {
  double worstWeightError = 0.0, worstLoopError = 0.0, worstEnergyRise = -1.0, baseHeightChange = 0.0;
};

RunReport runRedMax(const Model& model, Integrator integrator, int steps) {
  RedMaxSolver solver(model, loopContactOptions(integrator));
  State state = makeInitialState(model);
  const double weight = totalWeight(model), startHeight = state.E_0i[0](2, 3);
  double energy = computeEnergy(model, state).total();
  RunReport report;
  for (int k = 0; k < steps; ++k) {
    const StepStatus status = solver.step(model, state, kLoopContactStep);
    EXPECT_TRUE(status.ok) << status.message;
    if (!status.ok) break;
    report.worstWeightError = std::max(report.worstWeightError, std::abs(groundNormalSum(solver.contact()) - weight) / weight);
    report.worstLoopError = std::max(report.worstLoopError, test::worstLoopError(model, state));
    const double next = computeEnergy(model, state).total();
    report.worstEnergyRise = std::max(report.worstEnergyRise, next - energy);
    energy = next;
    report.baseHeightChange = std::max(report.baseHeightChange, std::abs(state.E_0i[0](2, 3) - startHeight));
  }
  return report;
}

TEST(RedMaxLoopContact, GroundCarriesTheWholeWeightOfASwingingLoop) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  for (double rate : {2.0, 5.0})
    for (Integrator integrator : {Integrator::SemiImplicitEuler, Integrator::LinearlyImplicitEuler,
                                  Integrator::SpringImplicitEuler}) {
      SCOPED_TRACE(std::to_string(rate) + " rad/s, " + integrator.name());
      const Model model = linkageOnABox(rate);
      ASSERT_TRUE(findBackend("redmax")->supports(model, loopContactOptions(integrator)).ok);
      const RunReport report = runRedMax(model, integrator, 1000);
      // implicit linearises every force, the swinging linkage's Coriolis forces too (h D qdot'):
      // its vertical momentum is then kept to O(h omega) only (measured 6.0e-4 of the weight and
      // 6e-8 m at 2 rad/s, 1.6e-3 and 1.6e-7 m at 5 rad/s; semi-implicit, implicit-springs 5e-9 to
      // 1.7e-7 of the weight, SP's stop at its tolerance of 1e-8: 2.9e-10 at 1e-10).
      const bool linearised = integrator == Integrator::LinearlyImplicitEuler;
      EXPECT_LT(report.worstWeightError, linearised ? 5e-3 : 1e-6);
      EXPECT_LT(report.worstLoopError, 1e-9);
      EXPECT_LT(report.baseHeightChange, linearised ? 5e-7 : 1e-9);
      // Energy (J) gained over a step: SP stops where the velocity changes less than 1e-8 of
      // itself (measured up to 1.3e-11 J, 5 rad/s semi-implicit, since free3d moves its origin in
      // world axes (3.4e-12 J before); 7e-15 J at sp-tolerance 1e-10, so it is SP's stop).
      EXPECT_LE(report.worstEnergyRise, 5e-11);
      RecordProperty(std::to_string(static_cast<int>(rate)) + "_" + integrator.name() + "_weight_error",
                     sci(report.worstWeightError));
    }
}

// baraff (maximal coordinates, its own contact and loop rows) on the same swinging run over 1 s:
// the bodies stay within 1.7e-4 m of redmax's (the two position updates differ at O(h^2), as on
// the falling chain of reduced_contact_test.cpp).
TEST(RedMaxLoopContact, FollowsBaraffWithTheLinkageSwinging) {
  const Model model = linkageOnABox(2.0);
  RedMaxSolver redmax(model, loopContactOptions(Integrator::SemiImplicitEuler));
  BaraffSolver baraff(model, loopContactOptions(Integrator::SemiImplicitEuler));
  State a = makeInitialState(model), b = makeInitialState(model);
  double worst = 0.0;
  for (int k = 0; k < 1000; ++k) {
    ASSERT_TRUE(redmax.step(model, a, kLoopContactStep).ok);
    ASSERT_TRUE(baraff.step(model, b, kLoopContactStep).ok);
    for (int i = 0; i < model.bodyCount(); ++i)
      worst = std::max(worst, (a.E_0i[i].topRightCorner<3, 1>() - b.E_0i[i].topRightCorner<3, 1>()).norm());
  }
  RecordProperty("position_gap", sci(worst));
  EXPECT_LT(worst, 1e-3);
}

// The linkage at rest on its box for 1 s: the friction demand is zero and the friction QP over
// the base's four support points is rank deficient (A_tt of a box on four corners has rank 3),
// the case that used to stop the box QP (box_qp.hpp). Both back-ends step through it, the
// ground carries the weight (closed form) and nothing moves.
TEST(RedMaxLoopContact, LinkageAtRestStaysPutOnRedMaxAndBaraff) {
  const Model model = linkageOnABox(0.0);
  RedMaxSolver redmax(model, loopContactOptions(Integrator::SemiImplicitEuler));
  BaraffSolver baraff(model, loopContactOptions(Integrator::SemiImplicitEuler));
  State a = makeInitialState(model), b = makeInitialState(model);
  const State start = a;
  const double weight = totalWeight(model);
  double worstWeightError = 0.0, worstDrift = 0.0;
  for (int k = 0; k < 1000; ++k) {
    const StepStatus redmaxStatus = redmax.step(model, a, kLoopContactStep), baraffStatus = baraff.step(model, b, kLoopContactStep);
    ASSERT_TRUE(redmaxStatus.ok) << "redmax, step " << k << ": " << redmaxStatus.message;
    ASSERT_TRUE(baraffStatus.ok) << "baraff, step " << k << ": " << baraffStatus.message;
    worstWeightError = std::max(worstWeightError, std::abs(groundNormalSum(redmax.contact()) - weight) / weight);
    for (int i = 0; i < model.bodyCount(); ++i)
      for (const State* s : {&a, &b})
        worstDrift = std::max(worstDrift, (s->E_0i[i].topRightCorner<3, 1>() - start.E_0i[i].topRightCorner<3, 1>()).norm());
  }
  RecordProperty("weight_error", sci(worstWeightError));
  RecordProperty("drift", sci(worstDrift));
  EXPECT_LT(worstWeightError, 1e-6);
  EXPECT_LT(worstDrift, 1e-9);
}

}  // namespace
}  // namespace articulab
