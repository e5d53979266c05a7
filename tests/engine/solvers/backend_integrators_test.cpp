// Integrators belong to back-ends: the registry lists what each offers (with its energy
// behaviour) and its own settings; an integrator a back-end does not offer is refused with the
// list it has, never replaced; the step's outputs are in State::outputs.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

using test::kScenes;

std::vector<std::string> names(const IntegratorList& list) {
  std::vector<std::string> out;
  for (const IntegratorInfo& info : list) out.push_back(info.integrator.name());
  return out;
}

TEST(BackendIntegrators, TheRegistryListsEachBackEndsIntegratorsAndSettings) {
  using V = std::vector<std::string>;
  EXPECT_EQ(names(findBackend("redmax")->integrators),
            (V{"implicit", "implicit-springs", "semi-implicit", "rk4", "semi-implicit-rattle"}));
  EXPECT_EQ(names(findBackend("recursive")->integrators), (V{"implicit", "implicit-springs", "semi-implicit", "rk4"}));
  EXPECT_EQ(names(findBackend("baraff")->integrators), (V{"semi-implicit", "semi-implicit-rattle", "rk4"}));
  for (const BackendInfo& backend : backends()) {
    SCOPED_TRACE(backend.name);
    ASSERT_FALSE(backend.integrators.empty());
    for (const IntegratorInfo& info : backend.integrators) {
      const std::string text = info.description;
      EXPECT_TRUE(text.find("dissipative") != std::string::npos || text.find("symplectic") != std::string::npos ||
                  text.find("accurate reference") != std::string::npos)
          << info.integrator.name() << ": " << text;
    }
    for (const SolverSetting& setting : backend.settings) {
      EXPECT_FALSE(std::string(setting.name).empty());
      EXPECT_FALSE(std::string(setting.unit).empty()) << setting.name;
      EXPECT_LE(setting.min, setting.defaultValue) << setting.name;
      EXPECT_LE(setting.defaultValue, setting.max) << setting.name;
    }
  }
  EXPECT_FALSE(findBackend("baraff")->settings.empty());
  EXPECT_FALSE(findBackend("recursive")->settings.empty());
  EXPECT_EQ(names(findBackend("variational-maximal")->integrators), (V{"variational", "variational-trapezoid", "variational-triple-jump", "variational-midpoint"}));
  EXPECT_EQ(names(findBackend("variational-minimal")->integrators), (V{"variational-midpoint"}));
  EXPECT_EQ(allIntegratorNames(),
            "implicit, implicit-springs, semi-implicit, rk4, semi-implicit-rattle, variational, variational-trapezoid, "
            "variational-triple-jump, variational-midpoint");
}

TEST(BackendIntegrators, AnIntegratorNotOfferedIsRefusedWithTheOffer) {
  const Model model = test::standardChain(3);
  const BackendInfo& baraff = *findBackend("baraff");
  const std::string expected =
      "back-end 'baraff' does not offer the integrator 'implicit'; it offers: semi-implicit, semi-implicit-rattle, rk4";
  const SolverOptions implicit = sceneSolverOptions(baraff, model, Integrator::LinearlyImplicitEuler);
  const SolverSupport support = baraff.supports(model, implicit);
  EXPECT_FALSE(support.ok);
  EXPECT_EQ(support.reason, expected);
  try {
    baraff.create(model, implicit);
    ADD_FAILURE() << "created";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), expected);
  }
  auto solver = baraff.create(model, sceneSolverOptions(baraff, model, Integrator::RK4));
  EXPECT_EQ(solver->setIntegrator(model, Integrator::SpringImplicitEuler),
            "back-end 'baraff' does not offer the integrator 'implicit-springs'; it offers: semi-implicit, semi-implicit-rattle, rk4");
  EXPECT_EQ(solver->integrator(), Integrator::RK4);  // kept, not replaced
  EXPECT_EQ(solver->setIntegrator(model, Integrator::SemiImplicitEuler), "");
  EXPECT_EQ(solver->integrator(), Integrator::SemiImplicitEuler);
  // A default-constructed integrator is the back-end's first.
  EXPECT_EQ(baraff.create(model, SolverOptions{})->integrator(), Integrator::SemiImplicitEuler);
  EXPECT_EQ(findBackend("redmax")->create(model, SolverOptions{})->integrator(), Integrator::LinearlyImplicitEuler);
}

// RK4 stages cannot carry baraff's velocity-level inequality rows: refused on a scene with
// ground contact, offered on one without.
TEST(BackendIntegrators, BaraffRefusesRk4WhereTheSceneHasInequalityRows) {
  const Model falling = loadScene(kScenes + "falling_chain.json");
  const SolverSupport support =
      findBackend("baraff")->supports(falling, test::sceneOptions("baraff", falling, Integrator::RK4));
  EXPECT_FALSE(support.ok);
  EXPECT_NE(support.reason.find("'rk4' is not available"), std::string::npos) << support.reason;
  EXPECT_NE(support.reason.find("available: semi-implicit"), std::string::npos) << support.reason;
  EXPECT_TRUE(
      findBackend("baraff")->supports(test::standardChain(3), test::sceneOptions("baraff", falling, Integrator::RK4)).ok);
}

// Without an explicit choice the scene's integrator is used where offered; elsewhere the
// back-end's default, said in a warning.
TEST(BackendIntegrators, TheScenesIntegratorFallsBackToTheDefaultWithAWarning) {
  Model model = test::standardChain(3);
  model.defaults.integrator = "implicit";
  const SceneIntegratorChoice onBaraff = findBackend("baraff")->supports.choose(model);
  EXPECT_EQ(onBaraff.integrator, Integrator::RK4);  // baraff's default on a scene without limits or contact
  ASSERT_FALSE(onBaraff.support.warnings.empty());
  EXPECT_NE(onBaraff.support.warnings[0].find("integrator 'implicit' is not used"), std::string::npos);
  EXPECT_NE(onBaraff.support.warnings[0].find("the run uses rk4"), std::string::npos);
  const SceneIntegratorChoice onRedMax = findBackend("redmax")->supports.choose(model);
  EXPECT_EQ(onRedMax.integrator, Integrator::LinearlyImplicitEuler);
  EXPECT_TRUE(onRedMax.support.warnings.empty());
  model.defaults.integrator = "";
  EXPECT_EQ(findBackend("baraff")->supports.choose(model).integrator, Integrator::RK4);
}

SceneError validationError(const Model& model, bool sceneBackend, bool sceneIntegrator) {
  try {
    validateSceneChoices(model, sceneBackend, sceneIntegrator);
  } catch (const SceneError& e) {
    return e;
  }
  return SceneError("", "", "no error");
}

// The loader keeps the names; a run checks them, naming the scene file and field.
TEST(BackendIntegrators, SceneNamesAreCheckedWhereARunIsCreated) {
  Model model = loadScene(kScenes + "falling_chain.json");
  model.defaults.integrator = "implicit";  // not offered by its back-end, baraff
  const SceneError pairing = validationError(model, true, true);
  EXPECT_EQ(pairing.file(), model.sourceFile);
  EXPECT_EQ(pairing.pointer(), "/simulation/integrator");
  EXPECT_EQ(pairing.message(),
            "integrator \"implicit\" is not offered by the scene's backend \"baraff\"; it offers: semi-implicit, semi-implicit-rattle, rk4");
  EXPECT_NO_THROW(validateSceneChoices(model, false, true));  // another back-end is asked for
  EXPECT_NO_THROW(validateSceneChoices(model, true, false));  // another integrator is asked for
  model.defaults.integrator = "verlet";
  EXPECT_EQ(validationError(model, false, false).pointer(), "/simulation/integrator");
  model.defaults.integrator = "";
  model.defaults.backend = "bullet";
  EXPECT_EQ(validationError(model, false, false).pointer(), "/simulation/backend");
}

// The outputs of the last step: contacts with their normal forces, multipliers, iterations.
TEST(BackendIntegrators, StepOutputsAreInTheState) {
  const Model falling = loadScene(kScenes + "falling_chain.json", {{"height", 0.16}});
  auto baraff = findBackend("baraff")->create(falling, SolverOptions{});
  State state = makeInitialState(falling);
  for (int k = 0; k < 300; ++k) ASSERT_TRUE(baraff->step(falling, state, 1e-3).ok);
  ASSERT_GT(state.outputs.contactCount, 0);
  double normal = 0.0, mass = 0.0;
  for (int c = 0; c < state.outputs.contactCount; ++c) {
    EXPECT_NEAR(state.outputs.contacts[c].point.z(), 0.0, 1e-3);
    EXPECT_GT(state.outputs.contacts[c].normalForce, 0.0);
    normal += state.outputs.contacts[c].normalForce;
  }
  for (const Body& body : falling.bodies) mass += body.mass;
  EXPECT_GT(normal, 0.0);
  EXPECT_GT(state.outputs.multipliers.size(), 0);
  EXPECT_GE(state.outputs.iterations, 0);  // post-stabilisation: Newton iterates of the projection
  EXPECT_LT(state.outputs.residual, 1e-6);
  RecordProperty("resting_normal_force_over_weight", std::to_string(normal / (mass * 9.81)));

  const Model chain = test::standardChain(10);
  auto recursive = findBackend("recursive")->create(chain, SolverOptions{Integrator::LinearlyImplicitEuler});
  State s = makeInitialState(chain);
  ASSERT_TRUE(recursive->step(chain, s, 1e-3).ok);
  EXPECT_GT(s.outputs.iterations, 0);  // GMRES
  EXPECT_LE(s.outputs.residual, 1e-10);
  EXPECT_EQ(s.outputs.contactCount, 0);
  auto redmax = findBackend("redmax")->create(chain, SolverOptions{Integrator::RK4});
  ASSERT_TRUE(redmax->step(chain, s, 1e-3).ok);
  EXPECT_EQ(s.outputs.iterations, -1);
}

}  // namespace
}  // namespace articulab
