// Live parameter edits: nonsense is refused with a reason and leaves the model unchanged;
// accepted edits change the physics the way the formulas say.
#include <gtest/gtest.h>

#include "app/session/model_edits.hpp"
#include "app/session/parameter_checks.hpp"
#include "app/session/session.hpp"
#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/model_difference.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/io/scene_writer.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab::session {
namespace {

Model chain(int n) { return loadScene(std::string(ARTICULAB_SOURCE_DIR) + "/scenes/chain.json", {{"n", double(n)}}); }

TEST(ParameterChecks, RejectNonsenseWithTheQuantityTheRangeAndTheValue) {
  EXPECT_EQ(checkMass(-1.0), "mass must be > 0 kg (got -1)");
  EXPECT_EQ(checkMass(0.0), "mass must be > 0 kg (got 0)");
  EXPECT_EQ(checkStepSize(0.0), "step size must be > 0 s (got 0)");
  EXPECT_EQ(checkStepSize(-1e-3), "step size must be > 0 s (got -0.001)");
  EXPECT_EQ(checkStiffness(-5.0), "stiffness must be >= 0 (got -5)");
  EXPECT_EQ(checkDamping(-0.1), "damping must be >= 0 (got -0.1)");
  EXPECT_EQ(checkSpeed(0.0), "speed multiplier must be > 0 (got 0)");
  EXPECT_NE(checkMass(NAN).find("finite"), std::string::npos);
  EXPECT_TRUE(checkMass(2.0).empty());
  EXPECT_TRUE(checkStepSize(1e-4).empty());
  EXPECT_TRUE(checkStiffness(0.0).empty());
}

TEST(ModelEdits, RefusedValuesLeaveTheModelUntouched) {
  Model model = chain(3);
  const Matrix6 M = model.bodies[1].M;
  EXPECT_EQ(setBodyMass(model, 1, -2.0), "mass must be > 0 kg (got -2)");
  EXPECT_EQ(model.bodies[1].mass, 1.0);
  EXPECT_EQ(model.bodies[1].M, M);
  EXPECT_EQ(setJointField(model, 0, JointField::Damping, -1.0), "damping must be >= 0 (got -1)");
  EXPECT_EQ(model.joints[0].damping, 0.0);
  EXPECT_NE(setJointField(model, 7, JointField::Stiffness, 1.0).find("out of range"), std::string::npos);
  EXPECT_NE(setJointField(model, 0, JointField::Rest, 0.1, 1).find("coordinate"), std::string::npos);
  EXPECT_NE(setGravity(model, Vector3(0.0, NAN, 0.0)).find("finite"), std::string::npos);
  EXPECT_EQ(setGroundFriction(model, -0.5), "friction coefficient must be >= 0 (got -0.5)");
  EXPECT_EQ(model.groundFriction, 0.0);
  EXPECT_EQ(setBodyFriction(model, 1, -1.0), "friction coefficient must be >= 0 (got -1)");
  EXPECT_EQ(model.bodies[1].friction, -1.0);
  EXPECT_NE(setBodyFriction(model, 5, 0.5).find("out of range"), std::string::npos);
}

// Friction edits on the sliding box (slope theta = 0.3 rad by tilted gravity): after an edit of
// the ground's or the box's coefficient it slides with a = g (sin theta - mu cos theta), mu the
// geometric mean of the box's and the ground's (engine/contact/friction_pyramid.hpp).
TEST(ModelEdits, FrictionEditsGiveTheSlopeAccelerationOfTheCombinedCoefficient) {
  const auto slideAcceleration = [](const Model& model) {
    const BackendInfo& backend = *findBackend(model.defaults.backend);
    auto solver = backend.create(model, sceneSolverOptions(backend, model, model.defaults.integrator));
    State state = makeInitialState(model);
    const double h = model.defaults.dt;
    for (int k = 0; k < 200; ++k) EXPECT_TRUE(solver->step(model, state, h).ok);
    return state.qd.norm() / state.t;  // semi-implicit Euler: v = a t exactly while it slides
  };
  const double theta = 0.3, g = 9.81;
  Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/box_slope_slide.json");
  ASSERT_EQ(setGroundFriction(model, 0.1), "");
  EXPECT_NEAR(slideAcceleration(model), g * (std::sin(theta) - 0.1 * std::cos(theta)), 1e-6);
  ASSERT_EQ(setBodyFriction(model, 0, 0.225), "");  // sqrt(0.225 * 0.1) = 0.15
  EXPECT_NEAR(slideAcceleration(model), g * (std::sin(theta) - 0.15 * std::cos(theta)), 1e-6);
}

// The parameters panel's solver settings (a live edit of the run's request): the registry's range
// is enforced, a value is stored for the back-end it belongs to and replaced by the next edit.
TEST(ModelEdits, SolverSettingsAreCheckedAgainstTheRegistry) {
  Session session;
  std::string error;
  ASSERT_TRUE(session.scenes().load(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json", {}, "redmax", error)) << error;
  const auto settings = [&session] {
    Snapshot snap;
    session.snapshot(snap);
    return snap.sceneSettings;
  };
  EXPECT_EQ(session.edits().solverSetting("projection-iterations", "0"),
            "setting 'projection-iterations' of back-end 'redmax' must be in [1, 1000] (iterations); got 0");
  EXPECT_EQ(session.edits().solverSetting("gmres-tolerance", "1e-8"),
            "back-end 'redmax' has no setting 'gmres-tolerance'; its settings: projection-iterations, "
            "projection-tolerance, projection-failure, joint-friction-tolerance, joint-friction-iterations, "
            "joint-friction-regularisation, friction-directions, sp-tolerance, sp-iterations, sp-regularisation, "
            "sp-islands, "
            "sp-active-set");
  EXPECT_TRUE(settings().empty());
  EXPECT_EQ(session.edits().solverSetting("projection-iterations", "3"), "");
  EXPECT_EQ(session.edits().solverSetting("projection-iterations", "4"), "");
  ASSERT_EQ(settings().size(), 1u);
  EXPECT_EQ(settings()[0].value, 4.0);
}

TEST(ModelEdits, MassScalesTheSpatialInertiaSoKineticEnergyScalesWithIt) {
  Model model = chain(3);
  State state = makeInitialState(model);
  state.phi[2] << 0.3, -1.0, 0.2, 0.5, 0.1, -0.4;  // any twist of the last body
  double before = 0.5 * state.phi[2].dot(model.bodies[2].M * state.phi[2]);
  ASSERT_EQ(setBodyMass(model, 2, 3.0), "");
  double after = 0.5 * state.phi[2].dot(model.bodies[2].M * state.phi[2]);
  EXPECT_NEAR(after, 3.0 * before, 1e-12 * after);  // E = 1/2 phi^T M phi, M proportional to m
  EXPECT_EQ(model.bodies[2].mass, 3.0);
}

// File > Save scene as: the app's own edits (two chain links' masses, a joint spring and its
// rest, gravity, a back-end setting) survive the round trip bit for bit, so that the saved
// scene runs as the edited one.
TEST(ModelEdits, EditsSurviveSaveSceneAs) {
  Model model = chain(5);
  ASSERT_EQ(setBodyMass(model, 2, 2.5), "");
  ASSERT_EQ(setBodyMass(model, 3, 0.7), "");
  ASSERT_EQ(setJointField(model, 1, JointField::Stiffness, 3.0), "");
  ASSERT_EQ(setJointField(model, 1, JointField::Rest, 0.2), "");
  ASSERT_EQ(setGravity(model, Vector3(0.5, 0.0, -9.81)), "");
  model.defaults.solverSettings.push_back({"recursive", "gmres-tolerance", 1e-9, ""});  // as Save scene as writes it
  const WrittenScene written = writeScene(model);
  ASSERT_EQ(written.error, "");
  const Model reloaded = loadSceneFromString(written.text, "chain_edited.json");
  EXPECT_EQ(modelDifference(model, reloaded), "");
  EXPECT_EQ(reloaded.bodies[2].mass, 2.5);
  EXPECT_NEAR(reloaded.bodies[3].mass, 0.7, 1e-15);  // trace / 3 of the inertia, as "mass": 0.7 in a file gives
  EXPECT_EQ(reloaded.joints[1].stiffness, 3.0);
  EXPECT_TRUE(reloaded.gravity == Vector3(0.5, 0.0, -9.81));
}

TEST(ModelEdits, GravityAndSpringsChangeThePotentialEnergyAsExpected) {
  Model model = chain(2);
  State state = makeInitialState(model);
  double gravityOnly = computeEnergy(model, state).potential;
  ASSERT_EQ(setGravity(model, Vector3(0.0, 0.0, -2.0 * 9.81)), "");
  EXPECT_NEAR(computeEnergy(model, state).potential, 2.0 * gravityOnly, 1e-12);
  ASSERT_EQ(setGravity(model, Vector3::Zero()), "");
  ASSERT_EQ(setJointField(model, 1, JointField::Stiffness, 10.0), "");
  ASSERT_EQ(setJointField(model, 1, JointField::Rest, 0.1), "");
  double q = state.q[model.joints[1].qIndex];
  EXPECT_NEAR(computeEnergy(model, state).potential, 0.5 * 10.0 * (q - 0.1) * (q - 0.1), 1e-12);  // eq 2.72
}

}  // namespace
}  // namespace articulab::session
