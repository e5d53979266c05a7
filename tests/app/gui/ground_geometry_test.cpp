// Ground geometry: the grid shows exactly where its cells are wide enough on screen, on the right
// lines, and the fill reaches as far as the fog lets the ground show.
#include <gtest/gtest.h>

#include <cmath>

#include "render/ground_geometry.hpp"

namespace articulab::render {
namespace {

GroundView typicalView() {
  GroundView view;
  view.eye = glm::vec3(2.3f, -1.1f, 1.7f);
  view.pixelAngle = 2.0f * std::tan(glm::radians(22.5f)) / 409.0f;
  view.majorSpacing = 1.0f;
  view.fogStart = 8.0f;
  view.fogEnd = 30.0f;
  return view;
}

float distanceFromEye(const GroundView& view, float groundRadius) {
  return std::sqrt(groundRadius * groundRadius + view.eye.z * view.eye.z);
}

float groundDistance(const GroundView& view, const glm::vec3& p) {
  return std::hypot(p.x - view.eye.x, p.y - view.eye.y);
}

// A pixel's footprint on a plane seen at elevation angle e is dist * angle / sin e, with
// sin e = |eye z| / dist.
TEST(GroundGeometry, PixelLengthIsTheFootprintStretchedByTheElevation) {
  const GroundView view = typicalView();
  const float dist = 5.0f;
  EXPECT_NEAR(groundPixelLength(view, dist), dist * view.pixelAngle / (view.eye.z / dist), 1e-6f);
}

TEST(GroundGeometry, GridRadiusIsWhereCellsReachTheFadeEnd) {
  const GroundView view = typicalView();
  for (float spacing : {0.1f, 1.0f}) {
    const float r = gridLineRadius(view, spacing);
    ASSERT_GT(r, 0.0f);
    EXPECT_NEAR(groundPixelLength(view, distanceFromEye(view, r)) / spacing, kGridFadeEnd, 1e-4f);
  }
  GroundView high = view;
  high.eye.z = 1e4f;  // every cell narrower than a pixel
  EXPECT_EQ(gridLineRadius(high, 0.1f), 0.0f);
}

TEST(GroundGeometry, FillReachesWhereTheFogIsComplete) {
  const GroundView view = typicalView();
  EXPECT_NEAR(distanceFromEye(view, groundRadius(view)), view.fogEnd, 1e-4f);
  GroundGeometry g;
  buildGroundGeometry(view, g);
  ASSERT_GT(g.fillCount, 0);
  ASSERT_EQ(g.fillCount % 3, 0);
  glm::vec2 lo(1e9f), hi(-1e9f);
  for (int i = 0; i < g.fillCount; ++i) {
    lo = glm::min(lo, glm::vec2(g.vertices[i].position));
    hi = glm::max(hi, glm::vec2(g.vertices[i].position));
  }
  const float r = groundRadius(view);
  EXPECT_NEAR(lo.x, view.eye.x - r, 1e-3f);
  EXPECT_NEAR(hi.x, view.eye.x + r, 1e-3f);
  EXPECT_NEAR(lo.y, view.eye.y - r, 1e-3f);
  EXPECT_NEAR(hi.y, view.eye.y + r, 1e-3f);
}

// Each grid segment lies on z = 0 along a line k * spacing, inside the disc where its level
// shows; minor lines leave every tenth line to the major level.
TEST(GroundGeometry, GridLinesLieOnTheirSpacingInsideTheirDisc) {
  const GroundView view = typicalView();
  GroundGeometry g;
  buildGroundGeometry(view, g);
  ASSERT_GT(g.gridCount, 0);
  ASSERT_EQ(g.gridCount % 2, 0);
  int minor = 0, major = 0;
  for (int i = g.fillCount; i < g.fillCount + g.gridCount; i += 2) {
    const GroundVertex& a = g.vertices[i];
    const GroundVertex& b = g.vertices[i + 1];
    ASSERT_EQ(a.spacing, b.spacing);
    EXPECT_EQ(a.position.z, 0.0f);
    const int axis = a.position.x == b.position.x ? 0 : 1;  // the coordinate constant along the line
    ASSERT_EQ(a.position[axis], b.position[axis]);
    const float k = a.position[axis] / a.spacing;
    EXPECT_NEAR(k, std::round(k), 1e-3f);
    const float radius = std::min(gridLineRadius(view, a.spacing), groundRadius(view));
    EXPECT_LE(groundDistance(view, a.position), radius * 1.0001f);
    EXPECT_LE(groundDistance(view, b.position), radius * 1.0001f);
    if (a.spacing < view.majorSpacing) {
      ++minor;
      EXPECT_NE(std::lround(k) % 10, 0);
    } else {
      ++major;
    }
  }
  EXPECT_GT(minor, 0);
  EXPECT_GT(major, 0);
}

TEST(GroundGeometry, AxesFollowTheWorldAxesAndNeverFade) {
  const GroundView view = typicalView();
  GroundGeometry g;
  buildGroundGeometry(view, g);
  ASSERT_GT(g.axisCount, 0);
  for (int i = g.fillCount + g.gridCount; i < static_cast<int>(g.vertices.size()); ++i) {
    const GroundVertex& v = g.vertices[i];
    EXPECT_EQ(v.spacing, 0.0f);
    if (v.color == kXAxisColor) EXPECT_EQ(v.position.y, 0.0f);
    else EXPECT_EQ(v.position.x, 0.0f);
  }
}

}  // namespace
}  // namespace articulab::render
