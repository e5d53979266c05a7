// The inspector's numbers (app/gui/body_inspection.hpp) against the engine's own functions and
// finite differences of the kinematics.
#include <gtest/gtest.h>

#include "app/gui/body_inspection.hpp"
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

}  // namespace
}  // namespace articulab::gui
