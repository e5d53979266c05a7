// The inspector's numbers (app/gui/body_inspection.hpp) against the engine's own functions and
// finite differences of the kinematics.
#include <gtest/gtest.h>

#include <map>

#include "app/gui/body_inspection.hpp"
#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "gui_test_paths.hpp"

namespace articulab::gui {
namespace {

// The branching tree and the muscle arm at a state with every joint moving.
State movingState(const Model& model) {
  State state = makeInitialState(model);
  for (Eigen::Index k = 0; k < state.qd.size(); ++k) state.qd[k] = 0.3 + 0.1 * static_cast<double>(k % 5);
  TreeKinematics kin(model);
  computeKinematics(model, state.q, state.qd, kin);
  copyWorldMotion(kin, state.E_0i, state.phi);
  return state;
}

Vector3 centreAt(const Model& model, const VectorX& q, int b) {
  TreeKinematics kin(model);
  computeKinematics(model, q, VectorX::Zero(model.nq), kin);
  const Matrix4 E = kin.bodies[b].worldPose();
  return E.topLeftCorner<3, 3>() * model.bodies[b].com + E.topRightCorner<3, 1>();
}

TEST(BodyInspection, AgreesWithTheEngine) {
  for (const char* scene : {"branching_tree.json", "arm_flexors.json", "spring_chain.json"}) {
    SCOPED_TRACE(scene);
    const Model model = loadScene(test::kSource + "/scenes/" + scene, {});
    const State state = movingState(model);
    double kinetic = 0.0;
    for (int b = 0; b < model.bodyCount(); ++b) {
      const BodyInspection inspection = inspectBody(model, state, b);
      kinetic += inspection.kinetic;
      EXPECT_EQ(inspection.name, model.bodies[b].name);
      EXPECT_DOUBLE_EQ(inspection.forces[0].magnitude, model.bodies[b].mass * model.gravity.norm());
      const Joint& joint = model.joints[b];
      EXPECT_EQ(inspection.q, state.q.segment(joint.qIndex, joint.nq));
      // d(centre)/dt by central differences of the kinematics along qdot
      const double epsilon = 1e-6;
      const VectorX ahead = state.q + epsilon * state.qd, behind = state.q - epsilon * state.qd;
      const Vector3 rate = (centreAt(model, ahead, b) - centreAt(model, behind, b)) / (2.0 * epsilon);
      EXPECT_LT((inspection.centreVelocity - rate).norm(), 1e-7 * (1.0 + rate.norm())) << model.bodies[b].name;
      EXPECT_GT(inspection.principalMoments.minCoeff(), 0.0);
    }
    EXPECT_NEAR(kinetic, computeEnergy(model, state).kinetic, 1e-12 * (1.0 + kinetic));
  }
}

TEST(BodyInspection, ListsTheElementsAndMusclesOnTheBody) {
  const Model arm = loadScene(test::kSource + "/scenes/arm_flexors.json", {});
  const State state = movingState(arm);
  int muscles = 0;
  for (int b = 0; b < arm.bodyCount(); ++b)
    for (const InspectedForce& f : inspectBody(arm, state, b).forces) muscles += f.kind == "muscle";
  EXPECT_GE(muscles, 2 * static_cast<int>(arm.muscles.size())) << "each muscle ends on two bodies at least";
}

// Contacts of the last step: those reported on the body as they are, those where it is the
// other body with the opposite forces, others left out; their sum.
TEST(BodyInspection, ListsTheContactsOnTheBodyWithTheirSum) {
  const Model model = loadScene(test::kSource + "/scenes/box_stack.json", {});
  State state = makeInitialState(model);
  state.outputs.contacts.resize(4);
  state.outputs.contactCount = 3;  // the fourth is stale
  state.outputs.contacts[0] = {Vector3(0, 0, 0.1), 20.0, Vector3(1, 0, 0), Vector3::UnitZ(), 1, 0};  // middle on bottom
  state.outputs.contacts[1] = {Vector3(0, 0, 0.2), 8.0, Vector3(0, 2, 0), Vector3::UnitZ(), 2, 1};   // top on middle
  state.outputs.contacts[2] = {Vector3(0, 0, 0.0), 50.0, Vector3::Zero(), Vector3::UnitZ(), 0, -1};  // bottom on ground
  state.outputs.contacts[3] = {Vector3(0, 0, 0.2), 99.0, Vector3::Zero(), Vector3::UnitZ(), 1, 2};
  const BodyInspection middle = inspectBody(model, state, 1);
  ASSERT_EQ(middle.contacts.size(), 2u);
  EXPECT_EQ(middle.contacts[0].with, "bottom");
  EXPECT_EQ(middle.contacts[1].with, "top");
  EXPECT_EQ(middle.contacts[1].normal, Vector3(0, 0, -1));
  EXPECT_EQ(middle.contacts[1].friction, Vector3(0, -2, 0));
  EXPECT_EQ(middle.contactSum, Vector3(1, -2, 12));
  const BodyInspection bottom = inspectBody(model, state, 0);
  ASSERT_EQ(bottom.contacts.size(), 2u);
  EXPECT_EQ(bottom.contacts[1].with, "ground");
  EXPECT_EQ(bottom.contactSum, Vector3(-1, 0, 30));
}

// The joint wrench only with the step's accelerations; a pendulum hanging at rest carries m g at
// its pivot; a loop closure on the subtree is flagged.
TEST(BodyInspection, ShowsTheJointWrenchOnceThereAreAccelerations) {
  const Model pendulum = loadScene(test::kSource + "/scenes/single_pendulum.json", {});
  State state = makeInitialState(pendulum);
  state.q.setZero();
  TreeKinematics kin(pendulum);
  computeKinematics(pendulum, state.q, state.qd, kin);
  copyWorldMotion(kin, state.E_0i, state.phi);
  state.qdd.resize(0);
  EXPECT_FALSE(inspectBody(pendulum, state, 0).hasJointWrench);
  state.qdd = VectorX::Zero(pendulum.nq);
  const BodyInspection hanging = inspectBody(pendulum, state, 0);
  ASSERT_TRUE(hanging.hasJointWrench);
  const double weight = pendulum.bodies[0].mass * -pendulum.gravity.z();
  EXPECT_LT((hanging.jointWrench.force - Vector3(0, 0, weight)).norm(), 1e-12 * weight);
  EXPECT_FALSE(hanging.loopOnSubtree);
  const Model fourBar = loadScene(test::kSource + "/scenes/four_bar.json", {});
  State closed = makeInitialState(fourBar);
  closed.qdd = VectorX::Zero(fourBar.nq);
  EXPECT_TRUE(inspectBody(fourBar, closed, fourBar.bodyCount() - 1).loopOnSubtree);
}

// The inspector's units follow the joint's coordinates: angles for a revolute joint, lengths for
// a prismatic one, and each its own for a free joint (q = (w, p): three angles, then three lengths).
TEST(BodyInspection, CoordinateKindsFollowTheJointType) {
  const Model model = loadSceneFromString(R"({"bodies": [
      {"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}},
      {"name": "b", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}},
      {"name": "c", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}}],
    "joints": [
      {"name": "hinge", "type": "revolute", "parent": "world", "child": "a", "axis": [0, 1, 0]},
      {"name": "slider", "type": "prismatic", "parent": "a", "child": "b", "axis": [1, 0, 0]},
      {"name": "loose", "type": "free3d", "parent": "world", "child": "c"}]})", "kinds.json");
  const State state = movingState(model);
  using K = CoordinateKind;
  const std::map<std::string, std::vector<CoordinateKind>> expected = {
      {"a", {K::Angle}}, {"b", {K::Length}}, {"c", {K::Angle, K::Angle, K::Angle, K::Length, K::Length, K::Length}}};
  for (int b = 0; b < model.bodyCount(); ++b) {
    const BodyInspection inspection = inspectBody(model, state, b);
    EXPECT_EQ(inspection.coordinateKinds, expected.at(inspection.name)) << inspection.name;
    EXPECT_EQ(static_cast<Eigen::Index>(inspection.coordinateKinds.size()), inspection.q.size());
  }
}

}  // namespace
}  // namespace articulab::gui
