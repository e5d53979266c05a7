// Contact between bodies by FCL (engine/contact/body_contact.hpp) against closed-form gaps and
// normals: sphere-sphere, sphere-box, a box resting on a box (four points), a sphere beside a
// torus (within the chord sag of its ring of capsules), and the pairs left out.
#include "engine/contact/body_contact.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "engine/io/scene_loader.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using contact::BodyCollision;
using contact::BodyContactPoint;

constexpr double kBodyContactMargin = 0.01;

// Bodies on free3d joints from the world (poses given directly to detect), shapes as JSON.
Model freeBodies(const std::vector<std::string>& shapes) {
  std::string bodies, joints;
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const std::string name = "b" + std::to_string(i), comma = i ? "," : "";
    bodies += comma + R"({"name": ")" + name + R"(", "mass": 1, "shape": )" + shapes[i] + "}";
    joints += comma + R"({"name": "j)" + std::to_string(i) + R"(", "type": "free3d", "parent": "world", "child": ")" +
              name + R"("})";
  }
  return loadSceneFromString(R"({"bodies": [)" + bodies + R"(], "joints": [)" + joints + "]}", "contact.json", {});
}

Matrix4 placedAt(const Vector3& p, const Matrix3& R = Matrix3::Identity()) {
  Matrix4 E = Matrix4::Identity();
  E.topLeftCorner<3, 3>() = R;
  E.topRightCorner<3, 1>() = p;
  return E;
}

std::vector<BodyContactPoint> contactsAt(const Model& model, const std::vector<Matrix4>& poses) {
  BodyCollision collision(model, kBodyContactMargin);
  std::vector<BodyContactPoint> out;
  collision.detect(poses, out);
  return out;
}

TEST(BodyContact, TwoSpheresGiveTheirGapAndTheLineOfCentres) {
  const Model model = freeBodies({R"({"type": "sphere", "radius": 0.1})", R"({"type": "sphere", "radius": 0.05})"});
  const Vector3 direction = Vector3(0.3, -0.4, 0.5).normalized();
  for (double gap : {-0.004, 0.0, 0.003, 0.0099}) {
    const std::vector<BodyContactPoint> contacts = contactsAt(
        model, {placedAt(Vector3(0.1, 0.2, 0.3)), placedAt(Vector3(0.1, 0.2, 0.3) + (0.15 + gap) * direction)});
    ASSERT_EQ(contacts.size(), 1u) << gap;
    EXPECT_NEAR(contacts[0].gap, gap, 1e-9);
    EXPECT_LT((contacts[0].normal - direction).norm(), 1e-9) << "from body a to body b";
    EXPECT_EQ(contacts[0].bodyA, 0);
    EXPECT_EQ(contacts[0].bodyB, 1);
  }
  EXPECT_TRUE(contactsAt(model, {placedAt(Vector3::Zero()), placedAt(Vector3(0.0, 0.0, 0.15 + 0.011))}).empty())
      << "beyond the margin";
}

TEST(BodyContact, SphereAboveARotatedBox) {
  const Model model =
      freeBodies({R"({"type": "box", "size": [0.4, 0.3, 0.2]})", R"({"type": "sphere", "radius": 0.05})"});
  const Matrix3 R = Eigen::AngleAxisd(0.7, Vector3::UnitZ()).toRotationMatrix();
  const Vector3 above = R * Vector3(0.05, -0.03, 0.0) + Vector3(0.0, 0.0, 0.1 + 0.05 + 0.004);
  const std::vector<BodyContactPoint> contacts = contactsAt(model, {placedAt(Vector3::Zero(), R), placedAt(above)});
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_NEAR(contacts[0].gap, 0.004, 1e-9);
  EXPECT_LT((contacts[0].normal - Vector3::UnitZ()).norm(), 1e-9);
}

// A 0.2 m cube 2 mm above a larger box: four points at the cube's bottom corners, each with the
// gap, the normal +z from the lower box to the cube.
TEST(BodyContact, ABoxRestsOnABoxAtFourCorners) {
  const Model model =
      freeBodies({R"({"type": "box", "size": [0.6, 0.6, 0.2]})", R"({"type": "box", "size": [0.2, 0.2, 0.2]})"});
  const Matrix3 R = Eigen::AngleAxisd(0.3, Vector3::UnitZ()).toRotationMatrix();
  const Vector3 centre(0.05, 0.02, 0.1 + 0.1 + 0.002);
  const std::vector<BodyContactPoint> contacts = contactsAt(model, {placedAt(Vector3::Zero()), placedAt(centre, R)});
  ASSERT_EQ(contacts.size(), 4u);
  for (const BodyContactPoint& c : contacts) {
    EXPECT_NEAR(c.gap, 0.002, 1e-9);
    EXPECT_LT((c.normal - Vector3::UnitZ()).norm(), 1e-9);
    const Vector3 local = R.transpose() * (c.position - centre);  // a bottom corner, in the margin's reach
    EXPECT_NEAR(std::abs(local.x()), 0.1 + 0.5 * kBodyContactMargin, 0.5 * kBodyContactMargin + 1e-9);
    EXPECT_NEAR(std::abs(local.y()), 0.1 + 0.5 * kBodyContactMargin, 0.5 * kBodyContactMargin + 1e-9);
  }
}

// A sphere inside the ring of a torus, in its plane: the nearest contact has the exact gap
// R - rho - r - r_s to within the chord sag R (1 - cos(pi / N)) of the ring of N capsules (the
// neighbouring capsules report their own, larger gaps).
TEST(BodyContact, ASphereInsideATorusRing) {
  const double R = 0.3, r = 0.04, rs = 0.05;
  const Model model = freeBodies(
      {R"({"type": "torus", "major_radius": 0.3, "minor_radius": 0.04})", R"({"type": "sphere", "radius": 0.05})"});
  const double sag = R * (1.0 - std::cos(M_PI / contact::kTorusCapsules));
  for (double angle : {0.0, 0.1, 0.37, 2.0}) {
    const double exactGap = 0.002, rho = R - r - rs - exactGap;
    const std::vector<BodyContactPoint> contacts =
        contactsAt(model, {placedAt(Vector3::Zero()), placedAt(rho * Vector3(std::cos(angle), std::sin(angle), 0.0))});
    ASSERT_FALSE(contacts.empty()) << angle;
    const BodyContactPoint* nearest = &contacts[0];
    for (const BodyContactPoint& c : contacts) {
      EXPECT_GT(c.gap, exactGap - sag - 1e-9) << angle << ": no capsule comes nearer than the ring";
      if (c.gap < nearest->gap) nearest = &c;
    }
    EXPECT_NEAR(nearest->gap, exactGap, sag + 1e-9) << angle;
    const Vector3 inwards = -Vector3(std::cos(angle), std::sin(angle), 0.0);
    EXPECT_GT(nearest->normal.dot(inwards), std::cos(M_PI / contact::kTorusCapsules) - 1e-9)
        << "at most a chord's tilt";
  }
}

// Bodies joined by a joint, and bodies welded to the world, are never tested against each other.
TEST(BodyContact, JoinedAndWeldedBodiesAreLeftOut) {
  const Model model = loadSceneFromString(R"({"bodies": [
      {"name": "base", "mass": 1, "shape": {"type": "box", "size": [0.2, 0.2, 0.2]}},
      {"name": "post", "mass": 1, "shape": {"type": "box", "size": [0.2, 0.2, 0.2]}},
      {"name": "arm", "mass": 1, "shape": {"type": "box", "size": [0.2, 0.2, 0.2]}},
      {"name": "hand", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}}],
    "joints": [
      {"name": "weld", "type": "fixed", "parent": "world", "child": "base"},
      {"name": "weld2", "type": "fixed", "parent": "base", "child": "post", "position": [0, 0, 0.2]},
      {"name": "shoulder", "type": "revolute", "parent": "post", "child": "arm", "axis": [0, 1, 0], "position": [0, 0, 0.2]},
      {"name": "wrist", "type": "revolute", "parent": "arm", "child": "hand", "axis": [0, 1, 0], "position": [0, 0, 0.2]}]})",
                                          "joined.json", {});
  // base-post welded, post-arm and arm-hand joined: base-arm, base-hand, post-hand remain
  EXPECT_EQ(BodyCollision(model, kBodyContactMargin).candidatePairCount(), 3);
}

}  // namespace
}  // namespace articulab
