// Overlay geometry of the comparison run: the ghost outlines each shape's box at the ghost pose.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"
#include "render/overlay_geometry.hpp"
#include "render/overlays.hpp"

namespace articulab::render {
namespace {

// A 0.1 x 0.02 x 0.02 m box moved to (1, 2, 3) and turned a quarter turn about z: its 12
// outline edges join corners (1, 2, 3) + Rz (+-0.05, +-0.01, +-0.01), each parallel to a turned
// box axis with the box's length along it.
TEST(OverlayGeometry, GhostOutlinesEachShapeBoxAtTheGhostPose) {
  const Model model = loadSceneFromString(R"({"name": "box", "bodies": [{"name": "b", "mass": 1,
      "shape": {"type": "box", "size": [0.1, 0.02, 0.02]}}],
      "joints": [{"name": "j", "type": "free3d", "parent": "world", "child": "b"}]})",
                                          "box.json");
  State ghost = makeInitialState(model);
  ghost.E_0i[0] = se3::make(so3::exp(Vector3(0.0, 0.0, 1.5707963267948966)), Vector3(1.0, 2.0, 3.0));
  std::vector<ColoredLine> lines;
  addGhost(model, ghost, lines);
  ASSERT_EQ(lines.size(), 12u);
  int alongLength = 0;
  for (const ColoredLine& line : lines) {
    for (const glm::vec3& p : {line.a, line.b}) {
      EXPECT_NEAR(std::abs(p.x - 1.0f), 0.01f, 1e-6f);  // turned: the box's y half extent
      EXPECT_NEAR(std::abs(p.y - 2.0f), 0.05f, 1e-6f) << "x half extent along world y";
      EXPECT_NEAR(std::abs(p.z - 3.0f), 0.01f, 1e-6f);
    }
    const float length = glm::length(line.b - line.a);
    if (std::abs(length - 0.1f) < 1e-6f) ++alongLength;
    else EXPECT_NEAR(length, 0.02f, 1e-6f);
  }
  EXPECT_EQ(alongLength, 4);
}

// The hovered body's box is outlined in its own colour, apart from the selection's; hovering the
// selected body draws the selection alone.
TEST(OverlayGeometry, HoveredBodyIsOutlinedApartFromTheSelection) {
  const Model model = loadSceneFromString(R"({"name": "two", "bodies": [
      {"name": "a", "mass": 1, "shape": {"type": "box", "size": [0.1, 0.1, 0.1]}},
      {"name": "b", "mass": 1, "shape": {"type": "box", "size": [0.1, 0.1, 0.1]}}],
      "joints": [{"name": "ja", "type": "free3d", "parent": "world", "child": "a"},
                 {"name": "jb", "type": "free3d", "parent": "world", "child": "b"}]})",
                                          "two.json");
  const State state = makeInitialState(model);
  Overlays overlays;
  overlays.constraints = overlays.anchors = overlays.forces = overlays.contacts = false;
  const auto colours = [&](int selected, int hovered) {
    overlays.selectedBody = selected;
    overlays.hoveredBody = hovered;
    std::vector<glm::vec3> out;
    for (const ColoredLine& line : buildOverlayGeometry(model, state, overlays, {}, 1.0f).lines)
      if (std::find(out.begin(), out.end(), line.color) == out.end()) out.push_back(line.color);
    return out;
  };
  EXPECT_TRUE(colours(-1, -1).empty());
  const std::vector<glm::vec3> selected = colours(0, -1), hovered = colours(-1, 1), both = colours(0, 1);
  ASSERT_EQ(selected.size(), 1u);
  ASSERT_EQ(hovered.size(), 1u);
  EXPECT_NE(selected[0], hovered[0]);
  EXPECT_EQ(both.size(), 2u);
  EXPECT_EQ(colours(1, 1), colours(1, -1));
}

// World anchors: one marker at each joint held to the world, at its position, with the hinge
// axis of a revolute joint; none for a free joint.
// A contact's friction force is drawn from its point along the force, scaled so that the
// largest normal force of the step would be 0.15 scene sizes.
TEST(OverlayGeometry, FrictionForcesAreDrawnFromTheirContacts) {
  State state;
  state.outputs.contacts.resize(3);
  state.outputs.contactCount = 2;  // the third is stale
  state.outputs.contacts[0] = {Vector3(1, 0, 0), 20.0, Vector3(4, -3, 0)};
  state.outputs.contacts[1] = {Vector3(0, 1, 0), 10.0, Vector3::Zero()};  // sticking without load along
  state.outputs.contacts[2] = {Vector3(0, 0, 5), 50.0, Vector3(1, 0, 0)};
  std::vector<ColoredLine> lines;
  addFrictionForces(state, 2.0f, lines);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NEAR(lines[0].a.x, 1.0f, 1e-6f);
  EXPECT_NEAR(glm::length(lines[0].b - lines[0].a), 0.15f * 2.0f * 5.0f / 20.0f, 1e-6f);
  EXPECT_NEAR(lines[0].b.y - lines[0].a.y, -0.15f * 2.0f * 3.0f / 20.0f, 1e-6f);
}

TEST(OverlayGeometry, WorldAnchorsMarkTheJointsHeldToTheWorld) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json");
  OverlayGeometry out;
  addWorldAnchors(model, 1.0f, out);
  EXPECT_TRUE(out.markers.empty());  // wire glyphs only: never a solid ball that reads as a body
  ASSERT_EQ(out.lines.size(), 2u * 17u);  // crank and rocker pivots: a ring of 16 segments and the axis
  const glm::vec3 pivots[2] = {glm::vec3(0.0f), glm::vec3(0.2f, 0.0f, 0.0f)};
  for (int p = 0; p < 2; ++p) {
    for (int k = 0; k < 16; ++k) {  // the ring: 0.012 scene sizes about the pivot, normal to the axis y
      const ColoredLine& segment = out.lines[17 * p + k];
      EXPECT_NEAR(glm::length(segment.a - pivots[p]), 0.012f, 1e-6f);
      EXPECT_NEAR(segment.a.y - pivots[p].y, 0.0f, 1e-6f);
    }
    const ColoredLine& axis = out.lines[17 * p + 16];
    EXPECT_NEAR(std::abs(axis.b.y - axis.a.y), 0.1f, 1e-6f);  // along y, through the pivot
    EXPECT_NEAR(glm::length(0.5f * (axis.a + axis.b) - pivots[p]), 0.0f, 1e-6f);
  }
  const Model free = loadSceneFromString(R"({"name": "box", "bodies": [{"name": "b", "mass": 1,
      "shape": {"type": "box", "size": [0.1, 0.02, 0.02]}}],
      "joints": [{"name": "j", "type": "free3d", "parent": "world", "child": "b"}]})",
                                         "box.json");
  OverlayGeometry none;
  addWorldAnchors(free, 1.0f, none);
  EXPECT_TRUE(none.markers.empty() && none.lines.empty());
  OverlayGeometry welded;  // sphere_slope_roll's lane marker is welded to the world: no glyph
  addWorldAnchors(loadScene(ARTICULAB_SOURCE_DIR "/scenes/sphere_slope_roll.json"), 1.0f, welded);
  EXPECT_TRUE(welded.markers.empty() && welded.lines.empty());
}

}  // namespace
}  // namespace articulab::render
