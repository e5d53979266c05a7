// Closing the loops after a coordinate was set by hand (engine/constraints/loop_closing.hpp),
// on the standard four-bar (crank 0.1 m, coupler 0.2 m, rocker 0.15 m, ground 0.2 m): the
// closed pose against the four-bar's position analysis (two-circle intersection).
#include <gtest/gtest.h>

#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/constraints/loop_closing.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/multibody/state.hpp"

namespace articulab {
namespace {

Model fourBar() { return loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json"); }

// The rocker's tip for a crank angle: the crank tip C = A + 0.1 u(crank), the rocker tip R on
// the circle of 0.15 m about B = (0.2, 0, 0) at 0.2 m from C (two-circle intersection).
TEST(LoopClosing, TheCrankStaysWhereItWasSetAndTheLoopClosesAsThePositionAnalysisSays) {
  const Model model = fourBar();
  VectorX q = model.q0;
  ASSERT_LT(constraints::loopGap(model, q), 1e-9) << "the scene starts closed";
  const int crank = model.joints[0].qIndex;
  q(crank) += 0.3;
  EXPECT_GT(constraints::loopGap(model, q), 1e-3);
  std::vector<bool> held(q.size(), false);
  held[crank] = true;
  std::string reason;
  ASSERT_TRUE(constraints::closeLoops(model, held, 1e-12, q, reason)) << reason;
  EXPECT_EQ(q(crank), model.q0(crank) + 0.3) << "the set coordinate is held exactly";
  EXPECT_LT(constraints::loopGap(model, q), 1e-12);
  // Position analysis: the coupler's pivot C on the crank (tree kinematics of the crank angle
  // alone) and the rocker's pivot B = (0.2, 0, 0); the rocker's tip R lies on both the 0.15 m
  // circle about B and the 0.2 m circle about C (two-circle intersection in the x-z plane), on
  // the branch the mechanism started on.
  const State closed = [&] {
    Model posed = model;
    posed.q0 = q;
    return makeInitialState(posed);
  }();
  const Vector3 C = (closed.E_0i[0] * model.joints[1].E_pj).topRightCorner<3, 1>();
  const Vector3 R = (closed.E_0i[2] * model.loops[0].E_bB).topRightCorner<3, 1>();
  const Vector3 B(0.2, 0.0, 0.0);
  const double d = (C - B).norm(), a = (0.15 * 0.15 - 0.2 * 0.2 + d * d) / (2.0 * d);
  const double h = std::sqrt(0.15 * 0.15 - a * a);
  const Vector3 along = (C - B) / d, across(-along.z(), 0.0, along.x());
  const Vector3 P = B + a * along;
  const double branch = std::min((R - (P + h * across)).norm(), (R - (P - h * across)).norm());
  EXPECT_LT(branch, 1e-9) << "the rocker's tip where the position analysis puts it";
  const int rocker = model.joints[2].qIndex;
  EXPECT_LT(std::abs(q(rocker) - model.q0(rocker)), 0.6) << "the branch the mechanism was on";
}

TEST(LoopClosing, APoseTheLoopCannotReachIsRefusedAndQIsUnchanged) {
  const Model model = fourBar();
  VectorX q = model.q0;
  // The rocker (0.15 m, hanging along -z at q = 0, turning about +y) at q = -pi/2 points along
  // +x: its tip at (0.35, 0, 0), farther from A than crank and coupler reach (0.3 m).
  const int rocker = model.joints[2].qIndex;
  q(rocker) = -M_PI / 2;
  const VectorX before = q;
  std::vector<bool> held(q.size(), false);
  held[rocker] = true;
  std::string reason;
  EXPECT_FALSE(constraints::closeLoops(model, held, 1e-12, q, reason));
  EXPECT_EQ(q, before);
  EXPECT_NE(reason.find("coupler_rocker"), std::string::npos) << reason;
  EXPECT_NE(reason.find("cannot close"), std::string::npos) << reason;
}

TEST(LoopClosing, ATreeHasNoGap) {
  const Model chain = loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", 3}});
  EXPECT_EQ(constraints::loopGap(chain, chain.q0), 0.0);
}

}  // namespace
}  // namespace articulab
