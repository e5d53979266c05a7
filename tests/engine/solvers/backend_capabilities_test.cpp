// The capabilities each back-end declares in its folder (engine/solvers/backend_capabilities.hpp)
// against what it does: a back-end that declares loops, ground contact, body contact or joint
// friction runs a scene that has it (contact on exactly the integrators it declares), one that
// does not refuses the scene or says what it ignores; every offered integrator has a step cost;
// the registry's generic refusals and warnings name the back-ends that have the capability.
#include <gtest/gtest.h>

#include <string>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/step_cost_estimate.hpp"
#include "engine/solvers/workspace_budget.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

bool warnsOf(const SolverSupport& support, const std::string& text) {
  for (const std::string& warning : support.warnings)
    if (warning.find(text) != std::string::npos) return true;
  return false;
}

// The height of the box stack's top box after 0.5 s on `backend` with its first contact
// integrator (m).
double topBoxHeight(const Model& model, const BackendInfo& backend) {
  const SolverOptions options = sceneSolverOptions(backend, model, backend.capabilities.contactIntegrators.front());
  auto solver = backend.create(model, options);
  State state = makeInitialState(model);
  for (int k = 0; k < 500; ++k) EXPECT_TRUE(solver->step(model, state, 1e-3).ok) << backend.name;
  double top = -1e300;
  for (const Matrix4& pose : state.E_0i) top = std::max(top, pose(2, 3));
  return top;
}

// The boxes stay stacked on a back-end that declares body contact; without body contact (the
// same scene with it off) the upper boxes fall through the lower ones. A back-end without it
// refuses the scene or warns that bodies pass through each other.
TEST(BackendCapabilities, DeclaredBodyContactIsSimulated) {
  const Model stack = loadScene(test::kScenes + "box_stack.json");
  Model apart = stack;
  apart.bodyContact = false;
  double start = -1e300;
  for (const Matrix4& pose : makeInitialState(stack).E_0i) start = std::max(start, pose(2, 3));
  int simulating = 0;
  for (const BackendInfo& backend : backends()) {
    SCOPED_TRACE(backend.name);
    const SolverSupport support = backend.supports(stack);
    if (!backend.capabilities.bodyContact) {
      EXPECT_TRUE(!support.ok || warnsOf(support, "body contact is not simulated")) << support.reason;
      continue;
    }
    ASSERT_TRUE(support.ok) << support.reason;
    EXPECT_FALSE(warnsOf(support, "body contact is not simulated"));
    EXPECT_NEAR(topBoxHeight(stack, backend), start, 1e-3);
    EXPECT_LT(topBoxHeight(apart, backend), start - 0.05);
    ++simulating;
  }
  EXPECT_GT(simulating, 0);
}

// A back-end without body contact says which back-ends have it, as their capabilities say.
TEST(BackendCapabilities, BodyContactWarningNamesTheBackEndsThatHaveIt) {
  Model model = loadScene(test::kScenes + "chain.json", {{"n", 3}});
  model.bodyContact = true;
  for (const BackendInfo& backend : backends()) {
    if (backend.capabilities.bodyContact) continue;
    const SolverSupport support = backend.supports(model);
    ASSERT_TRUE(support.ok) << backend.name << ": " << support.reason;
    EXPECT_TRUE(warnsOf(support, "body contact is not simulated: bodies pass through each other (" +
                                   backendNamesWith(&BackendCapabilities::bodyContact, " and ") + " have it)"))
        << backend.name;
  }
  EXPECT_EQ(backendNamesWith(&BackendCapabilities::bodyContact, " and "), "redmax, recursive and baraff");
  EXPECT_EQ(backendNamesWith(&BackendCapabilities::jointFriction, ", "), "redmax, recursive");
}

// Ground contact runs on exactly the integrators a back-end declares for contact; a back-end
// without ground contact refuses the scene.
TEST(BackendCapabilities, DeclaredGroundContactRunsOnTheDeclaredIntegrators) {
  const Model falling = loadScene(test::kScenes + "falling_chain.json");
  for (const BackendInfo& backend : backends()) {
    SCOPED_TRACE(backend.name);
    if (!backend.capabilities.groundContact) {
      EXPECT_FALSE(backend.supports(falling).ok);
      EXPECT_TRUE(backend.capabilities.contactIntegrators.empty());
      continue;
    }
    for (const IntegratorInfo& offered : backend.integrators) {
      const SolverSupport support = backend.supports(falling, offered.integrator);
      EXPECT_EQ(support.ok, backend.capabilities.contactWith(offered.integrator))
          << offered.integrator.name() << ": " << support.reason;
    }
  }
}

// Joint friction: simulated where declared, refused elsewhere naming the back-ends that have it.
TEST(BackendCapabilities, DeclaredJointFrictionIsSimulated) {
  const Model pendulum = loadScene(test::kScenes + "pendulum_joint_friction.json");
  for (const BackendInfo& backend : backends()) {
    SCOPED_TRACE(backend.name);
    const SolverSupport support = backend.supports(pendulum);
    EXPECT_EQ(support.ok, backend.capabilities.jointFriction) << support.reason;
    if (!backend.capabilities.jointFriction)
      EXPECT_EQ(support.reason, backend.name + " does not simulate joint friction (joint 'pivot' has mu = " +
                                    std::to_string(pendulum.joints[0].friction.mu) +
                                    "); back-ends with joint friction: redmax, recursive");
  }
}

// Loop closures: the four-bar runs where declared, is refused elsewhere.
TEST(BackendCapabilities, DeclaredLoopsAreSimulated) {
  const Model fourBar = loadScene(test::kScenes + "four_bar.json");
  for (const BackendInfo& backend : backends())
    EXPECT_EQ(backend.supports(fourBar).ok, backend.capabilities.loops) << backend.name;
}

// Every offered integrator has step-cost constants and every back-end a workspace estimate, so
// the slow-step warning and the workspace refusal can weigh every back-end.
TEST(BackendCapabilities, EveryIntegratorHasAStepCostAndEveryBackEndAWorkspace) {
  const Model model = loadScene(test::kScenes + "chain.json", {{"n", 10}});
  for (const BackendInfo& backend : backends()) {
    ASSERT_NE(backend.capabilities.workspaceBytes, nullptr) << backend.name;
    EXPECT_GT(estimateWorkspaceBytes(backend.name, model, Integrator{}), 0.0) << backend.name;
    for (const IntegratorInfo& offered : backend.integrators) {
      EXPECT_NE(backend.capabilities.stepCost(offered.integrator), nullptr)
          << backend.name << ", " << offered.integrator.name();
      EXPECT_GT(estimateStepCost(backend.name, model, offered.integrator).seconds, 0.0);
    }
  }
}

// A workspace that does not fit names the back-ends whose workspaces fit, smallest first.
TEST(BackendCapabilities, WorkspaceRefusalListsTheFittingWorkspacesSmallestFirst) {
  const Model model = loadScene(test::kScenes + "chain.json", {{"n", 1000}});
  const double redmax = estimateWorkspaceBytes("redmax", model, Integrator::RK4);
  const std::string text = workspaceRefusal("redmax", redmax, redmax - 1.0, model, Integrator::RK4);
  const std::size_t recursive = text.find("recursive (about"), baraff = text.find("baraff (about");
  ASSERT_NE(recursive, std::string::npos) << text;
  ASSERT_NE(baraff, std::string::npos) << text;
  EXPECT_LT(recursive, baraff) << text;  // 8.2 KB per body against 10 KB
  EXPECT_EQ(text.find("redmax ("), std::string::npos) << text;
  EXPECT_LT(estimateWorkspaceBytes("recursive", model, Integrator::RK4),
            estimateWorkspaceBytes("baraff", model, Integrator::RK4));
}

}  // namespace
}  // namespace articulab
