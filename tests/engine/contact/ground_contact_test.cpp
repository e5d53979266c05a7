// Contact generation against the ground (engine/contact/ground_contact): support points of each
// shape against closed forms, their rate rows against finite differences of the height, and the
// projected Gauss-Seidel complementarity solve against a case solved by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "engine/contact/ground_contact.hpp"
#include "engine/contact/projected_gauss_seidel.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

BodyShape shapeOf(ShapeType type, const Vector3& size) {
  BodyShape shape;
  shape.dims.type = type;
  shape.dims.size = size;
  return shape;
}

Matrix4 pose(const Matrix3& R, const Vector3& p) { return se3::make(R, p); }
Matrix3 aboutX(double a) { return Eigen::AngleAxisd(a, Vector3::UnitX()).toRotationMatrix(); }
Matrix3 aboutZ(double a) { return Eigen::AngleAxisd(a, Vector3::UnitZ()).toRotationMatrix(); }

TEST(GroundContact, BoxCornersAtTheirClosedFormPositions) {
  const Vector3 size(0.4, 0.2, 0.1), centre(0.3, -0.5, 0.7);
  const double yaw = 0.6;
  const BodyShape box = shapeOf(ShapeType::Box, size);
  contact::GroundSupport points[contact::kMaxSupportPoints];
  ASSERT_EQ(contact::groundSupportPoints(box, pose(aboutZ(yaw), centre), points), 8);
  int low = 0;
  for (const contact::GroundSupport& p : points) {
    // z is centre +- half height; x, y on the turned rectangle.
    const double dz = p.world.z() - centre.z();
    EXPECT_NEAR(std::abs(dz), 0.05, 1e-15);
    low += dz < 0.0;
    const Vector3 local = aboutZ(-yaw) * (p.world - centre);
    EXPECT_NEAR(std::abs(local.x()), 0.2, 1e-15);
    EXPECT_NEAR(std::abs(local.y()), 0.1, 1e-15);
    EXPECT_LT((p.body - local).norm(), 1e-15);
  }
  EXPECT_EQ(low, 4);
}

TEST(GroundContact, RoundShapesTouchAtTheirLowestPoint) {
  const Vector3 centre(0.1, 0.2, 1.5);
  const double r = 0.25, L = 0.8, tilt = 0.4;
  contact::GroundSupport points[contact::kMaxSupportPoints];
  // A sphere, turned anyhow: straight below the centre.
  ASSERT_EQ(contact::groundSupportPoints(shapeOf(ShapeType::Sphere, Vector3(r, 0, 0)),
                                         pose(se3::exp(test::randomTwist()).topLeftCorner<3, 3>(), centre), points),
            1);
  EXPECT_LT((points[0].world - (centre - r * Vector3::UnitZ())).norm(), 1e-15);
  // A cylinder tilted by `tilt` about x: the low rim point of each end, ends at -+ L/2 along the axis.
  ASSERT_EQ(contact::groundSupportPoints(shapeOf(ShapeType::Cylinder, Vector3(r, L, 0)), pose(aboutX(tilt), centre),
                                         points),
            2);
  EXPECT_NEAR(points[0].world.z(), centre.z() - 0.5 * L * std::cos(tilt) - r * std::sin(tilt), 1e-15);
  EXPECT_NEAR(points[1].world.z(), centre.z() + 0.5 * L * std::cos(tilt) - r * std::sin(tilt), 1e-15);
  // A capsule: the hemispheres' lowest points.
  ASSERT_EQ(contact::groundSupportPoints(shapeOf(ShapeType::Capsule, Vector3(r, L, 0)), pose(aboutX(tilt), centre),
                                         points),
            2);
  EXPECT_NEAR(points[0].world.z(), centre.z() - 0.5 * L * std::cos(tilt) - r, 1e-15);
  EXPECT_NEAR(points[1].world.z(), centre.z() + 0.5 * L * std::cos(tilt) - r, 1e-15);
  // An ellipsoid with semi-axes (a, b, c) standing upright: c below the centre.
  ASSERT_EQ(contact::groundSupportPoints(shapeOf(ShapeType::Ellipsoid, Vector3(0.3, 0.2, 0.1)), pose(aboutZ(1.0), centre),
                                         points),
            1);
  EXPECT_LT((points[0].world - (centre - 0.1 * Vector3::UnitZ())).norm(), 1e-15);
  // A torus lying flat: its lowest points form a circle of the major radius, minor radius below.
  ASSERT_EQ(contact::groundSupportPoints(shapeOf(ShapeType::Torus, Vector3(0.5, 0.1, 0)), pose(aboutZ(0.3), centre),
                                         points),
            1);
  EXPECT_NEAR(points[0].world.z(), centre.z() - 0.1, 1e-15);
  EXPECT_NEAR((points[0].world - centre).head<2>().norm(), 0.5, 1e-15);
}

TEST(GroundContact, ShapeOffsetInTheBodyIsApplied) {
  BodyShape sphere = shapeOf(ShapeType::Sphere, Vector3(0.1, 0, 0));
  sphere.E_bs = pose(Matrix3::Identity(), Vector3(0.0, 0.0, 0.5));  // half a metre along body z
  contact::GroundSupport points[contact::kMaxSupportPoints];
  // The body upside down at height 1: the sphere's centre at z = 0.5, its lowest point at 0.4.
  contact::groundSupportPoints(sphere, pose(aboutX(M_PI), Vector3(0, 0, 1)), points);
  EXPECT_NEAR(points[0].world.z(), 0.4, 1e-15);
  EXPECT_LT((points[0].body - Vector3(0, 0, 0.6)).norm(), 1e-15);
}

// The rate row J: d/dt of the height of the body point for E moving as E exp(t xi).
TEST(GroundContact, RateRowIsTheDerivativeOfTheHeight) {
  const BodyShape box = shapeOf(ShapeType::Box, Vector3(0.3, 0.2, 0.1));
  contact::GroundSupport points[contact::kMaxSupportPoints];
  for (int trial = 0; trial < 10; ++trial) {
    const Matrix4 E = test::randomPose();
    const Vector6 xi = test::randomTwist();
    const int count = contact::groundSupportPoints(box, E, points);
    for (int j = 0; j < count; ++j) {
      const double eps = 1e-6;
      const auto height = [&](double t) { return (E * se3::exp(t * xi) * points[j].body.homogeneous()).z(); };
      EXPECT_NEAR(points[j].J.dot(xi), (height(eps) - height(-eps)) / (2 * eps), 1e-8);
    }
  }
}

TEST(GroundContact, CapacityCountsEverySupportPointOnlyWithGroundContact) {
  Model model;
  Body body;
  body.shapes = {shapeOf(ShapeType::Box, Vector3::Ones()), shapeOf(ShapeType::Capsule, Vector3::Ones()),
                 shapeOf(ShapeType::Sphere, Vector3::Ones())};
  model.bodies = {body, body};
  EXPECT_EQ(contact::groundSupportCapacity(model), 0);
  model.groundContact = true;
  EXPECT_EQ(contact::groundSupportCapacity(model), 2 * (8 + 2 + 1));
}

// A x - b = w, x_0 free, x_1, x_2 >= 0, w >= 0, x w = 0 with A = [2 1 0; 1 2 1; 0 1 2],
// b = (1, -1, 2): row 1 separates (x_1 = 0), so 2 x_0 = 1 - x_1 and 2 x_2 = 2 - x_1: x = (1/2, 0, 1),
// w_1 = x_0 + x_2 + 1 = 5/2 > 0.
TEST(ProjectedGaussSeidel, SolvesAMixedComplementarityProblemByHand) {
  MatrixX A(4, 4);
  A << 2, 1, 0, 9, 1, 2, 1, 9, 0, 1, 2, 9, 9, 9, 9, 9;  // the last row and column lie outside the problem
  VectorX b(4);
  b << 1, -1, 2, 9;
  VectorX mu = VectorX::Constant(4, 7.0);
  const int sweeps = contact::solveMixedComplementarity(A, b, 3, 1, mu);
  EXPECT_LT(sweeps, 500);
  EXPECT_NEAR(mu[0], 0.5, 1e-12);
  EXPECT_EQ(mu[1], 0.0);
  EXPECT_NEAR(mu[2], 1.0, 1e-12);
  EXPECT_EQ(mu[3], 7.0);  // untouched past the problem
}

}  // namespace
}  // namespace articulab
