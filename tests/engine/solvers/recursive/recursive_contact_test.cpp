// Contact with Coulomb friction on the recursive back-end's implicit and implicit-springs steps
// (staggered projections, sueda 2.11 Alg 7, with the step's own A^-1 responses: Alg 10 on the
// implicit-springs elimination, GMRES on the implicit system). Oracles: redmax on the same
// scene, integrator and h (the same velocity-level problem with a dense LU of A), and the
// closed-form box on a slope (g (sin theta - mu cos theta) below tan theta, put above).
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <vector>

#include "engine/algorithm/initial_state.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/recursive/recursive_solver.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

constexpr double kRecursiveStep = 1e-3;
const Integrator kImplicitSteps[] = {Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler};

using test::sci;

std::unique_ptr<Solver> makeSolver(const char* backend, const Model& model, Integrator integrator,
                                   double spTolerance = 0.0) {
  SolverOptions options = test::solverOptions(integrator, DriftControl::PostStabilization);
  if (spTolerance > 0.0) options = test::withSetting(options, backend, "sp-tolerance", spTolerance);
  return findBackend(backend)->create(model, options);
}

// The agreement runs stop staggered projections at a relative change of 1e-10, not the default 1e-8.
constexpr double kAgreementSpTolerance = 1e-10;

// Largest gap of the body positions and of qdot between recursive and redmax over `steps`.
struct Gap {
  double position = 0.0, velocity = 0.0;
  bool touched = false;
};

Gap gapToRedMax(const Model& model, Integrator integrator, int steps) {
  auto recursive = makeSolver("recursive", model, integrator, kAgreementSpTolerance);
  auto redmax = makeSolver("redmax", model, integrator, kAgreementSpTolerance);
  State a = makeInitialState(model), b = makeInitialState(model);
  Gap gap;
  for (int k = 0; k < steps; ++k) {
    const StepStatus sa = recursive->step(model, a, kRecursiveStep), sb = redmax->step(model, b, kRecursiveStep);
    EXPECT_TRUE(sa.ok) << sa.message;
    EXPECT_TRUE(sb.ok) << sb.message;
    if (!sa.ok || !sb.ok) break;
    gap.touched |= a.outputs.contactCount > 0;
    for (int i = 0; i < model.bodyCount(); ++i)
      gap.position = std::max(gap.position, (a.E_0i[i].topRightCorner<3, 1>() - b.E_0i[i].topRightCorner<3, 1>()).norm());
    gap.velocity = std::max(gap.velocity, (a.qd - b.qd).lpNorm<Eigen::Infinity>());
  }
  return gap;
}

using test::roughFallingChain;

// Same scene, integrator and h: the two back-ends solve the same contact problem, recursive
// with O(n) products and GMRES (relative residual 1e-10) where redmax forms and factors A.
// Staggered projections stop at a relative change of 1e-10 here (kAgreementSpTolerance), so the
// contact forces agree to about that: the box that sticks and the rolling sphere (one body) stay
// within 1e-9 m and 1e-8 m/s (measured 1.6e-13 m, 1.0e-11 m/s). The falling chain's contacts switch
// on and off; at a switch the two stops of SP differ in qdot for a step, by an amount that falls
// with SP's tolerance (measured 2026-11-28 on implicit-springs: 1.08e-2 rad/s at 1e-8, 1.7e-3 at
// 1e-10, 5.1e-4 at 1e-12; positions within 1.3e-6, 2.3e-7 and 8.8e-8 m): the contact solve's own
// spread, not the implicit responses'. With the active-set step (sp_active_set_step.hpp), which
// moves where SP stops at a switch, 6.4e-3 rad/s at 1e-10 (bound 1e-2). The leg's foot touches the ground while its muscles pull
// across two joints (implicit-springs: the Woodbury coupling of spring_implicit_velocity.hpp in
// every response): equal to rounding (measured 1.3e-15 m, 2e-12 rad/s).
// (On the leg the implicit steps of the two back-ends differ already without contact: their
// linearised muscle forces are not the same, so it is left out there.)
struct AgreementCase {
  const Model* model;
  Integrator integrator;
  int steps;
  double position, velocity;  // bounds, m and m/s (or rad/s)
};

TEST(RecursiveContact, AgreesWithRedMaxOnTheImplicitSteps) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model chain = roughFallingChain();
  const Model stick = loadScene(test::kScenes + "box_slope_stick.json");
  const Model roll = loadScene(test::kScenes + "sphere_slope_roll.json");
  const Model leg = loadScene(test::kScenes + "leg.json");
  std::vector<AgreementCase> cases;
  for (Integrator integrator : kImplicitSteps) {
    cases.push_back({&chain, integrator, 600, 1e-6, 1e-2});
    cases.push_back({&stick, integrator, 1000, 1e-9, 1e-8});
    cases.push_back({&roll, integrator, 1000, 1e-9, 1e-8});
  }
  cases.push_back({&leg, Integrator::SpringImplicitEuler, 1000, 1e-10, 1e-9});
  for (const AgreementCase& c : cases) {
    SCOPED_TRACE(c.model->name + ", " + c.integrator.name());
    const Gap gap = gapToRedMax(*c.model, c.integrator, c.steps);
    EXPECT_TRUE(gap.touched);
    EXPECT_LT(gap.position, c.position);
    EXPECT_LT(gap.velocity, c.velocity);
    RecordProperty(c.model->name + "_" + c.integrator.name() + "_position_gap", sci(gap.position));
    RecordProperty(c.model->name + "_" + c.integrator.name() + "_velocity_gap", sci(gap.velocity));
  }
}

// Below tan theta the box slides with g (sin theta - mu cos theta) on both steps: implicit-springs
// has no spring to linearise here, so its step is the semi-implicit one; implicit slid 0.24 %
// slower while its box sank (1.2e-6 m, 4.6e-7 m/s into the ground, the penetration recovery
// fighting the sink every step) and meets the closed form to SP's tolerance since the contact
// projection holds it on the ground (measured 2026-11-28: 3.4e-7 relative, |v_z| 1.4e-10 m/s).
TEST(RecursiveContact, BoxSlidesWithTheCoulombAccelerationOnTheImplicitSteps) {
  const Model model = loadScene(test::kScenes + "box_slope_slide.json");
  const double mu = model.groundFriction, gSlope = model.gravity.x(), gNormal = -model.gravity.z();
  ASSERT_LT(mu, gSlope / gNormal);
  const double expected = gSlope - mu * gNormal;
  for (Integrator integrator : kImplicitSteps) {
    SCOPED_TRACE(integrator.name());
    auto solver = makeSolver("recursive", model, integrator);
    State state = makeInitialState(model);
    for (int k = 0; k < 1000; ++k) ASSERT_TRUE(solver->step(model, state, kRecursiveStep).ok);
    const Vector3 v = state.E_0i[0].topLeftCorner<3, 3>() * state.phi[0].tail<3>();
    EXPECT_NEAR(v.x() / state.t, expected, 1e-6 * expected);
    EXPECT_NEAR(v.z(), 0.0, 1e-9);
    RecordProperty(std::string(integrator.name()) + "_relative_error", sci(v.x() / state.t / expected - 1.0));
  }
}

// Above tan theta it stays put: displacement below 1e-9 m over 1 s on both steps.
TEST(RecursiveContact, BoxStaysPutAboveTheCriticalCoefficientOnTheImplicitSteps) {
  const Model model = loadScene(test::kScenes + "box_slope_stick.json");
  ASSERT_GT(model.groundFriction, model.gravity.x() / -model.gravity.z());
  for (Integrator integrator : kImplicitSteps) {
    SCOPED_TRACE(integrator.name());
    auto solver = makeSolver("recursive", model, integrator);
    State state = makeInitialState(model);
    const Matrix4 start = state.E_0i[0];
    for (int k = 0; k < 1000; ++k) ASSERT_TRUE(solver->step(model, state, kRecursiveStep).ok);
    EXPECT_LT((state.E_0i[0].topRightCorner<3, 1>() - start.topRightCorner<3, 1>()).norm(), 1e-9);
    EXPECT_LT((state.E_0i[0].topLeftCorner<3, 3>() - start.topLeftCorner<3, 3>()).norm(), 1e-9);
  }
}

// Friction never adds energy, contact forces never pull, friction stays in its pyramid (4
// directions: |f . d| <= mu N per axis) on the slopes and the rough falling chain. On implicit
// the energy never rises over a step beyond rounding, chain included (the contact projection
// keeps its corners on the ground; before it the penetration recovery gained up to 1.2e-7); the
// chain's bound on implicit-springs (the semi-implicit step on this springless chain) is
// reduced_contact_test.cpp's, semi-implicit Euler's own gain.
TEST(RecursiveContact, FrictionNeverAddsEnergyOnTheImplicitSteps) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  const Model slide = loadScene(test::kScenes + "box_slope_slide.json");
  const Model stick = loadScene(test::kScenes + "box_slope_stick.json");
  const Model chain = roughFallingChain();
  for (Integrator integrator : kImplicitSteps)
    for (const Model* model : {&slide, &stick, &chain}) {
      SCOPED_TRACE(model->name + ", " + integrator.name());
      auto solver = makeSolver("recursive", *model, integrator);
      const auto& contact = dynamic_cast<const RecursiveSolver&>(*solver).contact();
      State state = makeInitialState(*model);
      double energy = computeEnergy(*model, state).total(), rise = -1e300, pull = 0.0, excess = 0.0;
      for (int k = 0; k < 1000; ++k) {
        ASSERT_TRUE(solver->step(*model, state, kRecursiveStep).ok);
        const double next = computeEnergy(*model, state).total();
        rise = std::max(rise, (next - energy) / std::max(1.0, std::abs(energy)));
        energy = next;
        for (const contact::ContactPoint& p : contact.points()) {
          pull = std::min(pull, p.force);
          for (int j = 0; j < contact::frictionAxes(contact.directions()) && p.friction > 0.0; ++j) {
            const double along = std::abs(p.frictionForce.dot(contact::frictionAxis(contact.directions(), j)));
            excess = std::max(excess, along - p.friction * p.force);
          }
        }
      }
      EXPECT_LT(rise, model == &chain && integrator == Integrator::SpringImplicitEuler ? 1e-3 : 1e-12);
      EXPECT_GE(pull, 0.0);
      EXPECT_LT(excess, 1e-9);
      RecordProperty(model->name + "_" + integrator.name() + "_rise", sci(rise));
    }
}

// describe: contact on every velocity-level step, no warning that bodies pass through; rk4
// refused with its reason.
TEST(RecursiveContact, SupportCoversTheVelocityLevelStepsAndRefusesRk4) {
  const Model model = loadScene(test::kScenes + "box_slope_slide.json");
  for (Integrator integrator : {Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler,
                                Integrator::SemiImplicitEuler}) {
    const SolverSupport support =
        findBackend("recursive")->supports(model, test::solverOptions(integrator, DriftControl::PostStabilization));
    ASSERT_TRUE(support.ok) << integrator.name() << ": " << support.reason;
    for (const std::string& warning : support.warnings) EXPECT_EQ(warning.find("contact"), std::string::npos) << warning;
    bool said = false;
    for (const std::string& note : support.notes) said |= note.find("staggered projections") != std::string::npos;
    EXPECT_TRUE(said) << integrator.name();
  }
  const SolverSupport rk4 =
      findBackend("recursive")->supports(model, test::solverOptions(Integrator::RK4, DriftControl::PostStabilization));
  EXPECT_FALSE(rk4.ok);
  EXPECT_NE(rk4.reason.find("'rk4' is not available on this scene"), std::string::npos) << rk4.reason;
}

}  // namespace
}  // namespace articulab
